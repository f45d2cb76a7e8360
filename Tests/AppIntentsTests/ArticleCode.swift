// The code of Apple's "Implement App Shortcuts with App Intents" (WWDC22), compiled against the
// SDK. Each snippet sits in its own namespace, since several redefine the same types; bodies
// are verbatim except where noted. Only SwiftUI (a snippet view) and Combine (`@Published`)
// are replaced, with `SnippetView` and `didSet`.
import AppIntents

/// 3:43 - Implement an AppIntent
enum ImplementAnAppIntent {
    // StartMeditationIntent creates a meditation session.
    struct StartMeditationIntent: AppIntent {
        static let title: LocalizedStringResource = "Start Meditation Session"

        func perform() async throws -> some IntentResult & ProvidesDialog {
            await MeditationService.startDefaultSession()
            return .result(dialog: "Okay, starting a meditation session.")
        }
    }
}

/// 5:31 - Create an AppShortcutsProvider
enum CreateAnAppShortcutsProvider {
    typealias StartMeditationIntent = ImplementAnAppIntent.StartMeditationIntent

    struct MeditationShortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
            AppShortcut(
                intent: StartMeditationIntent(),
                phrases: ["Start a \(.applicationName)"]
            )
        }
    }
}

/// 6:35 - Provide multiple phrases
enum ProvideMultiplePhrases {
    typealias StartMeditationIntent = ImplementAnAppIntent.StartMeditationIntent

    struct MeditationShortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
            AppShortcut(
                intent: StartMeditationIntent(),
                phrases: [
                    "Start a \(.applicationName)",
                    "Begin \(.applicationName)",
                    "Meditate with \(.applicationName)",
                    "Start a session with \(.applicationName)"
                ]
            )
        }
    }
}

/// 8:54 - Provide a dialog and snippet view (the intent around `perform()` is not in the snippet).
enum ProvideADialogAndSnippetView {
    /// Stands for the SwiftUI view of the talk.
    struct MeditationSnippetView: SnippetView {
        var snippet: IntentSnippet { .html("<p>Meditation session started</p>") }
    }

    struct StartMeditationIntent: AppIntent {
        static let title: LocalizedStringResource = "Start Meditation Session"

        // Custom views give your intent more personality
        // and can convey more information
        func perform() async throws -> some ProvidesDialog & ShowsSnippetView {
            await MeditationService.startDefaultSession()
            return .result(
                dialog: "Okay, starting a meditation session.",
                view: MeditationSnippetView()
            )
        }
    }
}

/// 10:09 - Implement an AppEntity, and 10:55 - Query for entities
enum ImplementAnAppEntity {
    // An entity is a type that can be used as a parameter
    // for an AppIntent.
    struct MeditationSession: AppEntity {
        let id: UUID
        let name: LocalizedStringResource

        static var typeDisplayName: LocalizedStringResource = "Meditation Session"
        var displayRepresentation: AppIntents.DisplayRepresentation {
            DisplayRepresentation(title: name)
        }

        static var defaultQuery = MeditationSessionQuery()
    }

    // Queries allow the App Intents framework to
    // look up your entities by their identifier
    struct MeditationSessionQuery: EntityQuery {
        func entities(for identifiers: [UUID]) async throws -> [MeditationSession] {
            return identifiers.compactMap { SessionManager.session(for: $0) }
        }
    }

    enum SessionManager {
        static let allSessions = [MeditationSession(id: UUID(), name: "Breathing"), MeditationSession(id: UUID(), name: "Walking")]

        static func session(for id: UUID) -> MeditationSession? {
            allSessions.first { $0.id == id }
        }
    }
}

/// 11:16 - Define a parameter. The talk elides the rest of the intent ("// ..."): its title and
/// `perform()` are added after the verbatim part.
enum DefineAParameter {
    enum SessionType: String, AppEnum {
        case guided, unguided

        static var typeDisplayRepresentation: TypeDisplayRepresentation = "Session Type"
        static var caseDisplayRepresentations: [SessionType: DisplayRepresentation] = [.guided: "Guided", .unguided: "Unguided"]
    }

    // Adding a parameter to an intent allows you to prompt the user
    // to provide a value for the parameter
    struct StartMeditationIntent: AppIntent {
        @Parameter(title: "Session Type")
        var sessionType: SessionType?

        // ...
        static let title: LocalizedStringResource = "Start Meditation Session"

        func perform() async throws -> some IntentResult {
            .result()
        }
    }
}

/// 13:15 - Prompt for values. As printed, the snippet is not valid Swift: it has a stray `}`
/// after the `let`, and `try` cannot stand to the right of `??` (nor `await` inside its
/// autoclosure). The `let` is written as an `if let` here; the rest is verbatim.
enum PromptForValues {
    typealias MeditationSession = ImplementAnAppEntity.MeditationSession
    typealias SessionManager = ImplementAnAppEntity.SessionManager

    struct StartMeditationIntent: AppIntent {
        static let title: LocalizedStringResource = "Start Meditation Session"

        @Parameter(title: "Session")
        var session: MeditationSession?

        // Prompting for values can be done by calling methods
        // on the property's wrapper type.
        func perform() async throws -> some ProvidesDialog {
            let sessionToRun: MeditationSession
            if let session = self.session {
                sessionToRun = session
            } else {
                sessionToRun = try await $session.requestDisambiguation(
                    among: SessionManager.allSessions,
                    dialog: IntentDialog("What session would you like?")
                )
            }
            await MeditationService.start(session: sessionToRun)
            return .result(
                dialog: "Okay, starting a \(sessionToRun.name) meditation session."
            )
        }
    }
}

/// 16:11 - Implement suggestedEntities()
enum ImplementSuggestedEntities {
    typealias MeditationSession = ImplementAnAppEntity.MeditationSession
    typealias SessionManager = ImplementAnAppEntity.SessionManager

    // Queries can provide suggested values for your Entity
    // that serve as parameters for App Shortcuts
    struct MeditationSessionQuery: EntityQuery {
        func entities(for identifiers: [UUID]) async throws -> [MeditationSession] {
            return identifiers.compactMap { SessionManager.session(for: $0) }
        }

        func suggestedEntities() async throws -> [MeditationSession] {
            return SessionManager.allSessions
        }
    }
}

/// 16:34 - Update App Shortcut parameters. Combine's `@Published` and `sink` are replaced by
/// `didSet`; the call is the talk's.
enum UpdateAppShortcutParameters {
    typealias MeditationSession = ImplementAnAppEntity.MeditationSession
    typealias MeditationShortcuts = AddParameterizedPhrases.MeditationShortcuts

    // Your app must notify App Intents when your values change
    // This is typically best done in your app's model layer
    final class SessionModel {
        var sessions: [MeditationSession] = [] {
            didSet { MeditationShortcuts.updateAppShortcutParameters() }
        }
    }
}

/// 17:09 - Add parameterized phrases (the intent with a `session` parameter is 13:15's).
enum AddParameterizedPhrases {
    typealias StartMeditationIntent = PromptForValues.StartMeditationIntent

    // Phrases can also contain a single parameter reference
    struct MeditationShortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
            AppShortcut(
                intent: StartMeditationIntent(),
                phrases: [
                    "Start a \(.applicationName)",
                    "Begin \(.applicationName)",
                    "Meditate with \(.applicationName)",
                    "Start a \(\.$session) session with \(.applicationName)",
                    "Begin a \(\.$session) session with \(.applicationName)",
                    "Meditate on \(\.$session) with \(.applicationName)"
                ]
            )
        }
    }
}

/// The talk's app model, which it does not show.
enum MeditationService {
    static func startDefaultSession() async {}
    static func start(session: ImplementAnAppEntity.MeditationSession) async {}
}
