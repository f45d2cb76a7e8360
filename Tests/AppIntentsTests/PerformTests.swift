import ExtensionProtocol
import Testing

/// `perform` and `answer`: an intent's `perform()` run for the host, with the questions it asks.
@Suite struct PerformTests {
    let host = TestHost()

    @Test func aDisambiguationIsAskedAndTheChoiceIsUsed() async throws {
        let question = try await host.perform(Names.start, conversation: 10).question
        #expect(question == AppIntentQuestion(kind: .disambiguation, parameter: "session", dialog: "Which session?",
                                              choices: MeditationSession.all.map(\.wire)))
        let result = try await host.answer(.choice(1), conversation: 10).result
        #expect(result == AppIntentResultPayload(dialog: "Okay, starting a Guided Focus session."))
    }

    @Test func aChoiceCanBeGivenByValue() async throws {
        _ = try await host.perform(Names.start, conversation: 11).question
        let result = try await host.answer(.value(.object(ObjectValue(identifier: MeditationSession.cafe.id.uuidString, display: "?"))),
                                           conversation: 11).result
        #expect(result.dialog == "Okay, starting a Guided Café Break session.")
    }

    @Test func parametersAreSetFromTheirWireValues() async throws {
        let result = try await host.perform(Names.start, conversation: 12, [
            "session": MeditationSession.calm.wire,
            "sessionType": .enumeration(EnumerationValue(rawValue: 1, name: "silent")),
            "teachers": .list([.object(ObjectValue(identifier: "2", display: "Tomas"))]),
        ]).result
        #expect(result == AppIntentResultPayload(dialog: "Okay, starting a Silent Calm session."))
    }

    @Test func aValueThatCannotBeTheParametersFails() async throws {
        let text = try await host.perform(Names.count, conversation: 13, ["count": .string("lots")]).failure
        #expect(text == ExtensionFailure(.badRequest, "The parameter \"count\" of CountBreathsIntent cannot be \"lots\": it takes an integer."))
        let entity = try await host.perform(Names.start, conversation: 13, ["session": .object(ObjectValue(identifier: "nobody", display: "Nobody"))]).failure
        #expect(entity.message == "The parameter \"session\" of StartMeditationIntent cannot be \"Nobody\": no Meditation Session has the identifier \"nobody\".")
        let enumeration = try await host.perform(Names.start, conversation: 13, ["sessionType": .enumeration(EnumerationValue(rawValue: 7, name: "running"))]).failure
        #expect(enumeration.message == "The parameter \"sessionType\" of StartMeditationIntent cannot be \"running\": Session Type has no case \"running\".")
        let unknown = try await host.perform(Names.start, conversation: 13, ["mood": .string("calm")]).failure
        #expect(unknown == ExtensionFailure(.unknownParameter, "StartMeditationIntent has no parameter named \"mood\"."))
        let type = try await host.perform("AppIntentsTests.Nothing", conversation: 13).failure
        #expect(type.code == .unknownIntent)
    }

    @Test func aRequestedValueIsAskedForSetAndPerformedAgain() async throws {
        let question = try await host.perform(Names.count, conversation: 14, ["count": .integer(0)]).question
        #expect(question == AppIntentQuestion(kind: .value, parameter: "count", dialog: "How many breaths?"))
        let wrong = try await host.answer(.value(.string("many")), conversation: 14, id: 5).failure
        #expect(wrong == ExtensionFailure(.badRequest, "The parameter \"count\" of CountBreathsIntent cannot be \"many\": it takes an integer."))
        let stillZero = try await host.answer(.value(.integer(0)), conversation: 14, id: 6).question
        #expect(stillZero.parameter == "count")
        let result = try await host.answer(.value(.integer(4)), conversation: 14, id: 7).result
        #expect(result == AppIntentResultPayload(dialog: "Counting 4 breaths, in and out.", value: .integer(8)))
    }

    @Test func aConfirmedIntentGoesAhead() async throws {
        let question = try await host.perform(Names.end, conversation: 15).question
        #expect(question == AppIntentQuestion(kind: .intentConfirmation, dialog: "End the 10-minute session?"))
        let result = try await host.answer(.confirmation(true), conversation: 15).result
        #expect(result == AppIntentResultPayload(dialog: "Session ended.", snippet: SnippetPayload(format: .text, content: "Ended after 10 minutes"),
                                                 opensApp: true))
    }

    @Test func aDeclinedConfirmationEndsTheIntentAsDeclined() async throws {
        _ = try await host.perform(Names.end, conversation: 16, ["minutes": .integer(20)]).question
        let result = try await host.answer(.confirmation(false), conversation: 16).result
        #expect(result.declinedByUser)
        #expect(result.failure == "The user cancelled the action.")
        #expect(result.dialog == nil)
    }

    @Test func anAnswerOfTheWrongKindLeavesTheQuestionAsked() async throws {
        _ = try await host.perform(Names.end, conversation: 17).question
        let wrong = try await host.answer(.choice(0), conversation: 17, id: 5).failure
        #expect(wrong == ExtensionFailure(.badRequest, "The question asks for a yes or no."))
        let outOfRange = try await host.perform(Names.start, conversation: 18).question
        #expect(outOfRange.choices.count == 3)
        let choice = try await host.answer(.choice(3), conversation: 18, id: 6).failure
        #expect(choice.message == "The answer picks choice 3, but there are 3 choices, numbered from 0.")
        #expect(try await host.answer(.confirmation(true), conversation: 17, id: 7).result.failure == nil)
        #expect(try await host.answer(.choice(0), conversation: 18, id: 8).result.dialog == "Okay, starting a Guided Calm session.")
    }

    @Test func aThrownErrorIsTheFailure() async throws {
        let result = try await host.perform(Names.book, conversation: 19).result
        #expect(result == AppIntentResultPayload(failure: "No teacher is free right now.", failureCase: "noTeacherFree"))
    }

    @Test func anAnswerWithNothingAskedFails() async throws {
        let failure = try await host.answer(.confirmation(true), conversation: 404).failure
        #expect(failure == ExtensionFailure(.badRequest, "Conversation 404 has no question waiting for an answer."))
        _ = try await host.perform(Names.book, conversation: 20).result
        #expect(try await host.answer(.choice(0), conversation: 20).failure.code == .badRequest)
    }

    @Test func aConversationCannotPerformTwiceAtOnce() async throws {
        _ = try await host.perform(Names.end, conversation: 21).question
        let again = try await host.perform(Names.book, conversation: 21, id: 9).failure
        #expect(again.message == "Conversation 21 is already performing an intent; end it before performing \(Names.book).")
        _ = await host.send(.endConversation(conversation: 21))
        #expect(try await host.perform(Names.book, conversation: 21).result.failure == "No teacher is free right now.")
    }

    @Test func endingAConversationCancelsItsSuspendedPerform() async throws {
        let question = try await host.perform(Names.bell, conversation: 22, ["label": .string("temple")]).question
        #expect(question == AppIntentQuestion(kind: .intentConfirmation, dialog: "Ring the temple bell?"))
        #expect(await host.send(.endConversation(conversation: 22)) == nil)
        let deadline = ContinuousClock.now + .seconds(5)
        while !RingBellIntent.outcomes.withLock({ $0.contains("temple: cancelled") }) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(RingBellIntent.outcomes.withLock { $0.filter { $0.hasPrefix("temple") } } == ["temple: cancelled"])
        #expect(try await host.answer(.confirmation(true), conversation: 22).failure.code == .badRequest)
    }

    @Test func conversationsInterleave() async throws {
        async let first = host.perform(Names.start, conversation: 30, id: 31)
        async let second = host.perform(Names.count, conversation: 40, id: 41, ["count": .integer(0)])
        #expect(try await first.question.kind == .disambiguation)
        #expect(try await second.question.kind == .value)
        let counted = try await host.answer(.value(.integer(3)), conversation: 40, id: 42).result
        #expect(counted.value == .integer(6))
        let started = try await host.answer(.choice(2), conversation: 30, id: 32).result
        #expect(started.dialog == "Okay, starting a Guided Café Break session.")
    }

    @Test func theTalksPromptForValuesRuns() async throws {
        let name = "AppIntentsTests.PromptForValues.StartMeditationIntent"
        let question = try await host.perform(name, conversation: 50).question
        #expect(question.dialog == "What session would you like?")
        #expect(question.choices.map(\.displayString) == ["Breathing", "Walking"])
        let result = try await host.answer(.choice(1), conversation: 50).result
        #expect(result.dialog == "Okay, starting a Walking meditation session.")
    }

    @Test func aParameterConfirmationAsksAboutItsSubject() async throws {
        let question = try await host.perform(Names.confirm, conversation: 60, ["session": MeditationSession.focus.wire]).question
        #expect(question == AppIntentQuestion(kind: .parameterConfirmation, parameter: "session", dialog: "Did you mean Focus?",
                                              subject: MeditationSession.focus.wire))
        #expect(try await host.answer(.confirmation(false), conversation: 60).result
                    == AppIntentResultPayload(dialog: "Not starting it.", value: .boolean(false)))
        _ = try await host.perform(Names.confirm, conversation: 61, ["session": MeditationSession.calm.wire]).question
        #expect(try await host.answer(.confirmation(true), conversation: 61).result.dialog == "Starting Calm.")
    }

    @Test func scalarParametersAreConvertedFromTheirWireForms() async throws {
        let when = DateComponentsValue(year: 2026, month: 11, day: 22, hour: 19, minute: 30)
        let result = try await host.perform(Names.schedule, conversation: 62, [
            "when": .dateComponents(when), "link": .url("https://example.com/calm"), "volume": .integer(1),
            "muted": .string("yes"), "notes": .list([.string("a"), .string("b")]),
            "kinds": .list([.enumeration(EnumerationValue(rawValue: 1, name: "silent")), .string("walking")]),
        ]).result
        #expect(result == AppIntentResultPayload(dialog: "At 19:30, volume 1.0, muted true, example.com, notes a+b, kinds silent+walking.",
                                                 value: .dateComponents(when)))
        let defaults = try await host.perform(Names.schedule, conversation: 63, ["when": .dateComponents(DateComponentsValue(hour: 7, minute: 5))]).result
        #expect(defaults.dialog == "At 7:5, volume 0.5, muted false, no link, notes , kinds none.")
        let url = try await host.perform(Names.schedule, conversation: 64, ["when": .dateComponents(when), "link": .string("not a url")]).failure
        #expect(url.message == "The parameter \"link\" of ScheduleSessionIntent cannot be \"not a url\": it takes a URL.")
    }
}
