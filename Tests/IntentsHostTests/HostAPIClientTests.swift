import Foundation
import IntentsClient
import SystemStore
import Testing

/// The typed host API: `IntentsClient` against a real `intents serve` and real, sandboxed
/// extension processes.
@Suite struct HostAPIClientTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    private func client(startsServer: Bool = false) -> IntentsClient {
        var configuration = IntentsClient.Configuration(stateFolder: state.path)
        configuration.startsServer = startsServer
        configuration.hostExecutable = Package.products + "/intents-host"
        return IntentsClient(configuration)
    }

    @Test func aConversationAsksTypedQuestionsAndTakesTypedAnswers() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        try SystemStore(stateFolder: state.path).setAuthorization(.authorized, app: "com.example.MonkeyChat")
        let client = client()
        let asked = QuestionLog()
        let request = RunRequest(intent: "INSendMessageIntent",
                                 text: [TextParameter(name: "recipients", value: "Bobo"), TextParameter(name: "content", value: "Please send more bananas")])
        let result = try await client.run(request) { question in
            asked.append(question)
            switch question.kind {
            case .choice: return .choice(question.choices.firstIndex(of: "Bobo (@bobo.jungle)") ?? -1)
            case .confirmation: return .confirmation(true)
            default: return .none
            }
        }
        #expect(asked.questions.map(\.kind) == [.choice, .confirmation])
        #expect(asked.questions.first?.parameter == "recipients")
        #expect(asked.questions.first?.choices == ["Bobo (@bobo.banana)", "Bobo (@bobo.jungle)", "Bobo (@bobo.treetop)"])
        #expect(result.status == .success)
        #expect(result.extensionBundle == "com.example.MonkeyChat.Intents")
        #expect(result.step == "handle")
        #expect(result.response.codeName == "success")
        // The typed answer picked the second Bobo: the resolved intent holds that person.
        guard case .list(let recipients)? = result.intent.parameters["recipients"], case .person(let person)? = recipients.first else {
            Issue.record("no resolved recipient in \(result.intent.parameters)")
            return
        }
        #expect(person.displayString.contains("bobo.jungle"), "\(person)")
        #expect(result.transcript.map(\.answer) == ["2", "yes"])
        #expect(await server.stop() == 0)
    }

    @Test func oneConnectionServesManyRequestsAndAFailureIsTyped() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        let client = client()
        for _ in 0..<3 {
            let status = try await client.status()
            #expect(status.lockState == "unlocked")
            #expect(status.testControl == false)
        }
        // Not authorized for Siri: refused by the gate, with its rule; nothing ran.
        let refused = await #expect(throws: IntentsClientError.self) {
            _ = try await client.run(RunRequest(intent: "INSendMessageIntent", text: [TextParameter(name: "recipients", value: "Kiki"),
                                                                                      TextParameter(name: "content", value: "hi")],
                                                agreesToSystemConfirmation: true))
        }
        #expect(refused?.code == .refusedByPolicy)
        #expect(refused?.rule == "not-authorized")
        // Without a terminal to ask, a question is an inputRequired failure quoting it.
        try SystemStore(stateFolder: state.path).setAuthorization(.authorized, app: "com.example.MonkeyChat")
        let unanswered = await #expect(throws: IntentsClientError.self) {
            _ = try await client.run(RunRequest(intent: "INSendMessageIntent", text: [TextParameter(name: "recipients", value: "Bobo"),
                                                                                      TextParameter(name: "content", value: "hi")],
                                                interactive: false))
        }
        #expect(unanswered?.code == .inputRequired)
        #expect(unanswered?.message.contains("Which recipient do you mean?") == true)
        // Only the intents command, or a client of a --test-control server, sets the lock state.
        let lock = await #expect(throws: IntentsClientError.self) { try await client.setLocked(true) }
        #expect(lock?.code == .refusedByPolicy)
        #expect(try await client.status().lockState == "unlocked")
        #expect(await server.stop() == 0)
    }

    @Test func aPooledConnectionOfAStoppedServerIsReplacedForTheNextRequest() async throws {
        let folder = try sampleAppsFolder(apps)
        let first = try await TestServer(apps: [folder], state: state.path)
        let client = client()
        #expect(try await client.status().lockState == "unlocked")
        // The server stops: its idle connection, pooled by the client, is closed.
        #expect(await first.stop() == 0)
        let second = try await TestServer(apps: [folder], state: state.path)
        #expect(try await client.status().lockState == "unlocked")
        #expect(await second.stop() == 0)
    }

    @Test func aTestControlServerLetsItsClientLockAndAuthorize() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path, arguments: ["--test-control"])
        let client = client()
        #expect(try await client.setLocked(true).lockState == "locked")
        try await client.authorize(app: "MonkeyChat", .authorized)
        #expect(try SystemStore(stateFolder: state.path).authorization(app: "com.example.MonkeyChat") == .authorized)
        let refused = await #expect(throws: IntentsClientError.self) {
            _ = try await client.run(RunRequest(intent: "INSendMessageIntent", text: [TextParameter(name: "recipients", value: "Kiki"),
                                                                                      TextParameter(name: "content", value: "hi")],
                                                agreesToSystemConfirmation: true))
        }
        #expect(refused?.rule == "restricted-while-locked")
        #expect(try await client.setLocked(false).lockState == "unlocked")
        let sent = try await client.run(RunRequest(intent: "INSendMessageIntent", text: [TextParameter(name: "recipients", value: "Kiki"),
                                                                                          TextParameter(name: "content", value: "hi")],
                                                   agreesToSystemConfirmation: true))
        #expect(sent.status == .success)
        #expect(await server.stop() == 0)
    }

    /// A test library's client on its own server lists the apps' authorizations and gets the
    /// app's after a decision; the server's folders are the `intents` command's only.
    @Test func aTestControlClientListsAuthorizationsButIsNotToldTheFolders() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path, arguments: ["--test-control"])
        let client = client()
        let before = try await client.authorizations()
        #expect(before.map(\.name) == ["Meditation", "MonkeyChat", "Pizza", "Sandbox Tester"])
        #expect(before.allSatisfy { $0.status == .notDetermined && $0.pendingRequest == nil })
        #expect(before.first { $0.name == "MonkeyChat" }?.canAsk == true)
        let decided = try await client.authorize(app: "MonkeyChat", .denied)
        #expect(decided == AppAuthorization(app: "com.example.MonkeyChat", name: "MonkeyChat", status: .denied, canAsk: true, pendingRequest: nil))
        #expect(try await client.authorizations().first { $0.name == "MonkeyChat" }?.status == .denied)
        let unknown = await #expect(throws: IntentsClientError.self) { try await client.authorize(app: "Nobody", .authorized) }
        #expect(unknown?.code.rawValue == "usage")
        let folders = await #expect(throws: IntentsClientError.self) { try await client.setup() }
        #expect(folders?.code.rawValue == "refusedByPolicy")
        #expect(folders?.message.contains(self.state.path) == false)
        #expect(await server.stop() == 0)
    }

    /// On the user's server (no `--test-control`), another process may neither list nor decide.
    @Test func onlyTheIntentsCommandListsAuthorizationsOnTheUsersServer() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        let client = client()
        for attempt in [{ _ = try await client.authorizations() }, { _ = try await client.authorize(app: "MonkeyChat", .authorized) }]
            as [@Sendable () async throws -> Void] {
            let refused = await #expect(throws: IntentsClientError.self) { try await attempt() }
            #expect(refused?.code.rawValue == "refusedByPolicy")
        }
        #expect(try SystemStore(stateFolder: state.path).authorization(app: "com.example.MonkeyChat") == .notDetermined)
        #expect(await server.stop() == 0)
    }

    /// Phrases run only for the `intents` command (the source they give is the user's voice);
    /// the bundles' paths are its only; the user's records are a user-control client's only.
    @Test func anotherProcessRunsNoPhraseAndReadsNoRecordsOnTheUsersServer() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        let client = client()
        let told = QuestionLog()
        let said = await #expect(throws: IntentsClientError.self) {
            _ = try await client.say(SayRequest(phrase: "Start a Meditation"), spoken: { _ in told.append(Question(kind: .notice, text: "spoken")) })
        }
        #expect(said?.code.rawValue == "refusedByPolicy")
        #expect(told.questions.isEmpty)
        let listing = await #expect(throws: IntentsClientError.self) { _ = try await client.apps() }
        #expect(listing?.code.rawValue == "refusedByPolicy")
        for attempt in [{ _ = try await client.donations() }, { _ = try await client.voiceShortcuts() }, { _ = try await client.suggestions() },
                        { _ = try await client.deleteDonations([], all: true) }] as [@Sendable () async throws -> Void] {
            let refused = await #expect(throws: IntentsClientError.self) { try await attempt() }
            #expect(refused?.code.rawValue == "refusedByPolicy")
        }
        #expect(await server.stop() == 0)
    }

    /// A test library's client on its own server reads the records and vocabulary.
    @Test func aTestControlClientReadsTheRecords() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path, arguments: ["--test-control"])
        let client = client()
        #expect(try await client.donations().donations.isEmpty)
        #expect(try await client.voiceShortcuts().appShortcuts.contains { $0.app == "com.example.Meditation" })
        #expect(try await client.suggestions(limit: 3).suggestions.isEmpty)
        #expect(try await client.vocabulary().apps.map(\.app) == ["com.example.MonkeyChat", "com.example.Pizza"])
        let limit = await #expect(throws: IntentsClientError.self) { _ = try await client.suggestions(limit: 0) }
        #expect(limit?.code.rawValue == "usage")
        #expect(await server.stop() == 0)
    }

    @Test func testControlIsRefusedForAStateFolderThatMayBeReal() async throws {
        let folder = try sampleAppsFolder(apps)
        // A folder that already holds a store: someone's real state, perhaps.
        _ = try SystemStore(stateFolder: state.path)
        await #expect(throws: TestServer.ServerStartFailure.self) {
            _ = try await TestServer(apps: [folder], state: state.path, arguments: ["--test-control"])
        }
        // The user's own state folder, empty as it may be.
        let home = TemporaryFolder()
        let own = home.path + "/.local/state/intents"
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        let refused = try await runProgram(Package.cli, ["serve", "--apps", folder, "--state", own, "--test-control"],
                                           environment: ["PATH": "/usr/bin:/bin", "HOME": home.path])
        #expect(refused.status != 0)
        #expect(refused.output.contains("the user's own state folder"), "\(refused.output)")
        #expect(!FileManager.default.fileExists(atPath: own + "/test-control"))
    }

    @Test func appIntentsEntitiesEnumsAndTheCatalogAreTyped() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        let client = client()
        // The catalog says when the App Intents are known: wait for that change, not for time.
        var known: CatalogSnapshot?
        for try await catalog in client.catalogChanges() {
            if catalog.apps.flatMap(\.extensions).allSatisfy(\.appIntentsKnown) {
                known = catalog
                break
            }
        }
        let catalog = try #require(known)
        let meditation = try #require(catalog.apps.first { $0.bundleIdentifier == "com.example.Meditation" }?.extensions.first)
        let start = try #require(meditation.appIntents.first { $0.name == "StartMeditationIntent" })
        #expect(start.parameters.map(\.name) == ["session"])
        let entity = try #require(meditation.entities.first { $0.typeName.hasSuffix("MeditationSession") })
        let monkeyChat = try #require(catalog.apps.first { $0.bundleIdentifier == "com.example.MonkeyChat" }?.extensions.first)
        let send = try #require(monkeyChat.siriKitIntents.first { $0.name == "INSendMessageIntent" })
        #expect(send.restrictedWhileLocked)
        #expect(send.parameters.contains { $0.name == "recipients" && $0.isList })

        let suggested = try await client.entities(entity.typeName, .suggested)
        #expect(suggested.map(\.displayString) == ["Walking", "Calming", "Focus"])
        let matched = try await client.entities(entity.typeName, .matching("calm"))
        #expect(matched.map(\.displayString) == ["Calming"])
        let noEnum = await #expect(throws: IntentsClientError.self) { _ = try await client.enumCases("NoSuchEnum") }
        #expect(noEnum?.code == .noExtension)

        // An App Intent's question is typed too: which session, answered by index.
        let result = try await client.run(RunRequest(intent: "StartMeditationIntent")) { question in
            question.kind == .choice ? .choice(1) : .none
        }
        #expect(result.status == .success)
        #expect(result.step == "perform")
        #expect(result.appIntentResult?.dialog == "Okay, starting a Calming meditation session.")
        let table = try await client.policyMatrix()
        #expect(table.rows.contains { $0.name == "StartMeditationIntent" && $0.kind == "app-intent" })
        #expect(table.rows.allSatisfy { $0.cells.count == table.columns.count })
        #expect(await server.stop() == 0)
    }

    @Test func aBundleDroppedInChangesTheWatchedCatalog() async throws {
        let folder = apps.path + "/Apps"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try await TestServer(apps: [folder], state: state.path)
        let client = client()
        var generations: [Int] = []
        var added = false
        for try await catalog in client.catalogChanges() {
            generations.append(catalog.generation)
            if catalog.apps.isEmpty && !added {
                added = true
                try addFaultyApp(to: folder)
            } else if catalog.apps.map(\.bundleIdentifier) == ["com.example.Faulty"] {
                break
            }
        }
        #expect(generations.count >= 2)
        #expect(generations == generations.sorted())
        #expect(await server.stop() == 0)
    }

    @Test func withNoServerRunningTheClientStartsOneThatEndsWhenIdle() async throws {
        let folder = try sampleAppsFolder(apps)
        #expect(LocalAPISocket.connect(stateFolder: state.path) == nil)
        var configuration = IntentsClient.Configuration(stateFolder: state.path)
        configuration.appsFolders = [folder]
        configuration.hostExecutable = Package.products + "/intents-host"
        // Long enough that a loaded machine's pauses never end it before the second client.
        configuration.serverIdleExitSeconds = 5
        do {
            let starter = IntentsClient(configuration)
            let catalog = try await starter.catalog()
            #expect(catalog.apps.map(\.bundleIdentifier).contains("com.example.MonkeyChat"))
            // A second client, not allowed to start one, finds the server that was started.
            let status = try await client(startsServer: false).status()
            #expect(status.lockState == "unlocked")
        }
        // Every connection closed with its client: the server ends once idle, taking its socket
        // (looked for without connecting, which would keep it busy).
        let socket = state.path + "/" + LocalAPISocket.fileName
        try await waitUntil(.seconds(60)) { !FileManager.default.fileExists(atPath: socket) }
        let log = (try? String(contentsOfFile: state.path + "/server.log", encoding: .utf8)) ?? ""
        #expect(log.contains("--exit-when-idle"), "\(log)")
    }
}

/// The questions a conversation asked, in order.
private final class QuestionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [Question] = []

    func append(_ question: Question) { lock.withLock { asked.append(question) } }
    var questions: [Question] { lock.withLock { asked } }
}
