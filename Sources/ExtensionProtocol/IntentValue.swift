/// A parameter or output value as it crosses the host/extension boundary.
///
/// The host understands intents generically through these values; the SDK inside
/// the extension turns them into concrete Swift types (`INPerson`, `NSNumber`, ...).
public indirect enum IntentValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case double(Double)
    case boolean(Bool)
    case person(PersonValue)
    case object(ObjectValue)
    case enumeration(EnumerationValue)
    case dateComponents(DateComponentsValue)
    case list([IntentValue])
    /// A URL, as its absolute string.
    case url(String)
    /// A place: what `CLPlacemark` carries.
    case placemark(PlacemarkValue)

    /// What a person reads for this value in a prompt or a list of choices.
    public var displayString: String {
        switch self {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        case .boolean(let flag): return flag ? "yes" : "no"
        case .person(let person): return person.displayString
        case .object(let object): return object.display
        case .enumeration(let value): return value.display
        case .dateComponents(let components): return components.displayString
        case .list(let values): return values.map(\.displayString).joined(separator: ", ")
        case .url(let address): return address
        case .placemark(let place): return place.displayString
        }
    }

    /// The elements of a list, or the value itself as a one-element list.
    public var elements: [IntentValue] {
        if case .list(let values) = self { return values }
        return [self]
    }
}

/// A person: what `INPerson` carries across the boundary.
public struct PersonValue: Hashable, Sendable, Codable {
    public var displayName: String
    public var handle: String?
    public var handleType: Int?
    public var contactIdentifier: String?
    public var customIdentifier: String?

    public init(displayName: String, handle: String? = nil, handleType: Int? = nil,
                contactIdentifier: String? = nil, customIdentifier: String? = nil) {
        self.displayName = displayName
        self.handle = handle
        self.handleType = handleType
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
    }

    /// The display name, with the handle when there is one, so that namesakes differ.
    public var displayString: String {
        guard let handle, !handle.isEmpty, handle != displayName else { return displayName }
        return "\(displayName) (\(handle))"
    }
}

/// An object with an identifier and a display string: what `INObject` carries, with the
/// properties a custom type adds.
public struct ObjectValue: Hashable, Sendable, Codable {
    public var identifier: String?
    public var display: String
    public var pronunciationHint: String?
    /// The properties of a custom type (an `INObject` subclass), by name.
    public var properties: [String: IntentValue]

    public init(identifier: String?, display: String, pronunciationHint: String? = nil,
                properties: [String: IntentValue] = [:]) {
        self.identifier = identifier
        self.display = display
        self.pronunciationHint = pronunciationHint
        self.properties = properties
    }

    private enum CodingKeys: String, CodingKey { case identifier, display, pronunciationHint, properties }

    /// Decodes records written before custom types had properties, too.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(identifier: try container.decodeIfPresent(String.self, forKey: .identifier),
                  display: try container.decode(String.self, forKey: .display),
                  pronunciationHint: try container.decodeIfPresent(String.self, forKey: .pronunciationHint),
                  properties: try container.decodeIfPresent([String: IntentValue].self, forKey: .properties) ?? [:])
    }
}

/// A place with a name, coordinates or both: what `CLPlacemark` carries.
public struct PlacemarkValue: Hashable, Sendable, Codable {
    public var name: String?
    public var latitude: Double?
    public var longitude: Double?
    /// The place's postal address (`CLPlacemark.postalAddress`); nil when it has none.
    public var postalAddress: PostalAddressValue?

    public init(name: String?, latitude: Double? = nil, longitude: Double? = nil, postalAddress: PostalAddressValue? = nil) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.postalAddress = postalAddress
    }

    /// The name (else the postal address), the coordinates, or both: `Lisbon (38.7223, -9.1393)`.
    public var displayString: String {
        let coordinates = latitude.flatMap { latitude in longitude.map { "\(latitude), \($0)" } }
        let name = name ?? postalAddress.map(\.displayString).flatMap { $0.isEmpty ? nil : $0 }
        switch (name, coordinates) {
        case let (name?, coordinates?): return "\(name) (\(coordinates))"
        case let (name?, nil): return name
        case let (nil, coordinates?): return coordinates
        case (nil, nil): return "(no place)"
        }
    }
}

/// A postal address: what `CNPostalAddress` carries, every part a string, empty when unknown.
public struct PostalAddressValue: Hashable, Sendable, Codable {
    public var street: String
    public var subLocality: String
    public var city: String
    public var subAdministrativeArea: String
    public var state: String
    public var postalCode: String
    public var country: String
    public var isoCountryCode: String

    public init(street: String = "", subLocality: String = "", city: String = "", subAdministrativeArea: String = "",
                state: String = "", postalCode: String = "", country: String = "", isoCountryCode: String = "") {
        self.street = street
        self.subLocality = subLocality
        self.city = city
        self.subAdministrativeArea = subAdministrativeArea
        self.state = state
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
    }

    /// The parts in order: street, sub-locality, city, sub-administrative area, state, postal
    /// code, country, ISO country code.
    public var parts: [String] { [street, subLocality, city, subAdministrativeArea, state, postalCode, country, isoCountryCode] }

    /// The non-empty parts but the ISO code, on one line: `1 Main St, Springfield, 12345`.
    public var displayString: String {
        [street.replacingNewlines, subLocality, city, subAdministrativeArea, state, postalCode, country]
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

private extension String {
    var replacingNewlines: String { split(separator: "\n").joined(separator: ", ") }
}

/// A case of an intent enumeration, by its raw value and its name.
public struct EnumerationValue: Hashable, Sendable, Codable {
    public var rawValue: Int
    public var name: String
    public var display: String

    public init(rawValue: Int, name: String, display: String? = nil) {
        self.rawValue = rawValue
        self.name = name
        self.display = display ?? name
    }
}

/// Calendar fields, as `DateComponents` carries them; absent fields are nil.
public struct DateComponentsValue: Hashable, Sendable, Codable {
    public var year: Int?
    public var month: Int?
    public var day: Int?
    public var hour: Int?
    public var minute: Int?

    public init(year: Int? = nil, month: Int? = nil, day: Int? = nil, hour: Int? = nil, minute: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    /// `2026-11-22 19:30`, `19:30` or `2026-11-22`, depending on the fields set.
    public var displayString: String {
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
        var parts: [String] = []
        if let year, let month, let day { parts.append("\(year)-\(two(month))-\(two(day))") }
        if let hour { parts.append("\(two(hour)):\(two(minute ?? 0))") }
        return parts.isEmpty ? "(no date)" : parts.joined(separator: " ")
    }
}
