import ExtensionProtocol
import Foundation
@testable import HostBundles
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

    /// Lint's `phrase-collision` says every phrase with every name and every case and matches
    /// each: 64 x 64 x 1,001 x 256 = 1 billion utterances (measured in-process: 16 phrases x
    /// 301 names x 256 cases, 1.2 million, took 152 s). Both should end.
    @Test func phraseCollisionExpansionIsBounded() async throws {
        let names = 1000, cases = 256, shortcuts = 64, phrasesPer = 64
        let library = "EchoIntents"
        try writer.app("Calm", identifier: "com.example.Calm",
                       extra: ["INAlternativeAppNames": (0..<names).map { ["INAlternativeAppName": "Calm \($0)"] }], format: .binary)
        try writer.appex("CalmIntents", in: "Calm", identifier: "com.example.Calm.Intents", principalClass: "Kit.Extension",
                         intents: [], library: Package.library(library), format: .binary) { plist in
            var nsExtension = plist["NSExtension"] as! [String: Any]
            nsExtension["NSExtensionAttributes"] = ["AppIntents": ["Kit.StartIntent"], "AppShortcutsProvider": "Kit.Shortcuts"]
            plist["NSExtension"] = nsExtension
        }
        let mood = AppParameterSchema(name: "mood", title: "Mood", kind: .enumeration, typeName: "Kit.Mood", isOptional: true)
        let metadata = AppIntentsMetadata(
            intents: [AppIntentSchema(name: "StartIntent", typeName: "Kit.StartIntent", title: "Start", parameters: [mood])],
            enums: [AppEnumSchema(typeName: "Kit.Mood", displayName: "Mood",
                                  cases: (0..<cases).map { AppEnumCase(identifier: "m\($0)", title: "mood \($0)") })],
            shortcuts: (0..<shortcuts).map { s in
                AppShortcutSchema(intent: "Kit.StartIntent", phrases: (0..<phrasesPer).map { p in "Feel ${mood} s\(s) p\(p) with ${applicationName}" })
            })
        let store = try SystemStore(stateFolder: state.path)
        try store.saveAppIntentsMetadata(metadata, libraryHash: try LibraryContentHash.of(Package.library(library)), identity: "")
        let plistSize = (try FileManager.default.attributesOfItem(atPath: apps.path + "/Calm.app/Info.plist")[.size] as? Int) ?? -1
        // validate alone, on the same bundle and cache: its duplicate check is names x phrases.
        let validate = try await runCLIWithDeadline(["validate", apps.path, "--state", state.path], home: state.path, deadline: Self.deadline)
        let run = try await runCLIWithDeadline(["lint", apps.path, "--state", state.path], home: state.path, deadline: Self.deadline)
        print("app plist of \(plistSize) bytes (\(names) alternative names), \(shortcuts) x \(phrasesPer) phrases, \(cases) cases: validate finished \(validate.finished) after \(validate.seconds) s; lint finished \(run.finished) after \(run.seconds) s, status \(run.status)")
        #expect(validate.finished, "\(validate.output.prefix(2000))")
        #expect(run.finished, "intents lint ran \(Int(run.seconds)) s without ending on one app of \(shortcuts * phrasesPer) phrases, \(names + 1) names and \(cases) cases")
        #expect(run.output.contains("bundle"), "\(run.output.prefix(2000))")
    }

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
