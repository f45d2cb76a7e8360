import AppIntents
import Foundation
import SharedKit
import Synchronization

/// The sessions on offer, read from the app group's store: what the article's `SessionManager` is.
public enum SessionManager {
    private static let current = Mutex<MeditationData?>(nil)

    /// The store to read: the one set by `use(_:)` (the app's), else the group's store opened
    /// with this process's entitlements (in the extension, those the host passes).
    /// - Throws: `SharedStoreError` when the store cannot be opened.
    public static func data() throws -> MeditationData {
        try current.withLock { data in
            if let data { return data }
            let opened = try MeditationData()
            data = opened
            return opened
        }
    }

    /// Reads and writes `data` from now on (the app calls it with its own entitlements).
    public static func use(_ data: MeditationData) {
        current.withLock { $0 = data }
    }

    /// The session with this identifier, if there is one.
    public static func session(for id: UUID) -> MeditationSession? {
        storedSessions().first { $0.id == id }.map(MeditationSession.init(stored:))
    }

    /// Every session, in the order they were added.
    public static var allSessions: [MeditationSession] {
        storedSessions().map(MeditationSession.init(stored:))
    }

    /// The sessions whose names contain `text`, ignoring case and diacritics; an exact name first.
    public static func sessions(matching text: String) -> [MeditationSession] {
        let wanted = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !wanted.isEmpty else { return [] }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        let found = storedSessions().filter { $0.name.range(of: wanted, options: options) != nil }
        let exact = found.filter { $0.name.compare(wanted, options: options) == .orderedSame }
        return (exact.isEmpty ? found : exact).map(MeditationSession.init(stored:))
    }

    /// The stored sessions; none, with a line on standard error, when the store cannot be read.
    static func storedSessions() -> [StoredSession] {
        do {
            return try data().sessions()
        } catch {
            FileHandle.standardError.write(Data("Meditation: the sessions could not be read: \(error)\n".utf8))
            return []
        }
    }
}

extension MeditationSession {
    init(stored: StoredSession) {
        self.init(id: stored.id, name: LocalizedStringResource(stringLiteral: stored.name))
    }
}
