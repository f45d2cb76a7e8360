import AppIntents
import Testing

/// Text that interpolates App Intents values, and requests made outside the system.
@Suite struct TextAndRequestTests {
    @Test func interpolationWritesDisplayTitles() {
        let name: LocalizedStringResource = "Breathing"
        let dialog: IntentDialog = "Okay, starting a \(name) \(SessionType.silent) \(MeditationSession.focus) session, \(3) times."
        #expect(dialog.full.key == "Okay, starting a Breathing Silent Focus session, 3 times.")
        #expect(IntentDialog("Which \(MeditationSession.calm)?").supporting.key == "Which Calm?")
        #expect(DisplayRepresentation(stringLiteral: "Calm").title == "Calm")
        #expect(Teacher.typeDisplayRepresentation.name == "Teacher")
        #expect(MeditationSession.typeDisplayName == "Meditation Session")
    }

    @Test func requestsOutsideTheSystemFail() async throws {
        let intent = StartMeditationIntent()
        let error = await #expect(throws: (any Error).self) { try await intent.perform() }
        #expect((error as? any LocalizedError)?.errorDescription
                    == "requestDisambiguation(among:dialog:) asks the user, which only perform() run by the system can do.")
    }

    @Test func parametersReadTheirDefaultsAndEmptyValues() {
        let intent = StartMeditationIntent()
        #expect(intent.session == nil)
        #expect(intent.sessionType == .guided)
        #expect(intent.teachers.isEmpty)
        intent.session = .calm
        #expect(intent.$session.wrappedValue?.name == "Calm")
        #expect(APIShapes.SnippetWithValue().minutes == 5)
    }

    @Test func errorsSayWhatTheyAre() {
        #expect(CountBreathsIntent().$count.needsValueError("How many?").description == "The parameter \"Count\" needs a value.")
        #expect(APIShapes.SnippetWithValue().$note.needsValueError().description == "A parameter needs a value.")
        #expect(AppIntentError.userCancelled.errorDescription == "The user cancelled the action.")
    }

    @Test func readingARequiredParameterWithNoValueStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = CountBreathsIntent().count
        }
    }
}
