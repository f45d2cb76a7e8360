/// An action of your app the system can run: from Siri, a shortcut, an App Shortcut phrase.
///
///     struct StartMeditationIntent: AppIntent {
///         static let title: LocalizedStringResource = "Start Meditation Session"
///         @Parameter(title: "Session") var session: MeditationSession?
///         func perform() async throws -> some IntentResult & ProvidesDialog {
///             .result(dialog: "Okay, starting a meditation session.")
///         }
///     }
///
/// The system makes the intent with `init()`, sets its `@Parameter` properties, and calls
/// `perform()`, which may ask the user for values, choices and confirmations on the way.
public protocol AppIntent: Sendable {
    /// What `perform()` returns, usually written `some IntentResult & ProvidesDialog`; it says what
    /// the result carries (a value, a dialog, a snippet).
    associatedtype PerformResult: IntentResult
    /// The type of `parameterSummary`, inferred from it.
    associatedtype SummaryContent: ParameterSummary = _NoParameterSummary<Self>

    /// Makes the intent with every `@Parameter` at its default. The system calls it for each run,
    /// then sets the parameters the request gives, so the intent must hold no other state.
    init()
    /// The action's name, as the user reads it.
    static var title: LocalizedStringResource { get }
    /// What the action does; nil by default.
    static var description: IntentDescription? { get }
    /// Whether running the action brings its app forward; false by default.
    static var openAppWhenRun: Bool { get }
    /// When the action may run, by the device's lock state; `.alwaysAllowed` by default.
    static var authenticationPolicy: IntentAuthenticationPolicy { get }
    /// Whether the system lists the intent and matches it by phrase; true by default. An intent
    /// that is not discoverable still runs when asked by name (as another intent's result).
    static var isDiscoverable: Bool { get }
    /// The sentence that shows the intent's parameters in place (`Summary("Add \(\.$name)")`); none
    /// by default. The host receives it as a template with `${name}` for each parameter.
    @ParameterSummaryBuilder<Self> static var parameterSummary: SummaryContent { get }
    /// Does the work.
    /// - Throws: whatever fails, which the user is told; `$parameter.requestValue()` to have
    ///   the user give a parameter's value, after which `perform()` runs again.
    func perform() async throws -> PerformResult
}

extension AppIntent {
    /// None: the description of an intent that declares none.
    ///
    /// Note: apps write `static var description = IntentDescription("...")`, whose type is not
    /// optional, so it does not witness this requirement and the runtime reads nil. That is
    /// expected: the build-time metadata extractor reads such a description from the source.
    public static var description: IntentDescription? { nil }
    public static var openAppWhenRun: Bool { false }
    public static var authenticationPolicy: IntentAuthenticationPolicy { .alwaysAllowed }
    public static var isDiscoverable: Bool { true }

    /// `@Parameter`: the name app intents declare their parameters with.
    public typealias Parameter<Value: _IntentValue & Sendable> = IntentParameter<Value>
}

/// When an app intent may run, by the device's lock state.
public enum IntentAuthenticationPolicy: String, Hashable, Sendable, CaseIterable {
    /// Whether the device is locked or not.
    case alwaysAllowed
    /// Only once the user has unlocked the device.
    case requiresAuthentication
    /// Only while the device is unlocked, and on the device itself.
    case requiresLocalDeviceAuthentication
}

extension AppIntent where SummaryContent == _NoParameterSummary<Self> {
    /// No summary sentence.
    public static var parameterSummary: _NoParameterSummary<Self> { _NoParameterSummary() }
}
