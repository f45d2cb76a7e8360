import ExtensionProtocol

/// A value in the form it crosses between a test and the app: the wire value, with what the
/// app's metadata says of its type, so that nested properties and typed reads know what they hold.
public struct IntentValueContainer: Equatable, Sendable {
    /// What a conversion may need to know; nothing a test sets.
    public struct ConversionContext: Equatable, Sendable {
        public init() {}
    }

    /// The value; nil for none (an optional without one).
    package let value: IntentValue?
    /// Its type as the app's metadata declares it, when known.
    package let type: AppValueTypeSchema?
    /// The app's entity and enum types, by module-qualified name, for nested reads.
    package let types: ValueTypeTable
    /// Where the value was read, for errors (`result.value.items[0]`).
    package let path: String

    package init(value: IntentValue?, type: AppValueTypeSchema? = nil, types: ValueTypeTable = ValueTypeTable(), path: String = "the value") {
        self.value = value
        self.type = type
        self.types = types
        self.path = path
    }

    /// What the value is, for an error: `a string "Groceries"`, `a list of 3 values`, `nothing`.
    package var kindDescription: String {
        guard let value else { return "nothing" }
        return Self.describe(value, type: type)
    }

    package static func describe(_ value: IntentValue, type: AppValueTypeSchema?) -> String {
        switch value {
        case .string(let text): return "a string \(Self.quoted(text))"
        case .integer(let number): return "an integer \(number)"
        case .double(let number): return "a number \(number)"
        case .boolean(let flag): return "a Boolean \(flag)"
        case .dateComponents(let fields): return "a date \(fields.displayString)"
        case .url(let text): return "a URL \(text)"
        case .list(let items): return "a list of \(items.count) value\(items.count == 1 ? "" : "s")"
        case .enumeration(let item): return "the case \(Self.quoted(item.name))\(type?.typeName.map { " of \($0)" } ?? "")"
        case .object(let object):
            return "\(type?.typeName.map { "a \($0)" } ?? "an entity") \(Self.quoted(object.display))"
        case .person(let person): return "a person \(Self.quoted(person.displayName))"
        case .placemark(let place): return "a place \(Self.quoted(place.displayString))"
        }
    }

    private static func quoted(_ text: String) -> String {
        let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return "\"\(shown)\""
    }
}

/// The entity and enum types of an app, by module-qualified type name: what a nested read
/// needs to know the type of an entity's property.
package struct ValueTypeTable: Equatable, Sendable {
    /// The app that declares them.
    package var bundleIdentifier: String
    package var entities: [String: AppEntitySchema]
    package var enums: [String: AppEnumSchema]

    package init(bundleIdentifier: String = "", entities: [String: AppEntitySchema] = [:], enums: [String: AppEnumSchema] = [:]) {
        self.bundleIdentifier = bundleIdentifier
        self.entities = entities
        self.enums = enums
    }
}
