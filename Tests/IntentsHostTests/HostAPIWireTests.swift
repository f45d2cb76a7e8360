import ExtensionProtocol
import Framing
import LocalAPI
import Testing

/// The host API's messages survive the local API's frames, every field of them: a field
/// written but not read (or read in another order) would shift all that follows.
@Suite struct HostAPIWireTests {
    private func roundTrip<Message: WireCodable & Equatable>(_ message: Message) throws -> Message {
        let frame = try localAPICodec.encode(message)
        let header = Array(frame.prefix(FrameCodec.headerSize))
        #expect(try localAPICodec.bodyLength(ofHeader: header) == frame.count - FrameCodec.headerSize)
        return try localAPICodec.decode(Message.self, from: Array(frame.dropFirst(FrameCodec.headerSize)))
    }

    @Test func aRunRequestKeepsItsAppsFolders() throws {
        for folders in [nil, [], ["/apps/one", "/apps/two"]] as [[String]?] {
            let request = ClientMessage.request(.run(RunRequest(intent: "OrderPizzaIntent", app: "Pizza",
                                                                text: [TextParameter(name: "kind", value: "funghi")],
                                                                values: ["quantity": .integer(2)], agreesToSystemConfirmation: true,
                                                                interactive: false, appsFolders: folders)))
            #expect(try roundTrip(request) == request)
        }
    }

    @Test func everyAnswerKeepsItsKind() throws {
        for answer in [Answer.value("2"), .choice(1), .confirmation(false), .none, .inputEnded] {
            #expect(try roundTrip(ClientMessage.request(.answer(answer))) == .request(.answer(answer)))
        }
    }

    @Test func theQuestionOfWhichAppAndAFailuresExtensionSurvive() throws {
        let question = ServerMessage.reply(.question(Question(kind: .choice, text: "Which app?", choices: ["A (a.b)", "B (b.c)"], choosesApp: true)))
        #expect(try roundTrip(question) == question)
        let notice = ServerMessage.reply(.notice(Question(kind: .notice, parameter: "recipients", text: "\"9\" is not one of the choices.")))
        #expect(try roundTrip(notice) == notice)
        let failure = ServerMessage.reply(.failure(HostFailure(code: "refusedByPolicy", message: "Locked.", rule: "lockedRestricted",
                                                               extensionBundle: "com.example.MonkeyChat.Intents")))
        #expect(try roundTrip(failure) == failure)
    }
}
