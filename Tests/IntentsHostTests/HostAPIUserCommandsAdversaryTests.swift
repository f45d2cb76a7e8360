import ExtensionProtocol
import Foundation
import SystemStore
import IntentsClient
import LocalAPI
import Testing

/// Red-team pass on `authorize`, `setup` and `policyMatrix` as typed host-API requests (local
/// API 4), as a client that is not the user's `intents` command (a test process is not it).
@Suite struct HostAPIUserCommandsAdversaryTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    private func client() -> IntentsClient {
        clientOfRunningServer(stateFolder: state.path)
    }

    /// FINDING (low, information disclosure): any client may ask for the policy matrix, and
    /// since local API 4 it carries `lockStateProblem`, the lock-state reader's sentence, which
    /// names the state folder (`<state>/lock-state holds "..."`). `status` tells other clients
    /// the lock state only, and `setup` (which names the folders) is the `intents` command's.
    @Test func thePolicyMatrixNamesNoStateFolderToAnotherProcess() async throws {
        let samples = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [samples], state: state.path)
        defer { _ = server }
        try "sideways\n".write(toFile: state.path + "/lock-state", atomically: true, encoding: .utf8)
        let table = try await client().policyMatrix()
        #expect(table.currentLockState == "lockedBeforeFirstUnlock")
        let problem = try #require(table.lockStateProblem)
        let paths = [state.path, RealPath.of(state.path) ?? state.path]
        #expect(!paths.contains { problem.contains($0) }, "another process is told: \(problem)")
    }
}

/// Red-team pass on the client's reading of `status`, `authorize`, `policy` and `lock`
/// (`PlainArguments`): command lines where the typed request did not do what the parser does.
extension CLITests {
    /// FINDING (medium for `lock`, low for the others): the client took a separate option value
    /// that looks like an option (`--apps -x`, `--apps -1`) as the folder, where the parser
    /// refuses it ("Missing value for '--apps <dir>'", exit 2). With a server up, `intents
    /// --apps -x lock` locked the device (a command line refused without a server changed the
    /// state), and `status`, `authorize` and `policy` said the server serves other folders.
    @Test func adversaryAnOptionLikeFolderIsTheParsersToRefuseWithAServerToo() async throws {
        _ = try await intents(.served, ["unlock"])
        let folder = try sampleAppsFolder(apps)
        for command in [["status"], ["authorize"], ["policy"], ["lock"], ["authorize", "Pizza", "grant"]] {
            for value in ["-x", "-1"] {
                let arguments = ["--apps", folder, "--state", state.path, "--apps", value] + command
                let embedded = try await runCLI(arguments, home: state.path, environment: ["INTENTS_NO_SERVER": "1"])
                let served = try await runCLI(arguments, home: state.path)
                let label = arguments.joined(separator: " ")
                #expect(embedded.status == 2, "\(label): \(embedded.stderr)")
                #expect(served.status == embedded.status, "\(label): served \(served.status) \(served.stdout) \(served.stderr)")
                #expect(served.stdout == embedded.stdout, "\(label)")
                #expect(served.stderr == embedded.stderr, "\(label)")
            }
        }
        #expect(try await intents(.served, ["status", "--json"]).json()["lockState"] as? String == "unlocked")
        #expect(try SystemStore(stateFolder: state.path).authorization(app: "com.example.Pizza") == .notDetermined)
    }
}

extension HostAPIUserCommandsAdversaryTests {
    /// A process that is not the `intents` command (this test) runs no phrase, reads no paths,
    /// donations or shortcuts, and changes none, on a server without --test-control.
    @Test func anotherProcessRunsNoPhraseAndReadsNoRecords() async throws {
        let samples = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [samples], state: state.path)
        defer { _ = server }
        let client = client()
        let refusals: [() async throws -> Void] = [
            { _ = try await client.say(SayRequest(phrase: "what can I do here", agreesToSystemConfirmation: true, interactive: false, appsFolders: nil, stepTimeout: nil), spoken: { _ in }) },
            { _ = try await client.apps() },
            { _ = try await client.donations() },
            { _ = try await client.deleteDonations([], all: true) },
            { _ = try await client.voiceShortcuts() },
            { _ = try await client.suggestions(limit: 1000) },
            { _ = try await client.records(RecordsCommand(.suggestions(limit: 5), timeZone: String(repeating: "../", count: 1000) + "etc/passwd")) },
            { _ = try await client.vocabulary() },
        ]
        for refusal in refusals {
            await #expect(throws: IntentsClientError.self) { try await refusal() }
            do { try await refusal() } catch let error as IntentsClientError { #expect(error.code.rawValue == "refusedByPolicy", "\(error.message)") }
        }
    }
}
