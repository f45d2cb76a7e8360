import ExtensionProtocol
import Foundation
@testable import IntentsHost
import SystemStore
import Testing

/// Hostile bundles and states against `intents policy` and the one decision it shares with the
/// dispatcher (`IntentPolicy`). Each test asserts what should hold and prints what it measured.
@Suite struct PolicyAdversaryTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()
    var writer: BundleWriter { BundleWriter(appsFolder: apps.path) }

    /// Every command that scans the apps folder (`intents policy` here; `apps`, `send`, `say`,
    /// `lint`, the server's rescans) reads each app's AppIntentVocabulary.plist and checks that
    /// each example names the app: `AppIntentVocabulary.problem(with:appNames:)` splits every
    /// one of the app's names into words again for every example. INAlternativeAppNames has no
    /// limit on its count, and examples go up to 50,000: names x examples. Measured with the
    /// CLI: 500 x 500 took 1.2 s, 1,000 x 1,000 4.2 s, 2,000 x 2,000 17 s; here 10,000 x 10,000
    /// (two binary plists of about 260 KB each) would take about 7 minutes.
    @Test func scanningAVocabularyIsLinearInItsNamesAndExamples() async throws {
        let count = 10_000
        try writer.app("Z", identifier: "com.example.Z",
                       extra: ["CFBundleDisplayName": "Zed", "INAlternativeAppNames": (0..<count).map { ["INAlternativeAppName": "Other name \($0)"] }],
                       format: .binary)
        try writer.appex("ZIntents", in: "Z", identifier: "com.example.Z.Intents", principalClass: "PizzaIntents.IntentHandler",
                         intents: ["OrderPizzaIntent"], restricted: ["OrderPizzaIntent"], library: Package.library("PizzaIntents"))
        try writer.write(["IntentPhrases": [["IntentName": "OrderPizzaIntent", "IntentExamples": (0..<count).map { "Order \($0) with Zed" }]]],
                         to: apps.path + "/Z.app/AppIntentVocabulary.plist", format: .binary)
        let sizes = try ["Info.plist", "AppIntentVocabulary.plist"].map {
            (try FileManager.default.attributesOfItem(atPath: apps.path + "/Z.app/" + $0)[.size] as? Int) ?? -1
        }
        let run = try await runCLIWithDeadline(["policy", "--apps", apps.path, "--state", state.path], home: state.path, deadline: 120)
        print("policy with \(count) alternative names and \(count) examples (plists of \(sizes) bytes): finished \(run.finished) after \(run.seconds) s, status \(run.status)")
        #expect(run.finished, "intents policy ran \(Int(run.seconds)) s scanning one app")
    }
}
