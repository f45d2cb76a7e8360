import ExtensionProtocol
import LocalAPI
import Foundation

/// Where the host keeps its state (lock state, system store, containers, installed apps).
public enum StateFolder {
    /// `INTENTS_STATE`, else `$XDG_STATE_HOME/intents`, else `~/.local/state/intents`.
    /// The same rule as the `intents` client's, which finds a server's socket by it.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        LocalAPISocket.stateFolder(environment: environment)
    }

    /// Creates the folder `path` and its parents (mode 0755) where missing.
    /// - Returns: nil when `path` is a folder now, else why not, in one sentence naming it.
    public static func problemCreating(_ path: String) -> String? {
        guard !path.isEmpty else { return "The state folder's path is empty." }
        var prefix = path.hasPrefix("/") ? "" : "."
        let components = path.split(separator: "/")
        for (index, component) in components.enumerated() {
            prefix += "/" + component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                let reason = String(cString: strerror(errno))
                let at = index == components.count - 1 ? "" : " (making \(prefix.quotedForDisplay))"
                return "The state folder \(path.quotedForDisplay) cannot be created: \(reason)\(at)."
            }
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            return "The state folder \(path.quotedForDisplay) cannot be used: \(String(cString: strerror(errno)))."
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return "The state folder \(path.quotedForDisplay) is \(fileKind(status.st_mode)), not a folder."
        }
        return nil
    }
}
