import ExtensionProtocol
import HostBundles
import SystemCalls
import SystemStore

/// Leave to start code for the user: what the launchers take (`ExtensionSupervisor`,
/// `ActivityContinuation`). Only `PolicyGate.clear` makes one, after the one policy decision
/// (`IntentPolicy`) allowed its subject, so a path that starts code for the user without
/// asking policy cannot be written without going through the gate.
public struct PolicyClearance: Sendable {
    /// What was allowed to run, with the bundle whose code runs.
    public let subject: PolicySubject
    /// How it was invoked.
    public let source: InvocationSource
    /// The library bytes the decision stands on (an App Intent is judged by the metadata of
    /// these bytes), which the extension process must run; nil for a bundle without App Intents.
    public let library: SealedLibrary?
    /// The app holding the subject, as judged.
    let app: AppBundle?
    /// The lock state now, as the gate read it.
    private let lock: @Sendable () -> LockReading

    /// Made only by the gate, in this file.
    fileprivate init(subject: PolicySubject, source: InvocationSource, library: SealedLibrary?, app: AppBundle?,
                     lock: @escaping @Sendable () -> LockReading) {
        self.subject = subject
        self.source = source
        self.library = library
        self.app = app
        self.lock = lock
    }

    /// Judges the lock policy again, in the lock state of this moment: a launcher calls it
    /// right before it starts or hands out anything, so that a clearance given while unlocked
    /// starts nothing once the device locked.
    /// - Throws: `HostError` `.refusedByPolicy` with the rule that refuses it now.
    public func confirm() throws {
        if let refusal = IntentPolicy.refusal(of: subject, app: app, from: source, lock: lock(), authorization: { nil }) {
            throw refusal.error
        }
    }
}

/// The one gate every path that starts code on the user's behalf goes through: an extension
/// for an intent, an App Intent's `perform()`, an extension described or queried outside a
/// conversation, an app continuing an activity. It asks `IntentPolicy` and gives a clearance,
/// or refuses before any process starts.
public enum PolicyGate {
    /// Judges `subject` from `source` in the lock state `lock` reads now, with the app's Siri
    /// authorization, and gives the clearance a launcher takes (which reads `lock` again when
    /// the launcher confirms it).
    /// - Parameters:
    ///   - app: the app holding the subject's extension; nil when not known.
    ///   - authorization: the app's Siri authorization, read only when it matters; nil when the
    ///     host does not check it.
    ///   - shortcutIntents: for an App Shortcut, the App Intents its phrases run (nil: not known).
    ///   - library: the library bytes the decision stands on, which the process must run; asked
    ///     for only once the subject is allowed.
    /// - Throws: `HostError` `.refusedByPolicy` with the rule (`policyRule`) when a rule refuses
    ///   it; `.usage` when `source` cannot invoke `subject` at all (an App Shortcut naming a
    ///   SiriKit intent); what `authorization` and `library` throw.
    public static func clear(_ subject: PolicySubject, app: AppBundle?, from source: InvocationSource,
                             lock: @escaping @Sendable () -> LockReading,
                             authorization: () throws -> SiriAuthorization?, shortcutIntents: Set<String>? = nil,
                             library: () throws -> SealedLibrary? = { nil }) throws -> PolicyClearance {
        switch try IntentPolicy.decision(on: subject, app: app, from: source, lock: lock(), authorization: authorization,
                                         shortcutIntents: shortcutIntents) {
        case .allowed:
            return PolicyClearance(subject: subject, source: source, library: try library(), app: app, lock: lock)
        case .refused(let refusal):
            throw refusal.error
        case .notApplicable(let why):
            throw HostError(.usage, "\(subject.name) of \(subject.bundleIdentifier) cannot be run from a \(source.label): \(why).")
        }
    }
}
