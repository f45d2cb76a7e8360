extension IntentValue: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .string(let text): writer.unsigned(0); writer.string(text)
        case .integer(let number): writer.unsigned(1); writer.int(number)
        case .double(let number): writer.unsigned(2); writer.double(number)
        case .boolean(let flag): writer.unsigned(3); writer.bool(flag)
        case .person(let person): writer.unsigned(4); writer.value(person)
        case .object(let object): writer.unsigned(5); writer.value(object)
        case .enumeration(let value): writer.unsigned(6); writer.value(value)
        case .dateComponents(let components): writer.unsigned(7); writer.value(components)
        case .list(let values): writer.unsigned(8); writer.array(values) { $0.value($1) }
        case .url(let address): writer.unsigned(9); writer.string(address)
        case .placemark(let place):
            // A place with a postal address has a case of its own (11), so that the bytes of a
            // place without one stay those of protocol version 2's case 10.
            if let address = place.postalAddress {
                writer.unsigned(11); writer.value(place); writer.value(address)
            } else {
                writer.unsigned(10); writer.value(place)
            }
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 12, of: "IntentValue") {
        case 0: self = .string(try reader.string())
        case 1: self = .integer(try reader.int())
        case 2: self = .double(try reader.double())
        case 3: self = .boolean(try reader.bool())
        case 4: self = .person(try reader.value())
        case 5: self = .object(try reader.value())
        case 6: self = .enumeration(try reader.value())
        case 7: self = .dateComponents(try reader.value())
        case 8: self = .list(try reader.array { try $0.value() })
        case 9: self = .url(try reader.string())
        case 10: self = .placemark(try reader.value())
        default:
            var place: PlacemarkValue = try reader.value()
            place.postalAddress = try reader.value()
            self = .placemark(place)
        }
    }
}

extension PersonValue: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(displayName)
        writer.optional(handle) { $0.string($1) }
        writer.optional(handleType) { $0.int($1) }
        writer.optional(contactIdentifier) { $0.string($1) }
        writer.optional(customIdentifier) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(displayName: try reader.string(), handle: try reader.optional { try $0.string() },
                  handleType: try reader.optional { try $0.int() }, contactIdentifier: try reader.optional { try $0.string() },
                  customIdentifier: try reader.optional { try $0.string() })
    }
}

extension ObjectValue: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.optional(identifier) { $0.string($1) }
        writer.string(display)
        writer.optional(pronunciationHint) { $0.string($1) }
        properties.write(to: &writer)
    }

    public init(from reader: inout WireReader) throws {
        self.init(identifier: try reader.optional { try $0.string() }, display: try reader.string(),
                  pronunciationHint: try reader.optional { try $0.string() },
                  properties: try [String: IntentValue](from: &reader))
    }
}

/// The name and the coordinates; the postal address, when there is one, follows the place in
/// `IntentValue`'s case 11.
extension PlacemarkValue: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.optional(name) { $0.string($1) }
        writer.optional(latitude) { $0.double($1) }
        writer.optional(longitude) { $0.double($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(name: try reader.optional { try $0.string() }, latitude: try reader.optional { try $0.double() },
                  longitude: try reader.optional { try $0.double() })
    }
}

extension PostalAddressValue: WireCodable {
    public func write(to writer: inout WireWriter) {
        for part in parts { writer.string(part) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(street: try reader.string(), subLocality: try reader.string(), city: try reader.string(),
                  subAdministrativeArea: try reader.string(), state: try reader.string(), postalCode: try reader.string(),
                  country: try reader.string(), isoCountryCode: try reader.string())
    }
}

extension EnumerationValue: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.int(rawValue)
        writer.string(name)
        writer.string(display)
    }

    public init(from reader: inout WireReader) throws {
        self.init(rawValue: try reader.int(), name: try reader.string(), display: try reader.string())
    }
}

extension DateComponentsValue: WireCodable {
    public func write(to writer: inout WireWriter) {
        for field in [year, month, day, hour, minute] { writer.optional(field) { $0.int($1) } }
    }

    public init(from reader: inout WireReader) throws {
        self.init(year: try reader.optional { try $0.int() }, month: try reader.optional { try $0.int() },
                  day: try reader.optional { try $0.int() }, hour: try reader.optional { try $0.int() },
                  minute: try reader.optional { try $0.int() })
    }
}

extension Dictionary where Key == String, Value == IntentValue {
    /// Entries in key order, so that equal dictionaries code to equal bytes.
    func write(to writer: inout WireWriter) {
        writer.array(sorted { $0.key < $1.key }) { writer, entry in
            writer.string(entry.key)
            writer.value(entry.value)
        }
    }

    init(from reader: inout WireReader) throws {
        self.init()
        for _ in 0..<(try reader.elementCount()) {
            let key = try reader.string()
            self[key] = try reader.value(IntentValue.self)
        }
    }
}
