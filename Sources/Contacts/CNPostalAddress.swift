import Foundation

/// A postal address, as a contact or a placemark holds it.
///
/// Mirrors Contacts' immutable class: every part is a string, empty when unknown (never nil),
/// and equal addresses have equal parts. Make one with ``CNMutablePostalAddress``.
open class CNPostalAddress: NSObject, NSCopying, NSMutableCopying, NSSecureCoding, @unchecked Sendable {
    /// The street, with the house number; several lines are separated by newlines.
    public internal(set) var street: String = ""
    /// A part of the city (a neighborhood or district).
    public internal(set) var subLocality: String = ""
    /// The city.
    public internal(set) var city: String = ""
    /// A region within the state (a county).
    public internal(set) var subAdministrativeArea: String = ""
    /// The state or province.
    public internal(set) var state: String = ""
    /// The postal code (a ZIP code in the United States).
    public internal(set) var postalCode: String = ""
    /// The country or region's name.
    public internal(set) var country: String = ""
    /// The country or region's ISO 3166-1 alpha-2 code, such as `us` or `PT`.
    public internal(set) var isoCountryCode: String = ""

    /// An empty address: every part empty.
    public override init() {
        super.init()
    }

    /// The parts in the order of `CNPostalAddressFormatter`'s output and of the coding keys.
    var parts: [String] { [street, subLocality, city, subAdministrativeArea, state, postalCode, country, isoCountryCode] }

    static let keys = ["street", "subLocality", "city", "subAdministrativeArea", "state", "postalCode", "country", "ISOCountryCode"]

    package func setParts(from other: CNPostalAddress) {
        street = other.street
        subLocality = other.subLocality
        city = other.city
        subAdministrativeArea = other.subAdministrativeArea
        state = other.state
        postalCode = other.postalCode
        country = other.country
        isoCountryCode = other.isoCountryCode
    }

    /// Whether every part is empty.
    var isEmpty: Bool { parts.allSatisfy(\.isEmpty) }

    // MARK: NSSecureCoding

    /// Addresses code securely: decoding reads strings only.
    public class var supportsSecureCoding: Bool { true }

    /// Writes every part under the Contacts framework's key names, inline (see
    /// `NSCoder.encodeInlineString(_:forKey:)`).
    open func encode(with coder: NSCoder) {
        encodeParts(with: coder, prefix: "")
    }

    /// Reads the parts `encode(with:)` wrote; a missing part is empty.
    public required init?(coder: NSCoder) {
        super.init()
        readParts(from: coder, prefix: "")
    }

    /// Writes every part inline under `prefix` and its key: how an address archives on its own,
    /// and inside a placemark's archive.
    package func encodeParts(with coder: NSCoder, prefix: String) {
        for (key, part) in zip(Self.keys, parts) { coder.encodeInlineString(part, forKey: prefix + key) }
    }

    /// Reads the parts `encodeParts(with:prefix:)` wrote; a missing part is empty.
    package func readParts(from coder: NSCoder, prefix: String) {
        func part(_ key: String) -> String { coder.decodeInlineString(forKey: prefix + key) ?? "" }
        street = part("street")
        subLocality = part("subLocality")
        city = part("city")
        subAdministrativeArea = part("subAdministrativeArea")
        state = part("state")
        postalCode = part("postalCode")
        country = part("country")
        isoCountryCode = part("ISOCountryCode")
    }

    /// Whether `coder` holds a part written under `prefix`.
    package static func hasParts(in coder: NSCoder, prefix: String) -> Bool {
        keys.contains { coder.containsValue(forKey: prefix + $0) }
    }

    // MARK: Copying

    /// An immutable copy (the address itself when it is immutable already).
    open func copy(with zone: NSZone? = nil) -> Any {
        if type(of: self) == CNPostalAddress.self { return self }
        let copy = CNPostalAddress()
        copy.setParts(from: self)
        return copy
    }

    /// A mutable copy with the same parts.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = CNMutablePostalAddress()
        copy.setParts(from: self)
        return copy
    }

    // MARK: Equality

    /// Equal to another address with the same parts, mutable or not.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CNPostalAddress else { return false }
        return parts == other.parts
    }

    /// A hash of the parts, consistent with `isEqual(_:)`.
    open override var hash: Int { parts.hashValue }

    /// The address on one line, its non-empty parts separated by commas.
    open override var description: String {
        parts.filter { !$0.isEmpty }.map { $0.replacingOccurrences(of: "\n", with: ", ") }.joined(separator: ", ")
    }

    /// The localized name of a part's key (`CNPostalAddressStreetKey`...): here the English one.
    open class func localizedString(forKey key: String) -> String {
        switch key {
        case CNPostalAddressStreetKey: return "Street"
        case CNPostalAddressSubLocalityKey: return "Sub-locality"
        case CNPostalAddressCityKey: return "City"
        case CNPostalAddressSubAdministrativeAreaKey: return "Sub-administrative area"
        case CNPostalAddressStateKey: return "State"
        case CNPostalAddressPostalCodeKey: return "ZIP"
        case CNPostalAddressCountryKey: return "Country"
        case CNPostalAddressISOCountryCodeKey: return "ISO country code"
        default: return key
        }
    }
}

/// A postal address whose parts can be set, to make a ``CNPostalAddress``.
open class CNMutablePostalAddress: CNPostalAddress, @unchecked Sendable {
    /// The street, with the house number; several lines are separated by newlines.
    open override var street: String { get { super.street } set { super.street = newValue } }
    /// A part of the city (a neighborhood or district).
    open override var subLocality: String { get { super.subLocality } set { super.subLocality = newValue } }
    /// The city.
    open override var city: String { get { super.city } set { super.city = newValue } }
    /// A region within the state (a county).
    open override var subAdministrativeArea: String { get { super.subAdministrativeArea } set { super.subAdministrativeArea = newValue } }
    /// The state or province.
    open override var state: String { get { super.state } set { super.state = newValue } }
    /// The postal code.
    open override var postalCode: String { get { super.postalCode } set { super.postalCode = newValue } }
    /// The country or region's name.
    open override var country: String { get { super.country } set { super.country = newValue } }
    /// The country or region's ISO 3166-1 alpha-2 code.
    open override var isoCountryCode: String { get { super.isoCountryCode } set { super.isoCountryCode = newValue } }

    /// An empty address, to fill in.
    public override init() {
        super.init()
    }

    /// Reads the parts an address wrote.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// The key of a postal address's street, for `CNPostalAddress.localizedString(forKey:)`.
public let CNPostalAddressStreetKey = "street"
/// The key of a postal address's sub-locality.
public let CNPostalAddressSubLocalityKey = "subLocality"
/// The key of a postal address's city.
public let CNPostalAddressCityKey = "city"
/// The key of a postal address's sub-administrative area.
public let CNPostalAddressSubAdministrativeAreaKey = "subAdministrativeArea"
/// The key of a postal address's state.
public let CNPostalAddressStateKey = "state"
/// The key of a postal address's postal code.
public let CNPostalAddressPostalCodeKey = "postalCode"
/// The key of a postal address's country.
public let CNPostalAddressCountryKey = "country"
/// The key of a postal address's ISO country code.
public let CNPostalAddressISOCountryCodeKey = "ISOCountryCode"
