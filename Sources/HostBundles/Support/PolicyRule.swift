/// A rule that refuses an intent, or an app's start, before any of its code runs, with a stable identifier
/// (`intents policy --json`, transcripts, `HostError.policyRule`).
public enum PolicyRule: String, Codable, Sendable, CaseIterable {
    /// Listed in the extension's `IntentsRestrictedWhileLocked`, and the device is locked.
    case restrictedWhileLocked = "restricted-while-locked"
    /// Always restricted by Apple while locked (payments, ride booking...), whatever the plist says.
    case alwaysRestricted = "always-restricted"
    /// Listed in `IntentsRestrictedWhileProtectedDataUnavailable`, before the first unlock.
    case restrictedWhileProtectedDataUnavailable = "restricted-while-protected-data-unavailable"
    /// A SiriKit domain intent of an app the user has not authorized to use Siri.
    case notAuthorized = "not-authorized"
    /// An App Intent whose `authenticationPolicy` needs the device unlocked.
    case authenticationPolicy = "authentication-policy"
    /// An App Intent whose metadata is not known yet: learning it runs the extension, which
    /// waits until the device is unlocked.
    case appIntentsUnknown = "app-intents-unknown"
    /// Continuing a user activity opens its app, which needs the device unlocked.
    case opensAppWhileLocked = "opens-app-while-locked"
    /// An extension's entity queries run outside a conversation (the values of App Shortcut
    /// phrases) only while the device is unlocked.
    case entityQueryWhileLocked = "entity-query-while-locked"
    /// An agent (through `intents mcp`) asked for an intent of an app the user has not let agents use.
    case agentNotAllowed = "agent-not-allowed"

    /// What the rule means, in a phrase (the legend of `intents policy`, the matrix's `rules`).
    public var meaning: String {
        switch self {
        case .restrictedWhileLocked: "in the extension's IntentsRestrictedWhileLocked"
        case .alwaysRestricted: "always restricted by Apple while locked"
        case .restrictedWhileProtectedDataUnavailable: "in IntentsRestrictedWhileProtectedDataUnavailable, before the first unlock"
        case .notAuthorized: "the app is not authorized to use Siri"
        case .authenticationPolicy: "the App Intent's authenticationPolicy needs the device unlocked"
        case .appIntentsUnknown: "the App Intent's metadata is not known yet (learned when unlocked)"
        case .opensAppWhileLocked: "continuing the activity opens its app, which needs the device unlocked"
        case .entityQueryWhileLocked: "an App Shortcut's entity values are asked of the extension only while unlocked"
        case .agentNotAllowed: "the user has not let agents use the app"
        }
    }

    /// The step the refusal is logged at, and the reason it is counted under (`refused` metric).
    public var step: String { self == .notAuthorized || self == .agentNotAllowed ? "authorization" : "lock policy" }
    public var metricReason: String { self == .notAuthorized || self == .agentNotAllowed ? "authorization" : "lock" }
}
