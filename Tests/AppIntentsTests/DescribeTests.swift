import ExtensionProtocol
import Testing

/// `describeAppIntents`: intents, their parameters, the entity and enum types they use, and
/// the App Shortcuts, as the host learns them.
@Suite struct DescribeTests {
    let host = TestHost()

    @Test func intentsAreDescribedInOrderWithTheShortcutsIntentsAfterThem() async throws {
        let metadata = try await host.describe([Names.end, Names.start, Names.book], provider: Names.shortcuts)
        #expect(metadata.intents.map(\.name) == ["EndSessionIntent", "StartMeditationIntent", "BookTeacherIntent", "CountBreathsIntent"])
        #expect(metadata.intents.map(\.typeName) == [Names.end, Names.start, Names.book, Names.count])
    }

    @Test func parametersHaveTheirKindsTypesAndDefaults() async throws {
        let metadata = try await host.describe([Names.start, Names.count, Names.end])
        let start = try #require(metadata.intent(named: "StartMeditationIntent"))
        #expect(start.title == "Start Meditation Session")
        #expect(start.description == "Starts a meditation session.")
        #expect(start.parameters == [
            AppParameterSchema(name: "session", title: "Session", kind: .entity, typeName: Names.session, isOptional: true,
                               requestDisambiguationDialog: "Which session?"),
            AppParameterSchema(name: "sessionType", title: "Session Type", kind: .enumeration, typeName: Names.sessionType, hasDefault: true),
            AppParameterSchema(name: "teachers", title: "Teachers", kind: .entity, typeName: Names.teacher, isList: true),
        ])
        let count = try #require(metadata.intent(typeName: Names.count))
        #expect(count.parameters == [AppParameterSchema(name: "count", title: "Count", kind: .integer, requestValueDialog: "How many breaths?")])
        #expect(count.parameters[0].isRequired)
        let end = try #require(metadata.intent(named: "EndSessionIntent"))
        #expect(end.parameters.map(\.hasDefault) == [true])
        #expect(end.description == nil)
    }

    @Test func policiesAndOpeningTheAppAreDescribed() async throws {
        let metadata = try await host.describe([Names.start, Names.count, Names.end])
        #expect(metadata.intents.map(\.authenticationPolicy) == [.alwaysAllowed, .requiresAuthentication, .alwaysAllowed])
        #expect(metadata.intents.map(\.openAppWhenRun) == [false, false, true])
    }

    @Test func entityAndEnumTypesAreDescribedOnce() async throws {
        let metadata = try await host.describe([Names.start, Names.book])
        #expect(metadata.entities == [
            AppEntitySchema(typeName: Names.session, displayName: "Meditation Session", matchesStrings: true, isEnumerable: false),
            AppEntitySchema(typeName: Names.teacher, displayName: "Teacher", matchesStrings: false, isEnumerable: true),
        ])
        #expect(metadata.enums == [AppEnumSchema(typeName: Names.sessionType, displayName: "Session Type", cases: [
            AppEnumCase(identifier: "guided", title: "Guided"), AppEnumCase(identifier: "silent", title: "Silent"),
            AppEnumCase(identifier: "walking", title: "Walking"),
        ])])
    }

    @Test func shortcutsKeepTheirOrderAndRenderTheirPhrases() async throws {
        let metadata = try await host.describe([], provider: Names.shortcuts)
        #expect(metadata.shortcuts == [
            AppShortcutSchema(intent: Names.start,
                              phrases: ["Start a ${session} session with ${applicationName}", "Meditate with ${applicationName}"],
                              shortTitle: "Meditate", systemImageName: "leaf"),
            AppShortcutSchema(intent: Names.count, phrases: ["Count breaths in ${applicationName}"]),
        ])
    }

    @Test func theTalksParameterizedPhrasesRender() async throws {
        let metadata = try await host.describe([], provider: "AppIntentsTests.AddParameterizedPhrases.MeditationShortcuts")
        #expect(metadata.shortcuts.first?.phrases == [
            "Start a ${applicationName}", "Begin ${applicationName}", "Meditate with ${applicationName}",
            "Start a ${session} session with ${applicationName}", "Begin a ${session} session with ${applicationName}",
            "Meditate on ${session} with ${applicationName}",
        ])
        #expect(metadata.intents.map(\.typeName) == ["AppIntentsTests.PromptForValues.StartMeditationIntent"])
        #expect(metadata.entities.map(\.displayName) == ["Meditation Session"])
    }

    @Test func aNameThatIsNoIntentFails() async throws {
        let missing = try await host.failure(.describeAppIntents(requestID: 5, intents: [Names.start, "AppIntentsTests.NoSuchIntent"], shortcutsProvider: nil))
        #expect(missing == ExtensionFailure(.unknownIntent,
                                            "The extension's library has no type named \"AppIntentsTests.NoSuchIntent\" (an AppIntent was expected)."))
        let notAnIntent = try await host.failure(.describeAppIntents(requestID: 6, intents: [Names.session], shortcutsProvider: nil))
        #expect(notAnIntent == ExtensionFailure(.unknownIntent,
                                                "The type \"AppIntentsTests.MeditationSession\" in the extension's library does not conform to AppIntent."))
        let provider = try await host.failure(.describeAppIntents(requestID: 7, intents: [], shortcutsProvider: Names.start))
        #expect(provider.message == "The type \"AppIntentsTests.StartMeditationIntent\" in the extension's library does not conform to AppShortcutsProvider.")
    }

    @Test func everyKindOfParameterIsDescribed() async throws {
        let metadata = try await host.describe(["AppIntentsTests.APIShapes.SnippetWithValue"])
        #expect(metadata.intents.first?.name == "SnippetWithValue")
        #expect(metadata.intents.first?.parameters == [
            AppParameterSchema(name: "note", title: "note", kind: .string, isOptional: true),
            AppParameterSchema(name: "minutes", title: "Minutes", kind: .integer, hasDefault: true),
            AppParameterSchema(name: "when", title: "When", kind: .date, isOptional: true),
            AppParameterSchema(name: "link", title: "Link", kind: .url, isOptional: true),
            AppParameterSchema(name: "volume", title: "Volume", kind: .double, hasDefault: true),
            AppParameterSchema(name: "muted", title: "Muted", kind: .boolean, hasDefault: true),
            AppParameterSchema(name: "kinds", title: "Kinds", kind: .enumeration, typeName: Names.sessionType, isOptional: true, isList: true),
        ])
    }

    @Test func aProviderWithAnIfListsTheBranchTaken() async throws {
        let metadata = try await host.describe([], provider: "AppIntentsTests.APIShapes.Conditional")
        #expect(metadata.shortcuts.map(\.intent) == [Names.start, Names.end])
        #expect(metadata.shortcuts.map(\.phrases) == [["Meditate with ${applicationName}"], ["Stop with ${applicationName}"]])
    }
}
