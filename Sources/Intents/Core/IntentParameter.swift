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
public final class IntentParameter<Value: IntentValueCodable> {
    /// The value; nil while the parameter has none, which the host shows as missing and, when the
    /// handler resolves it with `needsValue()`, asks the user for.
    public var wrappedValue: Value?
    /// What prompts call the parameter; the property name when nil.
    public let title: String?
    /// The kind of value when the Swift type alone does not say: `NSNumber` holds integers,
    /// decimals and booleans alike, as Xcode generates them.
    public let valueType: ValueType?

    /// A parameter titled with its property's name and typed by `Value` alone.
    ///
    /// Use the initializers only as property wrappers of an `INIntent`, `INIntentResponse` or
    /// `INObject` subclass: the SDK finds parameters by their `_name` storage, in declared order.
    public init() {
        self.title = nil
        self.valueType = nil
    }

    /// A parameter with an initial value: `@IntentParameter var quantity: NSNumber? = 1`.
    /// - Parameters:
    ///   - wrappedValue: the value until the host sets another; the host sends every parameter it
    ///     has, so the initial value only stands when the request leaves it out.
    ///   - title: what prompts call the parameter; the property name when nil.
    ///   - valueType: the kind of value, for an `NSNumber` holding a decimal or a yes/no.
    public init(wrappedValue: Value?, title: String? = nil, valueType: ValueType? = nil) {
        self.wrappedValue = wrappedValue
        self.title = title
        self.valueType = valueType
    }

    /// A parameter titled `title` in prompts ("Pizza" for a property `kind`).
    /// - Parameters:
    ///   - title: what prompts call the parameter.
    ///   - valueType: the kind of value, for an `NSNumber` holding a decimal or a yes/no.
    public init(title: String, valueType: ValueType? = nil) {
        self.title = title
        self.valueType = valueType
    }

    /// A parameter titled with its property's name whose `NSNumber` holds `valueType`
    /// (`.double`, `.boolean`), as Xcode generates decimal and Boolean parameters.
    public init(valueType: ValueType) {
        self.title = nil
        self.valueType = valueType
    }

    var intentValue: IntentValue? {
        guard let value = wrappedValue?.intentValue else { return nil }
        guard let valueType else { return value }
        return value.coercedNumber(to: valueType)
    }

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
        ParameterSchema(name: name, title: title, type: valueType ?? Value.intentValueType,
                        isList: Value.isIntentValueList, enumerationCases: Value.intentEnumerationCases,
                        acceptsTypedName: Value.acceptsTypedName)
    }
}

extension IntentValue {
    /// A number as the kind a parameter declares (an `NSNumber` holding a decimal or a
    /// yes/no); other values, and numbers already of that kind, are unchanged.
    func coercedNumber(to type: ValueType) -> IntentValue {
        switch (self, type) {
        case (.list(let values), _): return .list(values.map { $0.coercedNumber(to: type) })
        case (.integer(let number), .double): return .double(Double(number))
        case (.integer(let number), .boolean): return .boolean(number != 0)
        case (.double(let number), .integer) where number.rounded() == number && abs(number) < 9e15: return .integer(Int(number))
        case (.double(let number), .boolean): return .boolean(number != 0)
        case (.boolean(let flag), .integer): return .integer(flag ? 1 : 0)
        case (.boolean(let flag), .double): return .double(flag ? 1 : 0)
        default: return self
        }
    }
}

/// The type-erased face of `IntentParameter`, for the SDK's reflection.
protocol ErasedIntentParameter: AnyObject {
    var intentValue: IntentValue? { get }
    func assign(_ value: IntentValue?) -> Bool
    func schema(named name: String) -> ParameterSchema
}

extension IntentParameter: ErasedIntentParameter {}

/// The parameters of an object, found by reflection, base class first, in declared order: read
/// where its class's layout says they are (`ParameterLayouts`), or with `Mirror`.
func reflectedParameters(of subject: AnyObject) -> [(name: String, parameter: any ErasedIntentParameter)] {
    ParameterLayouts.shared.parameters(of: subject)
}

/// The parameters of an object, found with `Mirror`, base class first, in declared order.
/// The walk stops at `INIntent` and `INIntentResponse`, whose own fields are not parameters.
func mirroredParameters(of subject: AnyObject) -> [(name: String, parameter: any ErasedIntentParameter)] {
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
