import Foundation

/// Where the host keeps its state (lock state, system store, containers, installed apps).
public enum StateFolder {
    /// `INTENTS_STATE`, else `$XDG_STATE_HOME/intents`, else `~/.local/state/intents`.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["INTENTS_STATE"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty { return xdg + "/intents" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/intents"
    }
}
