// StartMeditationIntent creates a meditation session.
import AppIntents

/// Starts a meditation session, asking which one when none was said: the article's intent in
/// its final form.
public struct StartMeditationIntent: AppIntent {
    public static let title: LocalizedStringResource = "Start Meditation Session"

    @Parameter(title: "Session Type")
    public var session: MeditationSession?

    public init() {}

    // Prompting for values can be done by calling methods
    // on the property's wrapper type.
    public func perform() async throws -> some IntentResult & ProvidesDialog & ShowsSnippetView {
        let sessionToRun = if let session = self.session { session } else {
            try await $session.requestDisambiguation(
                among: SessionManager.allSessions,
                dialog: IntentDialog("What session would you like?")
            )
        }
        await MeditationService.start(session: sessionToRun)
        // The Linux stand-in for the article's MeditationSnippetView: text shown beside the dialog.
        return .result(
            dialog: "Okay, starting a \(sessionToRun.name) meditation session.",
            snippet: .text("\(sessionToRun.name) meditation session, started.")
        )
    }
}
