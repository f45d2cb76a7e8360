/// A parameter of an app intent, declared as `@Parameter`:
///
///     @Parameter(title: "Session") var session: MeditationSession?
///     @Parameter(title: "Minutes", default: 10) var minutes: Int
///
/// The system sets it before `perform()`. Through the projected value (`$session`),
/// `perform()` asks the user about it: `requestValue(_:)`, `requestDisambiguation(among:dialog:)`,
/// `requestConfirmation(for:dialog:)`.
@propertyWrapper
public final class IntentParameter<Value: _IntentValue & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// nil while no value was set (a set optional holds `.some(nil)`).
    private var value: Value?
    private let explicitTitle: LocalizedStringResource?
    /// A longer explanation of the parameter, which Shortcuts shows in its editor; kept for code
    /// written for Apple's systems, not shown by the host.
    public let description: LocalizedStringResource?
    /// What the system asks when it needs the parameter's value and `requestValue(_:)` was given
    /// no dialog; nil for the host's own question.
    public let requestValueDialog: IntentDialog?
    /// What the system asks when `requestDisambiguation(among:dialog:)` offers choices without a
    /// dialog of its own.
    public let requestDisambiguationDialog: IntentDialog?
    let hasDefault: Bool
    /// `inclusiveRange`'s bounds, for a number parameter.
    var range: (minimum: Double, maximum: Double)?

    /// A parameter the user reads as `title`: `@Parameter(title: "Minutes", default: 10)`.
    /// - Parameters:
    ///   - title: what the user reads for the parameter.
    ///   - description: a longer explanation, kept but not shown by the host.
    ///   - defaultValue: the value it has until the system sets another.
    ///   - requestValueDialog: what the system asks when it needs the value.
    ///   - requestDisambiguationDialog: what the system asks when it offers choices.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                default defaultValue: Value.UnwrappedType? = nil, requestValueDialog: IntentDialog? = nil,
                requestDisambiguationDialog: IntentDialog? = nil) {
        self.explicitTitle = title
        self.description = description
        self.requestValueDialog = requestValueDialog
        self.requestDisambiguationDialog = requestDisambiguationDialog
        self.value = defaultValue.map(Self.promote)
        self.hasDefault = defaultValue != nil
    }

    /// A parameter titled with its property's name.
    public init(description: LocalizedStringResource? = nil, default defaultValue: Value.UnwrappedType? = nil,
                requestValueDialog: IntentDialog? = nil, requestDisambiguationDialog: IntentDialog? = nil) {
        self.explicitTitle = nil
        self.description = description
        self.requestValueDialog = requestValueDialog
        self.requestDisambiguationDialog = requestDisambiguationDialog
        self.value = defaultValue.map(Self.promote)
        self.hasDefault = defaultValue != nil
    }

    /// A parameter whose default is the property's initial value: `@Parameter(title: "Minutes") var minutes = 10`.
    public init(wrappedValue: Value, title: LocalizedStringResource? = nil, description: LocalizedStringResource? = nil,
                requestValueDialog: IntentDialog? = nil, requestDisambiguationDialog: IntentDialog? = nil) {
        self.explicitTitle = title
        self.description = description
        self.requestValueDialog = requestValueDialog
        self.requestDisambiguationDialog = requestDisambiguationDialog
        self.value = wrappedValue
        self.hasDefault = true
    }

    /// The value. An optional parameter with no value is nil, a list with none is empty; reading
    /// a required parameter that has no value stops the process.
    public var wrappedValue: Value {
        get {
            if let value = lock.withLock({ value }) { return value }
            if let empty = ValueShape.emptyValue(of: Value.self) as? Value { return empty }
            fatalError("The @Parameter \"\(titleText)\" (\(Value.self)) was read before it had a value: give it a default, make it optional, or throw $parameter.requestValue() when it is missing.")
        }
        set {
            lock.withLock { value = newValue }
        }
    }

    /// The parameter itself, for its requests: `$session.requestDisambiguation(among:)`.
    public var projectedValue: IntentParameter<Value> { self }

    /// What the user reads for the parameter; empty when it is titled with its property's name.
    public var title: LocalizedStringResource { explicitTitle ?? "" }

    /// The default of `@Parameter(default:)`, as the property's own type.
    private static func promote(_ unwrapped: Value.UnwrappedType) -> Value {
        guard let value = unwrapped as Any as? Value else {
            fatalError("\(Value.self).UnwrappedType (\(Value.UnwrappedType.self)) is not a \(Value.self): its _IntentValue conformance is wrong.")
        }
        return value
    }
}

/// The face of every `IntentParameter` the runtime reads through reflection.
protocol AnyIntentParameter: AnyObject, Sendable {
    /// The property's type (`MeditationSession?`).
    var valueType: Any.Type { get }
    var titleText: String { get }
    var requestValueDialog: IntentDialog? { get }
    var requestDisambiguationDialog: IntentDialog? { get }
    var description: LocalizedStringResource? { get }
    var range: (minimum: Double, maximum: Double)? { get }
    var hasDefault: Bool { get }
    /// The value, or nil while it has none.
    var currentValue: Any? { get }
    /// Sets the value; false when `value` is not of the property's type.
    func setValue(_ value: Any) -> Bool
}

extension IntentParameter: AnyIntentParameter {
    var valueType: Any.Type { Value.self }
    var titleText: String { explicitTitle?.key ?? "" }
    var currentValue: Any? { lock.withLock { value } }

    func setValue(_ value: Any) -> Bool {
        guard let typed = value as? Value else { return false }
        wrappedValue = typed
        return true
    }
}
