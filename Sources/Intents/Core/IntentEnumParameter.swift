import ExtensionProtocol

/// Marks a custom-enumeration parameter that is never nil, as Xcode generates enum parameters:
/// the case with raw value 0 (`unknown`) means "no value".
///
///     public class OrderPizzaIntent: INIntent {
///         @IntentEnumParameter(title: "size") public var size: PizzaSize
///     }
@propertyWrapper
public final class IntentEnumParameter<Value: INIntentEnumeration> {
    private var storedValue: Value?
    /// What prompts call the parameter ("size"); the property name when nil.
    public let title: String?

    /// A parameter titled `title` in prompts; use it only as a property wrapper of an `INIntent`
    /// or `INIntentResponse` subclass, where the SDK finds it in declared order.
    public init(title: String? = nil) {
        self.title = title
    }

    /// The value; the raw-value-0 case (`unknown`) when none was given.
    public var wrappedValue: Value {
        get {
            if let value = storedValue ?? Value(rawValue: 0) ?? Value.allCases.first { return value }
            preconditionFailure("\(Value.self) has no cases, so an enum parameter of it can hold no value.")
        }
        set { storedValue = newValue.rawValue == 0 ? nil : newValue }
    }
}

extension IntentEnumParameter: ErasedIntentParameter {
    var intentValue: IntentValue? { storedValue?.intentValue }

    func assign(_ value: IntentValue?) -> Bool {
        guard let value else {
            storedValue = nil
            return true
        }
        guard let converted = Value.fromIntentValue(value) else { return false }
        storedValue = converted.rawValue == 0 ? nil : converted
        return true
    }

    func schema(named name: String) -> ParameterSchema {
        ParameterSchema(name: name, title: title, type: .enumeration,
                        enumerationCases: Value.intentEnumerationCases.filter { $0.rawValue != 0 })
    }
}
