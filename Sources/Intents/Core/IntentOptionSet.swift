import ExtensionProtocol

/// An option set of a SiriKit domain (`INMessageAttributeOptions`), option `i` being bit `i`.
///
/// It crosses the process boundary as a list of its options, so that a user types
/// `unread,flagged`; the empty set means no value.
public protocol INIntentOptionSet: OptionSet, IntentValueCodable, Hashable where RawValue == UInt, Element == Self {
    /// The options' names, in bit order.
    static var optionNames: [String] { get }
}

extension INIntentOptionSet {
    public static var intentValueType: ValueType { .enumeration }
    public static var isIntentValueList: Bool { true }
    public static var intentEnumerationCases: [EnumerationValue] {
        optionNames.prefix(63).enumerated().map { EnumerationValue(rawValue: Int(UInt(1) << UInt($0.offset)), name: $0.element) }
    }

    public var intentValue: IntentValue {
        .list(Self.intentEnumerationCases.filter { contains(Self(rawValue: UInt($0.rawValue))) }.map { .enumeration($0) })
    }

    /// The options a list of enumeration values names; nil when one is not an option.
    public static func fromIntentValue(_ value: IntentValue) -> Self? {
        var options = Self()
        for element in value.elements {
            guard case .enumeration(let option) = element, option.rawValue > 0,
                  intentEnumerationCases.contains(where: { $0.rawValue == option.rawValue }) else { return nil }
            options.insert(Self(rawValue: UInt(option.rawValue)))
        }
        return options
    }
}

/// Marks an option-set parameter, never nil as in Apple's API: the empty set means no value.
@propertyWrapper
public final class IntentOptionsParameter<Value: INIntentOptionSet> {
    /// The options; empty when none were given, which the host treats as no value.
    public var wrappedValue: Value = []
    /// What prompts call the parameter; the property name when nil.
    public let title: String?

    /// A parameter titled `title` in prompts; use it only as a property wrapper of an `INIntent`
    /// or `INIntentResponse` subclass, where the SDK finds it in declared order.
    public init(title: String? = nil) {
        self.title = title
    }
}

extension IntentOptionsParameter: ErasedIntentParameter {
    var intentValue: IntentValue? { wrappedValue.isEmpty ? nil : wrappedValue.intentValue }

    func assign(_ value: IntentValue?) -> Bool {
        guard let value else {
            wrappedValue = []
            return true
        }
        guard let options = Value.fromIntentValue(value) else { return false }
        wrappedValue = options
        return true
    }

    func schema(named name: String) -> ParameterSchema {
        ParameterSchema(name: name, title: title, type: .enumeration, isList: true, enumerationCases: Value.intentEnumerationCases)
    }
}

/// Resolves a parameter that holds an option set.
open class INOptionSetResolutionResult<Value: INIntentOptionSet>: INIntentResolutionResult {
    /// The options are right as they are: the parameter takes `resolvedValue` and the host moves on.
    public class func success(with resolvedValue: Value) -> Self { success(resolvedValue) }
    /// The host asks the user whether `valueToConfirm` (or, when nil, the options given) is meant;
    /// after a yes the parameter is resolved again and the same options are not asked about again,
    /// after a no the user is asked for other options.
    public class func confirmationRequired(with valueToConfirm: Value?) -> Self { confirmation(valueToConfirm) }
}
