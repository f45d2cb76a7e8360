import AppIntents
import Foundation

/// The app's model of its sessions. It tells App Intents whenever the sessions change, and
/// once when it is made, as the article's `$sessions.sink` does (without Combine here).
public final class SessionModel {
    public private(set) var sessions: [MeditationSession] {
        didSet { MeditationShortcuts.updateAppShortcutParameters() }
    }

    /// Loads the sessions from `SessionManager`'s store.
    public init() {
        self.sessions = SessionManager.allSessions
        MeditationShortcuts.updateAppShortcutParameters()
    }

    /// Adds a session named `name` and reloads the list.
    /// - Throws: `MeditationError` for an empty or taken name; `SharedStoreError` when the
    ///   store cannot be written.
    @discardableResult
    public func addSession(named name: String) throws -> MeditationSession {
        let added = try SessionManager.data().addSession(named: name)
        sessions = SessionManager.allSessions
        return MeditationSession(stored: added)
    }
}
