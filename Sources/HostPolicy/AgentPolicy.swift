import HostBundles
import SystemCalls

/// Decides, before any extension code runs, whether an AI agent (a client of `intents mcp`) may
/// run an app's intents: only once the user let agents use that app (`intents authorize APP
/// grant --agents`). The consent has the states of a Siri authorization (not determined, denied,
/// authorized, and restricted for an app the user hid from agents: `intents authorize APP hide
/// --agents`) and is the user's alone: no app or agent can record it.
public enum AgentPolicy {
    /// The refusal (rule `.agentNotAllowed`) of `intent` of `app` when the user's consent to
    /// agents for the app is `consent`, or nil when it is granted.
    public static func restriction(of intent: String, app: AppBundle?, consent: SiriAuthorization) -> PolicyRefusal? {
        guard consent != .authorized else { return nil }
        let name = app?.displayName ?? "The app"
        let decided = switch consent {
        case .notDetermined: "has not let agents use it"
        case .restricted: "hid it from agents"
        default: "did not let agents use it"
        }
        let command = app.map { "`intents authorize \($0.displayName) grant --agents`" } ?? "`intents authorize APP grant --agents`"
        return PolicyRefusal(.agentNotAllowed, "Agents may not run \(intent) of \(name): the user \(decided); the user runs \(command) to allow it.")
    }
}
