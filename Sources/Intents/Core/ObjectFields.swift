import Foundation
import ExtensionProtocol

/// The properties of a generated value type (`INTask`, `INTaskList`...) on their way across the
/// process boundary: set one by one into an object value, or read back with the first
/// malformed one remembered, so that a value with a wrong-kind property is refused whole.
struct ObjectFields {
    private var properties: [String: IntentValue] = [:]
    private var order: [String] = []
    private var display = ""
    /// Whether a property was present but of the wrong kind.
    private(set) var failed = false
    /// Whether the value is only a name a user typed: a display string and no properties.
    var isTypedName: Bool { properties.isEmpty && !display.isEmpty }

    init() {}

    init?(_ value: IntentValue) {
        guard case .object(let object) = value else { return nil }
        properties = object.properties
        display = object.display
    }

    mutating func set<Value: IntentValueCodable>(_ name: String, _ value: Value?) {
        guard let value else { return }
        properties[name] = value.intentValue
        order.append(name)
    }

    /// The object value: its display string is the `displayedBy` property's, or else every
    /// property's in declared order; its identifier is the `identifier` property's.
    func value(displayedBy name: String?) -> IntentValue {
        let shown = name.flatMap { properties[$0]?.displayString }
            ?? order.compactMap { properties[$0]?.displayString }.joined(separator: ", ")
        var identifier: String?
        if case .string(let text)? = properties["identifier"] { identifier = text }
        return .object(ObjectValue(identifier: identifier, display: shown, properties: properties))
    }

    /// The property `name`, or nil when absent or malformed (then `failed` is set).
    mutating func get<Value: IntentValueCodable>(_ name: String) -> Value? {
        guard let value = properties[name] else { return nil }
        guard let converted = Value.fromIntentValue(value) else {
            failed = true
            return nil
        }
        return converted
    }

    /// The property `name`, or else the name the user typed (the object's display string).
    mutating func named<Value: IntentValueCodable>(_ name: String) -> Value? {
        if properties[name] != nil { return get(name) }
        guard !display.isEmpty else { return nil }
        return Value.fromIntentValue(.string(display))
    }
}
