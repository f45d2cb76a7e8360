import ExtensionProtocol
import HostBundles
import SystemCalls
import SystemStore

/// What a request asks to run, as policy sees it, with the bundle whose code would run.
public enum PolicySubject: Sendable {
    /// A SiriKit intent, system or custom, by name.
    case siriKitIntent(String, of: ExtensionBundle)
    /// An App Intent by name, with its checked schema, or nil when its metadata is not known yet.
    case appIntent(String, schema: AppIntentSchema?, of: ExtensionBundle)
    /// Learning an extension's App Intents by running it (`describeAppIntents`).
    case appIntentsDescription(of: ExtensionBundle)
    /// An entity query run outside any conversation: the suggested values of an App Shortcut
    /// phrase's parameter, by the entity's type name.
    case entityQuery(String, of: ExtensionBundle)
    /// A user activity of the app, by its type, handed to the app, which is started to continue it.
    case userActivity(String, of: AppBundle)

    /// The intent, entity type or activity type; "App Intents" for a description.
    public var name: String {
        switch self {
        case .siriKitIntent(let name, _), .appIntent(let name, _, _), .entityQuery(let name, _), .userActivity(let name, _): name
        case .appIntentsDescription: "App Intents"
        }
    }

    /// The extension whose code runs; nil when an app is started instead.
    public var extensionBundle: ExtensionBundle? {
        switch self {
        case .siriKitIntent(_, let bundle), .appIntent(_, _, let bundle), .appIntentsDescription(let bundle), .entityQuery(_, let bundle): bundle
        case .userActivity: nil
        }
    }

    /// The bundle identifier of the extension or app whose code runs.
    public var bundleIdentifier: String {
        switch self {
        case .userActivity(_, let app): app.bundleIdentifier
        default: extensionBundle?.bundleIdentifier ?? ""
        }
    }
}

/// What the one policy decision says of a subject in a context.
public enum PolicyDecision: Sendable {
    case allowed
    /// Refused by a rule, before any code runs.
    case refused(PolicyRefusal)
    /// The source cannot invoke the subject at all (an App Shortcut runs App Intents only), in a clause.
    case notApplicable(String)
}

/// The one decision, before any code runs for the user, of whether it may run: `PolicyGate`
/// asks it for every process the host starts for a request (an extension, an App Intent, an
/// app continuing an activity), and `intents policy` for every cell of its matrix.
public enum IntentPolicy {
    /// What the host does with `subject` invoked from `source`, in the lock state `lock` gives.
    /// - Parameters:
    ///   - app: the app holding the subject's extension (its name is in messages); for a user
    ///     activity, the subject names its app.
    ///   - authorization: the app's Siri authorization, read only when it matters; nil when the
    ///     host does not check it.
    ///   - shortcutIntents: the App Intents the extension's App Shortcuts run (nil: not known yet).
    public static func decision(on subject: PolicySubject, app: AppBundle?, from source: InvocationSource, lock: LockReading,
                                authorization: () throws -> SiriAuthorization?, shortcutIntents: Set<String>?) rethrows -> PolicyDecision {
        if let why = inapplicability(of: subject, from: source, shortcutIntents: shortcutIntents) { return .notApplicable(why) }
        if let refusal = try refusal(of: subject, app: app, from: source, lock: lock, authorization: authorization) { return .refused(refusal) }
        return .allowed
    }

    /// Why the host refuses `subject` invoked from `source`, or nil when it runs. Lock policy
    /// comes first, then the app's authorization for the source: Siri authorization, which only
    /// SiriKit domain intents asked for directly need (not App Intents, nor an intent run from a
    /// voice shortcut, as on Apple's systems); for an agent, the user's consent to agents, which
    /// every intent and entity query of the app needs.
    /// - Parameter authorization: the app's authorization for `source` (its Siri authorization,
    ///   or its agent consent for `.agent`), read only when it matters; nil when the host does
    ///   not check it.
    public static func refusal(of subject: PolicySubject, app: AppBundle?, from source: InvocationSource,
                               lock: LockReading, authorization: () throws -> SiriAuthorization?) rethrows -> PolicyRefusal? {
        let lockRefusal: PolicyRefusal?
        switch subject {
        case .siriKitIntent(let intent, let bundle):
            if let refusal = LockPolicy.restriction(of: intent, by: bundle, in: lock) { return refusal }
            if source == .agent { break }
            guard source != .voiceShortcut, AuthorizationPolicy.domainIntents.contains(intent),
                  let status = try authorization() else { return nil }
            return AuthorizationPolicy.restriction(of: intent, app: app, status: status)
        case .appIntent(_, let schema?, let bundle):
            lockRefusal = LockPolicy.restriction(ofAppIntent: schema, by: bundle, in: lock)
            if lockRefusal != nil || source != .agent { return lockRefusal }
        case .appIntent(_, nil, let bundle), .appIntentsDescription(let bundle):
            lockRefusal = LockPolicy.restriction(ofUnknownAppIntentsOf: bundle, in: lock)
            if lockRefusal != nil || source != .agent { return lockRefusal }
        case .entityQuery(let type, let bundle):
            lockRefusal = LockPolicy.restriction(ofEntityQuery: type, by: bundle, in: lock)
            if lockRefusal != nil || source != .agent { return lockRefusal }
        case .userActivity(let type, let app):
            return LockPolicy.restriction(ofContinuing: type, by: app, in: lock)
        }
        guard let consent = try authorization() else { return nil }
        return AgentPolicy.restriction(of: subject.name, app: app, consent: consent)
    }

    /// Why `source` cannot invoke `subject`, or nil when it can: an App Shortcut runs App
    /// Intents (those `shortcutIntents` names; nil when not known yet), a voice shortcut a
    /// donated SiriKit intent, an activity continuation hands a user activity to its app.
    public static func inapplicability(of subject: PolicySubject, from source: InvocationSource, shortcutIntents: Set<String>?) -> String? {
        switch (subject, source) {
        case (.siriKitIntent, .appShortcut):
            return "App Shortcuts run App Intents only"
        case (.appIntent, .voiceShortcut):
            return "voice shortcuts run donated SiriKit intents only"
        case (.appIntent(let name, _, _), .appShortcut):
            guard let shortcutIntents else { return "the extension's App Shortcuts are not known yet" }
            return shortcutIntents.contains(name) ? nil : "no App Shortcut of the extension runs \(name)"
        case (.siriKitIntent, .activityContinuation), (.appIntent, .activityContinuation):
            return "an activity continuation hands a user activity to its app and runs no intent"
        case (.userActivity, let other) where other != .activityContinuation:
            return "a user activity is continued by its app, not run as an intent"
        default:
            return nil
        }
    }
}
