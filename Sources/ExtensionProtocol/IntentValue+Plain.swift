extension IntentValue {
    /// The value as JSON and property lists hold it: strings, numbers, booleans, arrays, and
    /// dictionaries for people and objects.
    public var plainValue: Any {
        switch self {
        case .string(let text): return text
        case .integer(let number): return number
        case .double(let number): return number
        case .boolean(let flag): return flag
        case .person(let person):
            var object: [String: Any] = ["displayName": person.displayName]
            if let handle = person.handle { object["handle"] = handle }
            if let identifier = person.contactIdentifier { object["contactIdentifier"] = identifier }
            if let identifier = person.customIdentifier { object["customIdentifier"] = identifier }
            return object
        case .object(let object):
            var result: [String: Any] = ["display": object.display]
            if let identifier = object.identifier { result["identifier"] = identifier }
            if !object.properties.isEmpty {
                result["properties"] = Dictionary(uniqueKeysWithValues: object.properties.map { ($0.key, $0.value.plainValue) })
            }
            return result
        case .enumeration(let value): return value.name
        case .dateComponents(let components): return components.displayString
        case .list(let values): return values.map(\.plainValue)
        case .url(let address): return address
        case .placemark(let place):
            var result: [String: Any] = [:]
            if let name = place.name { result["name"] = name }
            if let latitude = place.latitude { result["latitude"] = latitude }
            if let longitude = place.longitude { result["longitude"] = longitude }
            if let address = place.postalAddress {
                let keys = ["street", "subLocality", "city", "subAdministrativeArea", "state", "postalCode", "country", "isoCountryCode"]
                result["postalAddress"] = Dictionary(uniqueKeysWithValues: zip(keys, address.parts).filter { !$0.1.isEmpty })
            }
            return result
        }
    }
}
