import Foundation
import ExtensionProtocol
import HostBundles

/// Turns what a user typed into a typed value for a parameter.
public enum ValueParser {
    /// Parses `text` as one value of `parameter`'s type (one element, for a list).
    /// - Throws: `HostError` (`.usage`) naming the parameter, the value and the expected form.
    public static func parse(_ text: String, for parameter: ParameterSchema, of intent: String) throws -> IntentValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func bad(_ expected: String) -> HostError {
            HostError(.usage, "Parameter \(parameter.name) of \(intent) expects \(expected); \"\(text)\" is not one.")
        }
        switch parameter.type {
        case .string:
            return .string(text)
        case .integer:
            guard let number = Int(trimmed) else { throw bad("a whole number") }
            return .integer(number)
        case .double:
            guard let number = Double(trimmed) else { throw bad("a number") }
            return .double(number)
        case .boolean:
            guard let flag = parseYesNo(trimmed) else { throw bad("yes or no") }
            return .boolean(flag)
        case .person:
            guard !trimmed.isEmpty else { throw bad("a name") }
            return .person(PersonValue(displayName: trimmed))
        case .object:
            guard parameter.acceptsTypedName else {
                throw HostError(.usage, "Parameter \(parameter.name) of \(intent) holds a structured value that cannot be typed as text; leave it out.")
            }
            guard !trimmed.isEmpty else { throw bad("a name") }
            return .object(ObjectValue(identifier: nil, display: trimmed))
        case .enumeration:
            let lowered = trimmed.lowercased()
            let match = parameter.enumerationCases.first {
                $0.name.lowercased() == lowered || $0.display.lowercased() == lowered || String($0.rawValue) == trimmed
            }
            guard let match else {
                throw bad("one of \(parameter.enumerationCases.map(\.name).joined(separator: ", "))")
            }
            return .enumeration(match)
        case .dateComponents:
            guard let components = parseDate(trimmed) else { throw bad("a time HH:MM, a date YYYY-MM-DD, or both") }
            return .dateComponents(components)
        case .url:
            guard let url = URL(string: trimmed), let scheme = url.scheme, !scheme.isEmpty, trimmed.count <= maximumURLLength else {
                throw bad("an absolute URL such as https://example.com/menu")
            }
            return .url(url.absoluteString)
        case .placemark:
            guard let place = parsePlace(trimmed) else { throw bad("a place name, coordinates LAT;LON, or NAME@LAT;LON") }
            return .placemark(place)
        }
    }

    /// The longest URL a parameter takes, typed or offered.
    static let maximumURLLength = 8192

    /// Whether a latitude and a longitude, where given, lie within -90...90 and -180...180.
    static func isOnTheGlobe(latitude: Double?, longitude: Double?) -> Bool {
        (latitude.map { (-90...90).contains($0) } ?? true) && (longitude.map { (-180...180).contains($0) } ?? true)
    }

    /// `Lisbon`, `38.72;-9.14` or `Home@38.72;-9.14` (a semicolon, since commas split lists).
    private static func parsePlace(_ text: String) -> PlacemarkValue? {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        func coordinates(_ text: String) -> (Double, Double)? {
            let numbers = text.split(separator: ";").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 2, let latitude = numbers[0], let longitude = numbers[1],
                  isOnTheGlobe(latitude: latitude, longitude: longitude) else { return nil }
            return (latitude, longitude)
        }
        if parts.count == 2 {
            guard !parts[0].isEmpty, let (latitude, longitude) = coordinates(parts[1]) else { return nil }
            return PlacemarkValue(name: parts[0], latitude: latitude, longitude: longitude)
        }
        if let (latitude, longitude) = coordinates(text) { return PlacemarkValue(name: nil, latitude: latitude, longitude: longitude) }
        return text.isEmpty ? nil : PlacemarkValue(name: text)
    }

    /// Parses every text for a parameter: a list parameter takes them all, each split on
    /// commas; any other takes exactly one.
    public static func parse(_ texts: [String], for parameter: ParameterSchema, of intent: String) throws -> IntentValue {
        if parameter.isList {
            let parts = texts.flatMap { $0.split(separator: ",").map(String.init) }
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return .list(try parts.map { try parse($0, for: parameter, of: intent) })
        }
        guard texts.count == 1 else {
            throw HostError(.usage, "Parameter \(parameter.name) of \(intent) takes one value; it was given \(texts.count).")
        }
        return try parse(texts[0], for: parameter, of: intent)
    }

    /// yes/no, y/n, true/false.
    public static func parseYesNo(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "y", "yes", "true": return true
        case "n", "no", "false": return false
        default: return nil
        }
    }

    private static func parseDate(_ text: String) -> DateComponentsValue? {
        var result = DateComponentsValue()
        for part in text.split(whereSeparator: { $0 == " " || $0 == "T" }) {
            let time = part.split(separator: ":")
            let date = part.split(separator: "-")
            if time.count == 2, let hour = Int(time[0]), let minute = Int(time[1]), (0..<24).contains(hour), (0..<60).contains(minute) {
                result.hour = hour
                result.minute = minute
            } else if date.count == 3, let year = Int(date[0]), let month = Int(date[1]), let day = Int(date[2]),
                      (1...12).contains(month), (1...31).contains(day) {
                result.year = year
                result.month = month
                result.day = day
            } else {
                return nil
            }
        }
        return result.hour == nil && result.day == nil ? nil : result
    }
}
