import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import LocalAPI
import SystemCalls
import SystemStore

/// `intents say` at 100,000 voice shortcuts with 100 bundles installed, with no server running:
/// embedded (`INTENTS_NO_SERVER=1`), and as a user's first command, which starts the server it
/// then talks to. Each beside spawning `/bin/true`, from the same run.
enum SayBenchmark {
    static let phraseCount = 100_000
    static let bundleCount = 100

    static func run(products: String, work: String, runs: Int) throws -> [Figure] {
        let apps = work + "/say-apps"
        let state = work + "/say-state"
        try EchoApps.write(bundleCount, into: apps, products: products, library: .hardLink)
        let store = try SystemStore(stateFolder: state)
        let action = ShortcutAction.intent(IntentPayload(name: "EchoIntent", parameters: ["text": .string("hi")]), className: nil)
        try store.addVoiceShortcuts((0..<phraseCount).map {
            VoiceShortcutRecord(phrase: "echo phrase number \($0)", app: "com.example.Echo0", action: action)
        })
        let client = products + "/intents"
        let say = ["--apps", apps, "--state", state, "say", "echo phrase number 77777"]
        let floor = try ServerBenchmark.timedProcess("/bin/true", [], runs: runs)
        _ = try ServerBenchmark.timedProcess(client, say, environment: ["INTENTS_NO_SERVER": "1"], runs: 1)
        let embedded = try ServerBenchmark.timedProcess(client, say, environment: ["INTENTS_NO_SERVER": "1"], runs: runs)
        var starting: [Double] = []
        for _ in 0..<max(3, runs / 4) {
            starting.append(try ServerBenchmark.timedProcess(client, say, runs: 1))
            LocalServerProcesses.stop(stateFolder: state, waitSeconds: 10)
        }
        return [
            Figure(name: "say embedded, 100k phrases, 100 bundles", value: embedded, unit: .seconds,
                   floorName: "spawn /bin/true", floor: floor, target: .absolute(0.050), note: "INTENTS_NO_SERVER=1, whole process"),
            Figure(name: "say, no server running, 100k phrases, 100 bundles", value: median(starting), unit: .seconds,
                   floorName: "spawn /bin/true", floor: floor, target: .absolute(0.150), note: "whole client process, starting the server it uses"),
        ]
    }
}
