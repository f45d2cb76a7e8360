import ExtensionProtocol
import Framing
import Foundation
import LocalAPI
import SystemCalls
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

    /// A step deadline crosses as seconds and nanoseconds; a frame with negative or absurd
    /// seconds, or nanoseconds past a second, is refused by the reader, not taken as some other
    /// duration (one merely out of range reaches the server, which refuses it with a sentence).
    @Test func aRunsStepTimeoutSurvivesAndAHostileOneIsRefused() throws {
        for timeout in [Duration.milliseconds(1), .milliseconds(2500), .seconds(86_400)] {
            let request = ClientMessage.request(.run(RunRequest(intent: "EchoIntent", stepTimeout: timeout)))
            #expect(try roundTrip(request) == request)
        }
        for (seconds, nanoseconds) in [(Int(Int32.max) + 1, 0), (1, 1_000_000_000), (-1, 0)] {
            var writer = WireWriter()
            RunRequest(intent: "EchoIntent").write(to: &writer)
            var bytes = writer.bytes
            bytes.removeLast()  // the absent step timeout
            var tail = WireWriter()
            tail.bool(true)
            tail.int(seconds)
            tail.int(nanoseconds)
            bytes += tail.bytes
            #expect(throws: ProtocolError.self, "\(seconds) s \(nanoseconds) ns") { try RunRequest(wireBytes: bytes) }
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

    /// `authorize` and `status` (version 4): every field of the requests and replies, with and
    /// without their optional parts.
    @Test func authorizationsAndTheSetupSurvive() throws {
        for request in [AuthorizeRequest(), AuthorizeRequest(app: "MonkeyChat", status: .denied, appsFolders: ["/apps"]),
                        AuthorizeRequest(app: "com.example.Pizza", status: .notDetermined, appsFolders: [])] {
            #expect(try roundTrip(ClientMessage.request(.authorize(request))) == .request(.authorize(request)))
        }
        for folders in [nil, ["/apps/one", "/apps/two"]] as [[String]?] {
            #expect(try roundTrip(ClientMessage.request(.setup(appsFolders: folders))) == .request(.setup(appsFolders: folders)))
        }
        let apps = ServerMessage.reply(.authorizations([
            AppAuthorization(app: "com.example.MonkeyChat", name: "MonkeyChat", status: .authorized, canAsk: true, pendingRequest: nil),
            AppAuthorization(app: "com.example.Forger", name: "Forger\n", status: .notDetermined, canAsk: false, pendingRequest: "Let me in"),
        ]))
        #expect(try roundTrip(apps) == apps)
        let probed = SandboxSetup(layers: ["landlock", "seccomp"], landlockABI: 7, missingRequired: ["seccomp"], problems: ["No cgroup."],
                                  threadCap: "RLIMIT_NPROC")
        for (sandbox, problem) in [(probed, nil), (SandboxSetup(problem: "The runner cannot be started."), "unreadable")] as [(SandboxSetup, String?)] {
            let setup = ServerMessage.reply(.setup(HostSetup(lockState: "locked", lockStateProblem: problem, stateFolder: "/state",
                                                             appsFolders: ["/apps"], runner: "/bin/intents-extension", apps: 4, extensions: 5,
                                                             faults: 1, conflicts: 2, sandbox: sandbox)))
            #expect(try roundTrip(setup) == setup)
        }
    }

    @Test func theVocabularyListingSurvives() throws {
        #expect(try roundTrip(ClientMessage.request(.vocabulary(appsFolders: ["/apps"]))) == .request(.vocabulary(appsFolders: ["/apps"])))
        for listing in [VocabularyListing(user: [], apps: []),
                        VocabularyListing(user: [UserVocabulary(app: "com.example.MonkeyChat", type: 1, strings: ["Bobo", ""])],
                                          apps: [AppVocabulary(app: "com.example.Pizza", name: "Pizza",
                                                               parameters: [.init(name: "OrderPizzaIntent.kind", values: [.init(identifier: "funghi", phrases: ["mushroom"])])],
                                                               intentPhrases: [.init(intent: "OrderPizzaIntent", examples: ["Order a pizza with Pizza"])])])] {
            #expect(try roundTrip(ServerMessage.reply(.vocabulary(listing))) == .reply(.vocabulary(listing)))
        }
    }

    /// Apps' system calls travel in the same wire coding (no JSON): every call and result.
    @Test func everySystemCallAndResultRoundTrips() throws {
        let payload = IntentPayload(name: "OrderPizzaIntent", parameters: ["quantity": .integer(2), "kind": .string("funghi")])
        let activity = UserActivityPayload(activityType: "com.example.show", title: "Show", userInfo: ["id": .string("7")])
        let donation = Donation(identifier: "d-1", app: "com.example.Pizza", kind: .interaction, date: Date(timeIntervalSinceReferenceDate: 812_345.25),
                                action: .intent(payload, className: "PizzaIntents.OrderPizzaIntent"), groupIdentifier: "orders",
                                responseCode: "success", persistentIdentifier: nil, suggestedInvocationPhrase: "Pizza time")
        let shortcut = VoiceShortcutRecord(phrase: "pizza time", app: "com.example.Pizza", action: .userActivity(activity), donation: "d-1")
        let calls: [SystemCall] = [
            .donate(donation), .deleteDonations(.identifiers(["a", "b"])), .deleteDonations(.groupIdentifier("orders")),
            .deleteDonations(.persistentIdentifiers(["p"])), .deleteDonations(.all(nil)), .deleteDonations(.all(.userActivity)),
            .voiceShortcuts, .voiceShortcut(shortcut.identifier), .setShortcutSuggestions([.intent(payload, className: nil), .userActivity(activity)]),
            .setRelevantShortcuts([RelevantShortcutRecord(action: .userActivity(activity), role: 1,
                                                          intervals: [DateInterval(start: Date(timeIntervalSinceReferenceDate: 1), duration: 3600)])]),
            .setVocabulary(["Margherita", "Funghi"], type: 3), .removeAllVocabulary, .authorization,
            .requestAuthorization(displayName: "Pizza", usageDescription: "To order."), .appGroupContainer("group.com.example.pizza"),
            .updateAppShortcutParameters,
        ]
        for call in calls {
            #expect(try SystemCall(wireBytes: call.wireBytes) == call)
            let request = ClientMessage.app(AppRequest(operation: call.name, call: call.wireBytes))
            #expect(try roundTrip(request) == request)
        }
        let results: [SystemCallResult] = [.done, .count(3), .voiceShortcuts([shortcut]), .voiceShortcut(nil), .voiceShortcut(shortcut),
                                           .authorization(.denied), .path("/state/AppGroups/group.com.example.pizza")]
        for result in results {
            #expect(try SystemCallResult(wireBytes: result.wireBytes) == result)
        }
        // A hostile app's bytes: a bad tag, a date that is not a number, trailing bytes.
        #expect(throws: ProtocolError.self) { try SystemCall(wireBytes: [12]) }
        var writer = WireWriter()
        writer.unsigned(0)
        writer.string("d"); writer.string("a"); writer.unsigned(0); writer.double(.nan)
        #expect(throws: ProtocolError.self) { try SystemCall(wireBytes: writer.bytes) }
        #expect(throws: ProtocolError.self) { try SystemCall(wireBytes: SystemCall.authorization.wireBytes + [0]) }
    }
}
