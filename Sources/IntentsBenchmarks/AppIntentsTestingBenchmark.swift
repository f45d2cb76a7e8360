import AppIntentsTesting
import ExtensionProcesses
import Foundation
import IntentsClient
import LocalAPI

/// A test's `run()` of a trivial App Intent (`EchoAppIntent`), warm, against the same
/// conversation sent through `IntentsClient` to the same test host, a warm `intents send` of it
/// (a whole client process) and the socket floor, all in one run.
enum AppIntentsTestingBenchmark {
    static func run(configuration: HostConfiguration, products: String, runs: Int) async throws -> [Figure] {
        try await HostUnderTest.withHost(.init(appsFolders: configuration.appsFolders)) {
            let defs = IntentDefinitions(bundleIdentifier: "com.example.Echo")
            let intent = defs.intents["EchoAppIntent"].makeIntent(text: "hello")
            let session = try await HostUnderTest.current()
            let request = RunRequest(intent: "EchoAppIntent", app: "com.example.Echo", values: ["text": .string("hello")],
                                     interactive: true, appsFolders: session.core.appsFolders)
            for _ in 0..<20 {
                try await intent.run()
                _ = try await session.core.client.run(request)
            }
            let viaTestAPI = try await timed(runs) { try await intent.run() }
            let viaClient = try await timed(runs) { _ = try await session.core.client.run(request) }
            let send = ["--state", session.core.stateFolder, "send", "EchoAppIntent", "--param", "text=hello", "--json"]
            _ = try ServerBenchmark.timedProcess(products + "/intents", send, runs: 2)
            let sendProcess = try ServerBenchmark.timedProcess(products + "/intents", send, runs: max(10, runs / 20))
            let floor = SocketpairFloor.measure(iterations: max(1000, runs))
            return [
                Figure(name: "AppIntentsTesting run() of an App Intent, warm", value: viaTestAPI, unit: .seconds,
                       floorName: "same conversation via IntentsClient", floor: viaClient, target: .ratio(1.5),
                       note: String(format: "intents send process: %.0f us; socketpair round trip: %.1f us", sendProcess * 1e6, floor * 1e6)),
            ]
        }
    }
}
