import ExtensionProtocol
import Foundation
@testable import IntentsHost
import SystemStore
import Testing

/// Hostile bundles against `intents lint`: each test states what must hold (lint ends, in
/// bounded time) and prints what it measured. Each runs the built `intents` under a deadline
/// far above what a bounded lint takes (well under a second for these few bundles).
@Suite struct LintAdversaryTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()
    var writer: BundleWriter { BundleWriter(appsFolder: apps.path) }

    /// The deadline each lint gets: a bounded lint of one or two small bundles takes well under
    /// a second, even on a loaded machine.
    static let deadline = 120.0

    /// A 1.4 KB `AppIntentVocabulary.plist`: a parameter whose values are "a" and "a a", and two
    /// examples of `words` a's. Each example becomes the app's name, then a slot per value, then
    /// "b" (and "x"); saying the second, lint's `vocabulary-example-unmatched` check tries the
    /// first example's template, whose slots split the a's every way before "x" fails it:
    /// 2^(words/2) alignments. At 36 words lint took 13 s; at 64 it does not end.
    @Test func vocabularyExamplesWithManySlotsAreLintedInBoundedTime() async throws {
        let words = 64
        try writer.app("Z", identifier: "com.example.Z")
        try writer.appex("ZIntents", in: "Z", identifier: "com.example.Z.Intents", principalClass: "PizzaIntents.IntentHandler",
                         intents: ["OrderPizzaIntent"], restricted: ["OrderPizzaIntent"], library: Package.library("PizzaIntents"))
        let a = Array(repeating: "a", count: words).joined(separator: " ")
        let vocabulary = apps.path + "/Z.app/AppIntentVocabulary.plist"
        try writer.write(["ParameterVocabularies": [["ParameterNames": ["OrderPizzaIntent.kind"],
                                                     "ParameterVocabulary": [
                                                        ["VocabularyItemIdentifier": "one", "VocabularyItemSynonyms": [["VocabularyItemPhrase": "a"]]],
                                                        ["VocabularyItemIdentifier": "two", "VocabularyItemSynonyms": [["VocabularyItemPhrase": "a a"]]],
                                                     ]]],
                          "IntentPhrases": [["IntentName": "OrderPizzaIntent", "IntentExamples": ["Z \(a) b", "Z \(a) b x"]]]],
                         to: vocabulary, format: .binary)
        let size = (try FileManager.default.attributesOfItem(atPath: vocabulary)[.size] as? Int) ?? -1
        let run = try await runCLIWithDeadline(["lint", apps.path, "--state", state.path], home: state.path, deadline: Self.deadline)
        print("vocabulary of \(size) bytes, \(words) words per example: lint finished \(run.finished) after \(run.seconds) s, status \(run.status)")
        #expect(run.finished, "intents lint of a \(size)-byte vocabulary ran \(Int(run.seconds)) s without ending")
        #expect(run.output.contains("bundles."), "\(run.output.prefix(2000))")
    }
}
