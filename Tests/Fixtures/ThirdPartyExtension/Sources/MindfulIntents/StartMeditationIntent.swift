// The intent from WWDC22's "Implement App Shortcuts with App Intents", as written: the title
// (3:43), the parameter (11:16, named and typed as 13:15 uses it) and perform() (13:15, whose
// stray closing brace after the disambiguation is removed).

// StartMeditationIntent creates a meditation session.
import AppIntents

struct StartMeditationIntent: AppIntent {
    static let title: LocalizedStringResource = "Start Meditation Session"

    // Adding a parameter to an intent allows you to prompt the user
    // to provide a value for the parameter
    @Parameter(title: "Session Type")
    var session: MeditationSession?

    // Prompting for values can be done by calling methods
    // on the property's wrapper type.
    func perform() async throws -> some ProvidesDialog {
        let sessionToRun = if let session = self.session { session } else {
            try await $session.requestDisambiguation(
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
