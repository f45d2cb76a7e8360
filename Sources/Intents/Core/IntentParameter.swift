import ExtensionProtocol

/// Marks a stored property of an intent or an intent response as a parameter.
///
/// Linux addition: Xcode's generated classes use `@NSManaged`; here the wrapper lets the
/// SDK find parameters, in declared order, and move them across the process boundary.
///
///     public class OrderPizzaIntent: INIntent {
///         @IntentParameter(title: "Pizza") public var kind: Pizza?
///         @IntentParameter public var quantity: NSNumber?
///     }
@propertyWrapper
public final class IntentParameter<Value: IntentValueConvertible> {
    public var wrappedValue: Value?
    /// What prompts call the parameter; the property name when nil.
    public let title: String?

    public init() {
        self.title = nil
        ParameterCollector.register(self)
    }

    public init(wrappedValue: Value?, title: String? = nil) {
        self.wrappedValue = wrappedValue
        self.title = title
        ParameterCollector.register(self)
    }

    public init(title: String) {
        self.title = title
        ParameterCollector.register(self)
    }

    var intentValue: IntentValue? { wrappedValue?.intentValue }

    func assign(_ value: IntentValue?) -> Bool {
        guard let value else {
            wrappedValue = nil
            return true
        }
        guard let converted = Value.fromIntentValue(value) else { return false }
        wrappedValue = converted
        return true
    }

    func schema(named name: String) -> ParameterSchema {
        ParameterSchema(name: name, title: title, type: Value.intentValueType,
                        isList: Value.isIntentValueList, enumerationCases: Value.intentEnumerationCases)
    }
}

/// The type-erased face of `IntentParameter`, for the SDK's reflection.
protocol ErasedIntentParameter: AnyObject {
    var intentValue: IntentValue? { get }
    func assign(_ value: IntentValue?) -> Bool
    func schema(named name: String) -> ParameterSchema
}

extension IntentParameter: ErasedIntentParameter {}

/// The parameters of an object, found by reflection, base class first, in declared order.
/// The walk stops at `INIntent` and `INIntentResponse`, whose own fields are not parameters.
func reflectedParameters(of subject: AnyObject) -> [(name: String, parameter: any ErasedIntentParameter)] {
    var mirrors: [Mirror] = []
    var mirror: Mirror? = Mirror(reflecting: subject)
    while let current = mirror, current.subjectType != INIntent.self, current.subjectType != INIntentResponse.self {
        mirrors.insert(current, at: 0)
        mirror = current.superclassMirror
    }
    return mirrors.flatMap { mirror in
        mirror.children.compactMap { child -> (name: String, parameter: any ErasedIntentParameter)? in
            guard let label = child.label, label.hasPrefix("_"),
                  let parameter = child.value as? any ErasedIntentParameter else { return nil }
            return (String(label.dropFirst()), parameter)
        }
    }
}
