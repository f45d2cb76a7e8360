// An entity is a type that can be used as a parameter
// for an AppIntent.
import AppIntents
import Foundation

/// A kind of meditation session (walking, calming...): the `session` parameter of
/// `StartMeditationIntent`, as the article declares it.
public struct MeditationSession: AppEntity {
    public let id: UUID
    public let name: LocalizedStringResource

    public static var typeDisplayName: LocalizedStringResource = "Meditation Session"
    public var displayRepresentation: AppIntents.DisplayRepresentation {
        DisplayRepresentation(title: name)
    }

    public static var defaultQuery = MeditationSessionQuery()

    public init(id: UUID, name: LocalizedStringResource) {
        self.id = id
        self.name = name
    }
}

// Queries allow the App Intents framework to
// look up your entities by their identifier
/// Finds sessions by identifier, suggests them all for the App Shortcuts' phrases, and
/// matches spoken names.
public struct MeditationSessionQuery: EntityQuery {
    public init() {}

    public func entities(for identifiers: [UUID]) async throws -> [MeditationSession] {
        return identifiers.compactMap { SessionManager.session(for: $0) }
    }

    public func suggestedEntities() async throws -> [MeditationSession] {
        return SessionManager.allSessions
    }
}

extension MeditationSessionQuery: EntityStringQuery {
    /// The sessions whose names match `string`, ignoring case: what the user said or typed.
    public func entities(matching string: String) async throws -> [MeditationSession] {
        SessionManager.sessions(matching: string)
    }
}
