import ExtensionProtocol
import Foundation
import IntentsClient
import LocalAPI
import Synchronization
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
}
