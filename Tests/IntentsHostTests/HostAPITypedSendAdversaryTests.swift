import ExtensionProtocol
import Foundation
import IntentsClient
import LocalAPI
import Synchronization
import SystemStore
import Testing

/// Red-team pass on what the typed `send` added to the host API's `run` (local API 3): the
/// apps-folders check and the notice before the question of which app. Any program may be a
/// client (a sample app's system calls reach the same socket); these tests run as a client
/// that is not the user's `intents` command.
@Suite struct HostAPITypedSendAdversaryTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    private func client() -> IntentsClient {
        clientOfRunningServer(stateFolder: state.path)
    }

    /// FINDING (low, information disclosure): the catalog the host API gives any client names
    /// no folder (conflicts are kept out of its faults); now any client learns the server's apps folders and
    /// state folder from a run naming other apps folders (`checkAppsFolders`), and every
    /// conflicting extension's bundle path from the notice before "which app?", whatever the
    /// client is. The `intents` command needs those sentences; another program does not.
    @Test func aClientThatIsNotTheIntentsCommandLearnsNoServerPaths() async throws {
        let samples = try sampleAppsFolder(apps)
        let early = TemporaryFolder()
        try addAppClaimingOrderPizza(to: early.path)
        let server = try await TestServer(apps: [early.path, samples], state: state.path)
        defer { _ = server }
        let folderNames = [early.path, samples, state.path].flatMap { [$0, RealPath.of($0) ?? $0] }

        let wrongFolders = await #expect(throws: IntentsClientError.self) {
            try await client().run(RunRequest(intent: "OrderPizzaIntent", interactive: false, appsFolders: ["/"]))
        }
        let refusal = wrongFolders?.message ?? ""
        #expect(!folderNames.contains { refusal.contains($0) }, "a run naming \"/\" is told: \(refusal)")

        let notices = Mutex<[Question]>([])
        _ = try? await client().run(RunRequest(intent: "OrderPizzaIntent", text: [TextParameter(name: "kind", value: "margherita")],
                                               interactive: false),
                                    notice: { said in notices.withLock { $0.append(said) } })
        let said = notices.withLock { $0 }.map { ([$0.text] + $0.choices).joined(separator: " ") }.joined(separator: "\n")
        #expect(!said.contains(early.path) && !said.contains(samples), "the notice names bundle paths: \(said)")
    }

    /// FINDING (high, the user's contacts): a typed run matched the people it named against the
    /// user's contacts whatever the client was, so any program reaching the socket (an app the
    /// host continued, in its sandbox, too) learned a contact's name and handle from the notices,
    /// the questions or the resolved intent. Only the user's `intents` command has its names
    /// matched now; another client's reach the extension as given.
    @Test func aClientThatIsNotTheIntentsCommandLearnsNoContact() async throws {
        let samples = try sampleAppsFolder(apps)
        let vcards = state.path + "/contacts.vcf"
        try "BEGIN:VCARD\nUID:mom-1\nFN:Maria Silva\nNICKNAME:Mom\nTEL;TYPE=CELL:+1 555 0199\nEND:VCARD\n"
            .write(toFile: vcards, atomically: true, encoding: .utf8)
        let store = try SystemStore(stateFolder: state.path)
        try store.setContactsPath(vcards)
        try store.setAuthorization(.authorized, app: "com.example.MonkeyChat")
        let server = try await TestServer(apps: [samples], state: state.path)
        defer { _ = server }

        let said = SaidLog()
        let record: @Sendable (Question) -> Void = { question in said.append(([question.text] + question.choices).joined(separator: " ")) }
        do {
            let result = try await client().run(RunRequest(intent: "INSendMessageIntent", text: [TextParameter(name: "recipients", value: "Mom"),
                                                                                                 TextParameter(name: "content", value: "hi")],
                                                           agreesToSystemConfirmation: true),
                                                answering: { question in record(question); return .none },
                                                notice: { question in record(question) })
            said.append("\(result)")
        } catch {
            said.append("\(error)")
        }
        let heard = said.lines.joined(separator: "\n")
        #expect(!heard.contains("0199") && !heard.contains("Maria") && !heard.contains("mom-1"), "another client learned the contact: \(heard)")
        #expect(heard.contains("\"Mom\" cannot be used for recipient"), "the name reached MonkeyChat as given: \(heard)")

        // The user's own `intents` command, through the same server, has the name matched.
        let served = server.servedCount
        let line = ["--apps", samples, "--state", state.path, "send", "INSendMessageIntent", "--param", "recipients=Mom", "--param", "content=hi",
                    "--non-interactive", "--yes"]
        let run = try await runCLI(line, home: state.path)
        #expect(server.servedCount == served + 1, "not served: \(server.log)")
        #expect((run.stdout + run.stderr).contains("\"Maria Silva (+1 555 0199)\" cannot be used for recipient"), "\(run.stdout)\n\(run.stderr)")
    }
}

/// What a client was told, line by line.
private final class SaidLog: @unchecked Sendable {
    private let lock = NSLock()
    private var said: [String] = []

    func append(_ line: String) { lock.withLock { said.append(line) } }
    var lines: [String] { lock.withLock { said } }
}
