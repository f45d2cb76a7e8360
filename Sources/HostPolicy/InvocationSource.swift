/// How an intent was invoked, or an app started: policy may differ by source (an intent run
/// from a voice shortcut needs no Siri authorization, as on Apple's systems).
public enum InvocationSource: String, Codable, Sendable, CaseIterable {
    /// Asked for directly: `intents send`, or a phrase `intents say` matches to the intent.
    case direct
    /// A phrase the user attached to a donated intent (`intents shortcuts add`).
    case voiceShortcut
    /// An App Shortcut's phrase, which runs an App Intent.
    case appShortcut
    /// The host hands a user activity to its app, starting the app's executable to continue it
    /// (a voice shortcut the user attached to a donated activity).
    case activityContinuation
    /// An AI agent, through the MCP bridge (`intents mcp`): the user's consent to agents for the
    /// app stands where Siri authorization would, and the lock policy applies as for `direct`.
    case agent

    /// The sources that run an intent's conversation (all but an activity continuation): what a
    /// transcript may record.
    public static let conversationSources: [InvocationSource] = allCases.filter { $0 != .activityContinuation }

    /// How the matrix and the CLI name it.
    public var label: String {
        switch self {
        case .direct: "direct"
        case .voiceShortcut: "voice shortcut"
        case .appShortcut: "App Shortcut"
        case .activityContinuation: "activity continuation"
        case .agent: "agent"
        }
    }
}
