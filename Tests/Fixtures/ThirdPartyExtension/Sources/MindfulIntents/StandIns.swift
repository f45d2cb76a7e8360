// What the article's code calls but does not show: the app's sessions and its service,
// reduced to what the intent needs. Not from the article.
import AppIntents

enum SessionManager {
    static let allSessions = [
        MeditationSession(id: UUID(uuidString: "8C9A3E1E-5B0C-4F7A-9A7E-1D2B3C4D5E01")!, name: "Walking"),
        MeditationSession(id: UUID(uuidString: "8C9A3E1E-5B0C-4F7A-9A7E-1D2B3C4D5E02")!, name: "Calming"),
    ]

    static func session(for id: UUID) -> MeditationSession? {
        allSessions.first { $0.id == id }
    }
}

/// Starting a session is the app's business; here it does nothing.
enum MeditationService {
    static func startDefaultSession() async {}

    static func start(session: MeditationSession) async {}
}
