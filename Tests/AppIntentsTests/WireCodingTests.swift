import ExtensionProtocol
import Testing

/// Every App Intents message reads back from the wire coding as it was written.
@Suite struct WireCodingTests {
    func roundTrip<Message: WireCodable & Equatable>(_ message: Message) throws -> Message {
        var writer = WireWriter()
        message.write(to: &writer)
        var reader = WireReader(writer.bytes)
        let read = try Message(from: &reader)
        #expect(reader.isAtEnd)
        return read
    }

    static let hostMessages: [HostToExtensionMessage] = [
        .describeAppIntents(requestID: 1, intents: [Names.start, Names.count], shortcutsProvider: Names.shortcuts),
        .describeAppIntents(requestID: 2, intents: [], shortcutsProvider: nil),
        .queryEntities(requestID: 3, entity: Names.session, request: .suggested),
        .queryEntities(requestID: 4, entity: Names.session, request: .matching("Café")),
        .queryEntities(requestID: 5, entity: Names.session, request: .identifiers(["a", "b"])),
        .perform(requestID: 6, conversation: 7, typeName: Names.start,
                 intent: IntentPayload(name: "StartMeditationIntent", parameters: ["session": MeditationSession.calm.wire])),
        .answer(requestID: 8, conversation: 7, answer: .value(.integer(4))),
        .answer(requestID: 9, conversation: 7, answer: .choice(2)),
        .answer(requestID: 10, conversation: 7, answer: .confirmation(false)),
        .endConversation(conversation: 7),
    ]

    @Test(arguments: hostMessages) func hostMessagesRoundTrip(_ message: HostToExtensionMessage) throws {
        #expect(try roundTrip(message) == message)
    }

    @Test func extensionMessagesRoundTrip() async throws {
        let metadata = try await TestHost().describe([Names.start, Names.end], provider: Names.shortcuts)
        let messages: [ExtensionToHostMessage] = [
            .appIntentsDescribed(requestID: 1, metadata: metadata),
            .entities(requestID: 2, entities: MeditationSession.all.map(\.wire)),
            .performed(requestID: 3, result: AppIntentResultPayload(dialog: "Done.", snippet: SnippetPayload(format: .html, content: "<b>ok</b>"),
                                                                    value: .list([.integer(1)]), opensApp: true)),
            .performed(requestID: 4, result: AppIntentResultPayload(failure: "No.", declinedByUser: true)),
            .performed(requestID: 8, result: AppIntentResultPayload(failure: "You can add at most 99 of an item, not 100.",
                                                                    failureCase: "quantityTooLarge(100)")),
            .asks(requestID: 5, question: AppIntentQuestion(kind: .disambiguation, parameter: "session", dialog: "Which?",
                                                            choices: MeditationSession.all.map(\.wire))),
            .asks(requestID: 6, question: AppIntentQuestion(kind: .parameterConfirmation, parameter: "session", subject: MeditationSession.calm.wire)),
            .failed(requestID: 7, failure: ExtensionFailure(.badRequest, "Conversation 7 has no question waiting for an answer.")),
        ]
        for message in messages {
            #expect(try roundTrip(message) == message)
        }
        #expect(metadata.shortcuts.count == 2)
    }

    @Test func aFailureCaseReadsBackAndIsNotAFailureOfItsOwn() throws {
        let payload = AppIntentResultPayload(failure: "There is no Kale on the list.", failureCase: "unknownItem(\"Kale\")")
        let read = try roundTrip(payload)
        #expect(read.failureCase == "unknownItem(\"Kale\")")
        #expect(read.failure == "There is no Kale on the list.")
        #expect(try roundTrip(AppIntentResultPayload(dialog: "Done.")).failureCase == nil)
    }
}
