import Foundation
import SharedKit

/// The Meditation app's data in its app group, used unchanged by the app and its extension:
/// the sessions on offer and the sessions started.
public struct MeditationData: Sendable {
    public static let appGroup = "group.com.example.meditation"
    /// The sessions the group starts with: the article's walking and calming meditations, and one more.
    public static let defaultSessionNames = ["Walking", "Calming", "Focus"]
    /// The longest session name, in characters.
    public static let maximumNameLength = 64
    let store: SharedStore

    public init(store: SharedStore) {
        self.store = store
    }

    /// Opens the group's store with this process's entitlements (an extension's, by default).
    public init(containers: AppGroupContainers = .fromEnvironment()) throws {
        self.store = try SharedStore(suiteName: Self.appGroup, containers: containers)
    }

    /// The sessions in the order they were added; the defaults are written on first use, so
    /// that their identifiers are the same in every process.
    public func sessions() throws -> [StoredSession] {
        if let stored = try store.value([StoredSession].self, forKey: "sessions"), !stored.isEmpty { return stored }
        return try store.update("sessions", as: [StoredSession].self) { stored in
            if let stored, !stored.isEmpty { return stored }
            return Self.defaultSessionNames.map { StoredSession(id: UUID(), name: $0) }
        } ?? []
    }

    /// Adds a session named `name` (trimmed).
    /// - Throws: `MeditationError` when the name is empty, too long, holds control characters
    ///   or is already taken (ignoring case).
    @discardableResult
    public func addSession(named name: String) throws -> StoredSession {
        let name = try Self.checkedName(name)
        let added = StoredSession(id: UUID(), name: name)
        try store.update("sessions", as: [StoredSession].self) { stored in
            let sessions = (stored?.isEmpty ?? true) ? Self.defaultSessionNames.map { StoredSession(id: UUID(), name: $0) } : stored!
            if let taken = sessions.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                throw MeditationError("There is already a session named \"\(taken.name)\"; `meditation list` lists them.")
            }
            return sessions + [added]
        }
        return added
    }

    /// Sessions started through the extension (or the app), newest first.
    public func startedSessions() throws -> [StartedSession] {
        (try store.value([StartedSession].self, forKey: "started") ?? []).sorted { $0.date > $1.date }
    }

    /// Records a started session.
    public func recordStart(_ started: StartedSession) throws {
        try store.update("started", as: [StartedSession].self) { ($0 ?? []) + [started] }
    }

    static func checkedName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw MeditationError("A session needs a name; got an empty one.") }
        guard !trimmed.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
            throw MeditationError("A session name is one line of text, without control characters.")
        }
        guard trimmed.count <= maximumNameLength else {
            throw MeditationError("A session name has at most \(maximumNameLength) characters; this one has \(trimmed.count).")
        }
        return trimmed
    }
}

/// A session as the store keeps it: its name is plain text.
public struct StoredSession: Codable, Hashable, Sendable {
    public var id: UUID
    public var name: String

    public init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}

/// A session that was started, and when.
public struct StartedSession: Codable, Hashable, Sendable {
    public var id: UUID
    public var name: String
    public var date: Date

    public init(id: UUID, name: String, date: Date = Date()) {
        self.id = id
        self.name = name
        self.date = date
    }
}

/// A mistake in what the user asked of the Meditation app: one sentence.
public struct MeditationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
