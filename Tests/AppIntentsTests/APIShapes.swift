// Shapes of Apple's API that must compile as Apple's code writes them.
import AppIntents

enum APIShapes {
    struct ReturnsString: AppIntent {
        static let title: LocalizedStringResource = "Returns a String"

        func perform() async throws -> some IntentResult & ReturnsValue<String> {
            .result(value: "x")
        }
    }

    struct ReturnsValueAndDialog: AppIntent {
        static let title: LocalizedStringResource = "Returns a Value and a Dialog"

        @Parameter(title: "Name") var name: String

        func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
            .result(value: 3, dialog: IntentDialog(full: "Three sessions for \(name).", supporting: "Three."))
        }
    }

    struct SnippetWithValue: AppIntent {
        static let title: LocalizedStringResource = "Shows a Snippet"

        @Parameter var note: String?
        @Parameter(title: "Minutes") var minutes = 5
        @Parameter(title: "When") var when: Date?
        @Parameter(title: "Link") var link: URL?
        @Parameter(title: "Volume", default: 0.5) var volume: Double
        @Parameter(title: "Muted", default: false) var muted: Bool
        @Parameter(title: "Kinds") var kinds: [SessionType]?

        func perform() async throws -> some IntentResult & ReturnsValue<[String]> & ShowsSnippetView {
            let answer = try await $note.requestConfirmation(for: "hello", dialog: "Say hello?")
            if answer { throw $minutes.needsValueError("How long?") }
            if minutes < 0 { throw AppIntentError.restartPerform }
            return .result(value: ["a"], dialog: "Done.", snippet: .text("a"))
        }
    }

    struct Conditional: AppShortcutsProvider {
        static let includeBreaths = false

        static var appShortcuts: [AppShortcut] {
            AppShortcut(intent: StartMeditationIntent(), phrases: ["Meditate with \(.applicationName)"])
            if includeBreaths {
                AppShortcut(intent: CountBreathsIntent(), phrases: ["Breathe with \(.applicationName)"])
            } else {
                AppShortcut(intent: EndSessionIntent(), phrases: ["Stop with \(.applicationName)"])
            }
        }
    }

    static func requestsConfirmation() async throws {
        try await StartMeditationIntent().requestConfirmation()
        let _: IntentDescription = IntentDescription("Counts.", categoryName: "Health", searchKeywords: ["breath"])
        let _: ConfirmationActionName = .startNavigation
    }
}
