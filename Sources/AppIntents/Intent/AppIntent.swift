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
    /// Does the work.
    /// - Throws: whatever fails, which the user is told; `$parameter.requestValue()` to have
    ///   the user give a parameter's value, after which `perform()` runs again.
    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var description: IntentDescription? { nil }
    public static var openAppWhenRun: Bool { false }
    public static var authenticationPolicy: IntentAuthenticationPolicy { .alwaysAllowed }

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
