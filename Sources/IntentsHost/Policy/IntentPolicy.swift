import ExtensionProtocol
import SystemStore

/// What a request asks to run, as policy sees it.
public enum PolicySubject: Sendable {
    /// A SiriKit intent, system or custom, by name.
    case siriKitIntent(String)
    /// An App Intent by name, with its checked schema, or nil when its metadata is not known yet.
    case appIntent(String, schema: AppIntentSchema?)

    public var name: String {
        switch self {
        case .siriKitIntent(let name), .appIntent(let name, _): name
        }
    }
}

/// The one decision, before any extension code runs, of whether a request may run: the
/// dispatcher asks it for every request, and `intents policy` for every cell of its matrix.
public enum IntentPolicy {
    /// Why the host refuses `subject` of `bundle` invoked from `source`, or nil when it runs.
    /// Lock policy comes first, then Siri authorization, which only SiriKit domain intents
    /// asked for directly need (not App Intents, nor an intent run from a voice shortcut, as
    /// on Apple's systems).
    /// - Parameter authorization: the app's Siri authorization, read only when it matters; nil
    ///   when the host does not check it.
    public static func refusal(of subject: PolicySubject, by bundle: ExtensionBundle, app: AppBundle?, from source: InvocationSource,
                               lock: LockReading, authorization: () throws -> SiriAuthorization?) rethrows -> PolicyRefusal? {
        switch subject {
        case .siriKitIntent(let intent):
            if let refusal = LockPolicy.restriction(of: intent, by: bundle, in: lock) { return refusal }
            guard source != .voiceShortcut, AuthorizationPolicy.domainIntents.contains(intent),
                  let status = try authorization() else { return nil }
            return AuthorizationPolicy.restriction(of: intent, app: app, status: status)
        case .appIntent(_, let schema?):
            return LockPolicy.restriction(ofAppIntent: schema, by: bundle, in: lock)
        case .appIntent(_, nil):
            return LockPolicy.restriction(ofUnknownAppIntentsOf: bundle, in: lock)
        }
    }

    /// Why `source` cannot invoke `subject`, or nil when it can: an App Shortcut runs App
    /// Intents (those `shortcutIntents` names; nil when not known yet), a voice shortcut a
    /// donated SiriKit intent.
    public static func inapplicability(of subject: PolicySubject, from source: InvocationSource, shortcutIntents: Set<String>?) -> String? {
        switch (subject, source) {
        case (.siriKitIntent, .appShortcut):
            return "App Shortcuts run App Intents only"
        case (.appIntent, .voiceShortcut):
            return "voice shortcuts run donated SiriKit intents only"
        case (.appIntent(let name, _), .appShortcut):
            guard let shortcutIntents else { return "the extension's App Shortcuts are not known yet" }
            return shortcutIntents.contains(name) ? nil : "no App Shortcut of the extension runs \(name)"
        default:
            return nil
        }
    }
}
