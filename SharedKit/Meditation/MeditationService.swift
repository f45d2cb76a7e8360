import Foundation

/// Starts meditation sessions: each start is recorded in the app group, where the app lists it
/// (`meditation history`).
public enum MeditationService {
    /// Starts the first session on offer.
    public static func startDefaultSession() async {
        guard let session = SessionManager.allSessions.first else { return }
        await start(session: session)
    }

    /// Starts `session`, recording its name and the time.
    public static func start(session: MeditationSession) async {
        let name = SessionManager.storedSessions().first { $0.id == session.id }?.name ?? "\(session.name)"
        do {
            try SessionManager.data().recordStart(StartedSession(id: session.id, name: name))
        } catch {
            FileHandle.standardError.write(Data("Meditation: the session could not be recorded: \(error)\n".utf8))
        }
    }

    /// The sessions started, newest first.
    public static func startedSessions() throws -> [StartedSession] {
        try SessionManager.data().startedSessions()
    }
}
