/// `IntentValue` encodes as an object with one key naming its kind: `{"string": "Bobo"}`,
/// `{"person": {...}}`, `{"list": [...]}`.
extension IntentValue: Codable {
    private enum Kind: String, CodingKey {
        case string, integer, double, boolean, person, object, enumeration, dateComponents, list, url, placemark
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Kind.self)
        guard container.allKeys.count == 1, let kind = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "An intent value must be an object with exactly one key naming its kind."))
        }
        switch kind {
        case .string: self = .string(try container.decode(String.self, forKey: kind))
        case .integer: self = .integer(try container.decode(Int.self, forKey: kind))
        case .double: self = .double(try container.decode(Double.self, forKey: kind))
        case .boolean: self = .boolean(try container.decode(Bool.self, forKey: kind))
        case .person: self = .person(try container.decode(PersonValue.self, forKey: kind))
        case .object: self = .object(try container.decode(ObjectValue.self, forKey: kind))
        case .enumeration: self = .enumeration(try container.decode(EnumerationValue.self, forKey: kind))
        case .dateComponents: self = .dateComponents(try container.decode(DateComponentsValue.self, forKey: kind))
        case .list: self = .list(try container.decode([IntentValue].self, forKey: kind))
        case .url: self = .url(try container.decode(String.self, forKey: kind))
        case .placemark: self = .placemark(try container.decode(PlacemarkValue.self, forKey: kind))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Kind.self)
        switch self {
        case .string(let value): try container.encode(value, forKey: .string)
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .double(let value): try container.encode(value, forKey: .double)
        case .boolean(let value): try container.encode(value, forKey: .boolean)
        case .person(let value): try container.encode(value, forKey: .person)
        case .object(let value): try container.encode(value, forKey: .object)
        case .enumeration(let value): try container.encode(value, forKey: .enumeration)
        case .dateComponents(let value): try container.encode(value, forKey: .dateComponents)
        case .list(let value): try container.encode(value, forKey: .list)
        case .url(let value): try container.encode(value, forKey: .url)
        case .placemark(let value): try container.encode(value, forKey: .placemark)
        }
    }
}
