import Contacts
import Foundation

/// A named place, as intents carry it: a name, a location, a postal address, or some of them.
///
/// The subset of Core Location's class that Intents uses. On Apple's systems Intents adds
/// `init(location:name:postalAddress:)`, and so does this SDK's Intents module; the address
/// fields (``locality``, ``postalCode``...) come from the postal address, since Linux has no
/// geocoder. Immutable, copyable and securely codable, as Core Location's class.
open class CLPlacemark: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The place's name ("Golden Gate Park"), as given to `placemark(with:name:)`.
    open private(set) var name: String?
    /// Where the place is; nil for a place known only by name.
    open private(set) var location: CLLocation?
    /// The place's postal address, as given to Intents' `init(location:name:postalAddress:)`;
    /// nil when none was given.
    open private(set) var postalAddress: CNPostalAddress?
    /// The street address (the postal address's first street line); nil without one.
    open private(set) var thoroughfare: String?
    /// The city (the postal address's city); nil without one.
    open private(set) var locality: String?
    /// A part of the city (the postal address's sub-locality); nil without one.
    open private(set) var subLocality: String?
    /// The state or province (the postal address's state); nil without one.
    open private(set) var administrativeArea: String?
    /// A region within the state (the postal address's sub-administrative area); nil without one.
    open private(set) var subAdministrativeArea: String?
    /// The postal code; nil without one.
    open private(set) var postalCode: String?
    /// The country's ISO 3166-1 alpha-2 code; nil without one.
    open private(set) var isoCountryCode: String?
    /// The country's name; nil without one.
    open private(set) var country: String?

    /// An empty placemark: no name, no location. `placemark(with:name:)` calls it on subclasses too.
    public required override init() {
        super.init()
    }

    /// A copy of another placemark.
    public init(placemark: CLPlacemark) {
        super.init()
        self.name = placemark.name
        self.location = placemark.location
        setPostalAddress(placemark.postalAddress)
    }

    /// A placemark for `location`, called `name`.
    open class func placemark(with location: CLLocation?, name: String?) -> Self {
        let placemark = self.init()
        placemark.name = name
        placemark.location = location
        return placemark
    }

    /// Sets the postal address and the fields that come from it (Intents' initializer and
    /// placemarks rebuilt from an intent call it).
    package func setPostalAddress(_ address: CNPostalAddress?) {
        let address = address.map { $0.copy() as! CNPostalAddress }
        func part(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        postalAddress = address
        thoroughfare = part(address?.street.split(separator: "\n").first.map(String.init))
        locality = part(address?.city)
        subLocality = part(address?.subLocality)
        administrativeArea = part(address?.state)
        subAdministrativeArea = part(address?.subAdministrativeArea)
        postalCode = part(address?.postalCode)
        isoCountryCode = part(address?.isoCountryCode)
        country = part(address?.country)
    }

    // MARK: NSSecureCoding and NSCopying

    /// Placemarks code securely: decoding reads a string, a location and an address only.
    public class var supportsSecureCoding: Bool { true }

    /// Writes the name, the location and the postal address.
    open func encode(with coder: NSCoder) {
        // Plain values only, read with no class lookup: corelibs traps on an object of a class it
        // was not asked for, and an archive in an app group may be crafted.
        coder.encodeInlineString(name, forKey: "name")
        if let location {
            coder.encode(location.coordinate.latitude, forKey: "location.latitude")
            coder.encode(location.coordinate.longitude, forKey: "location.longitude")
        }
        if let postalAddress { postalAddress.encodeParts(with: coder, prefix: "postalAddress.") }
    }

    /// Reads what `encode(with:)` wrote; the address fields come again from the postal address.
    public required init?(coder: NSCoder) {
        super.init()
        // Absent keys are not decoded: a secure decoder fails on them.
        name = coder.decodeInlineString(forKey: "name")
        if coder.containsValue(forKey: "location.latitude") {
            location = CLLocation(latitude: coder.decodeDouble(forKey: "location.latitude"), longitude: coder.decodeDouble(forKey: "location.longitude"))
        }
        if CNPostalAddress.hasParts(in: coder, prefix: "postalAddress.") {
            let address = CNMutablePostalAddress()
            address.readParts(from: coder, prefix: "postalAddress.")
            setPostalAddress(address)
        }
    }

    /// Placemarks are immutable: the copy is the placemark itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    // MARK: Equality

    /// The name, the location and the address, `Park @ <37.77,-122.45> @ 1 Main St, Springfield`,
    /// leaving out what is nil.
    open override var description: String {
        [name, location?.description, postalAddress?.description].compactMap { $0 }.joined(separator: " @ ")
    }

    /// Equal to another placemark with the same name, an equal location and an equal postal
    /// address; the other fields come from the address.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLPlacemark else { return false }
        return name == other.name && location == other.location && postalAddress == other.postalAddress
    }

    /// A hash of the name and the location, consistent with `isEqual(_:)`.
    open override var hash: Int { name.hashValue ^ (location?.hash ?? 0) }
}
