@testable import ExtensionProcesses
import ExtensionProtocol
import Foundation
@testable import HostBundles
@testable import HostTools
@testable import IntentsHost
import SystemStore
import Testing

/// `intents lint`'s rules, each on a bundle crafted with exactly its mistake (real plists, XML
/// and binary, in a temporary apps folder), and on the sample apps, which break none.
@Suite struct LintTests {
    let apps = TemporaryFolder()
    let installed = TemporaryFolder()
    let state = TemporaryFolder()
    var writer: BundleWriter { BundleWriter(appsFolder: apps.path) }

    // MARK: Fixtures

    /// Writes app `name` with one extension supporting `intents`, around a sample library.
    @discardableResult
    func app(_ name: String, intents: [String], restricted: [String] = [], protected: [String] = [],
             library: String = "MonkeyChatIntents", appKeys: [String: Any] = ["NSSiriUsageDescription": "It asks."],
             format: BundleWriter.Format = .xml, in folder: String? = nil) throws -> String {
        let writer = BundleWriter(appsFolder: folder ?? apps.path)
        try writer.app(name, identifier: "com.example.\(name)", extra: appKeys, format: format)
        return try writer.appex("\(name)Intents", in: name, identifier: "com.example.\(name).Intents",
                                principalClass: "\(library).IntentHandler", intents: intents, restricted: restricted,
                                library: Package.library(library), format: format) { plist in
            guard !protected.isEmpty else { return }
            var nsExtension = plist["NSExtension"] as! [String: Any]
            var attributes = nsExtension["NSExtensionAttributes"] as! [String: Any]
            attributes["IntentsRestrictedWhileProtectedDataUnavailable"] = protected
            nsExtension["NSExtensionAttributes"] = attributes
            plist["NSExtension"] = nsExtension
        }
    }

    static let mood = AppParameterSchema(name: "mood", title: "Mood", kind: .enumeration, typeName: "Kit.Mood", isOptional: true)

    /// What an extension declaring `Kit.StartIntent` and `Kit.Shortcuts` describes: one App
    /// Shortcut with these phrases; its enum parameter `mood` is "Calm" or "Wide awake".
    static func metadata(_ phrases: [String]) -> AppIntentsMetadata {
        AppIntentsMetadata(intents: [AppIntentSchema(name: "StartIntent", typeName: "Kit.StartIntent", title: "Start", parameters: [mood])],
                           enums: [AppEnumSchema(typeName: "Kit.Mood", displayName: "Mood",
                                                 cases: [AppEnumCase(identifier: "calm", title: "Calm"),
                                                         AppEnumCase(identifier: "awake", title: "Wide awake")])],
                           shortcuts: [AppShortcutSchema(intent: "Kit.StartIntent", phrases: phrases)])
    }

    /// Writes app `name` whose extension has App Intents, and caches the metadata its library
    /// describes in `state`, as `intents validate` would have cached it: nothing runs it. Each
    /// app needs a library of its own (the cache is by content).
    @discardableResult
    func appIntentsApp(_ name: String, identifier: String? = nil, alternatives: [String] = [], phrases: [String], library: String,
                       format: BundleWriter.Format = .xml, in folder: String? = nil) throws -> String {
        let identifier = identifier ?? "com.example.\(name)"
        let writer = BundleWriter(appsFolder: folder ?? apps.path)
        try writer.app(name, identifier: identifier,
                       extra: ["INAlternativeAppNames": alternatives.map { ["INAlternativeAppName": $0] }], format: format)
        let appex = try writer.appex("\(name)Intents", in: name, identifier: identifier + ".Intents", principalClass: "Kit.Extension",
                                     intents: [], library: Package.library(library), format: format) { plist in
            var nsExtension = plist["NSExtension"] as! [String: Any]
            nsExtension["NSExtensionAttributes"] = ["AppIntents": ["Kit.StartIntent"], "AppShortcutsProvider": "Kit.Shortcuts"]
            plist["NSExtension"] = nsExtension
        }
        let store = try SystemStore(stateFolder: state.path)
        try store.saveAppIntentsMetadata(Self.metadata(phrases), libraryHash: try LibraryContentHash.of(Package.library(library)), identity: "")
        return appex
    }

    /// Lints `paths` (by default the apps folder) with `installed` as the installed apps, as
    /// `intents lint` does: App Intents come from the cache or their sandboxed extension.
    func lint(_ paths: [String]? = nil) async -> [LintFinding] {
        let catalog = BundleScanner.validate(paths: paths ?? [apps.path])
        let others = BundleScanner.scan(appsFolders: [installed.path])
        return Linter(catalog: catalog, appShortcuts: await appShortcuts(of: catalog), installed: others,
                      installedShortcuts: await appShortcuts(of: others) ?? AppShortcutsSnapshot()).findings()
    }

    func appShortcuts(of catalog: BundleCatalog) async -> AppShortcutsSnapshot? {
        guard catalog.extensions.contains(where: { !$0.appIntents.isEmpty }) else { return nil }
        let dispatcher = IntentDispatcher(configuration: HostConfiguration(appsFolders: [], stateFolder: state.path, runnerPath: Package.runner),
                                          catalog: catalog)
        let snapshot = await dispatcher.appShortcuts()
        await dispatcher.shutdown()
        return snapshot
    }

    /// The findings at warning or above are exactly one of `rule` (an info rule: no finding at
    /// warning or above, and exactly one of it); returns it.
    @discardableResult
    func expectOnly(_ rule: LintRule, in findings: [LintFinding], sourceLocation: SourceLocation = #_sourceLocation) throws -> LintFinding {
        let serious = findings.filter { $0.severity >= .warning }.map(\.rule.id)
        #expect(serious == (rule.severity >= .warning ? [rule.id] : []), "\(findings.map(\.message))", sourceLocation: sourceLocation)
        let found = findings.filter { $0.rule == rule }
        #expect(found.count == 1, "\(findings.map(\.message))", sourceLocation: sourceLocation)
        return try #require(found.first, sourceLocation: sourceLocation)
    }

    // MARK: Lock policy

    @Test func anAlwaysRestrictedIntentTheLockListOmitsIsInfo() async throws {
        let appex = try app("Pay", intents: ["INSendPaymentIntent"])
        let finding = try expectOnly(.alwaysRestrictedNotListed, in: await lint())
        #expect(finding.severity == .info)
        #expect(finding.path == appex + "/Info.plist")
        #expect(finding.key == "NSExtension > NSExtensionAttributes > IntentsRestrictedWhileLocked")
        #expect(finding.message == "In \(appex)/Info.plist, IntentsRestrictedWhileLocked does not list INSendPaymentIntent, which the host restricts while the device is locked anyway; list it to say so.")
        try FileManager.default.removeItem(atPath: apps.path + "/Pay.app")
        try app("Pay", intents: ["INSendPaymentIntent"], restricted: ["INSendPaymentIntent"])
        #expect(await lint().isEmpty)
    }

    @Test(arguments: ["INStartCallIntent", "INSendMessageIntent", "INSearchForMessagesIntent", "INSearchCallHistoryIntent"])
    func aConversationIntentNotRestrictedWhileLockedIsAWarning(intent: String) async throws {
        #expect(Linter.conversationIntents.contains(intent))
        let appex = try app("Chat", intents: [intent], format: .binary)
        let finding = try expectOnly(.messagingNotRestricted, in: await lint())
        #expect(finding.path == appex + "/Info.plist")
        #expect(finding.message.hasPrefix("In \(appex)/Info.plist, IntentsSupported lists \(intent), a messaging or calls intent, but IntentsRestrictedWhileLocked does not"))
    }

    @Test func onlyMessagingAndCallsAreConversationIntents() {
        #expect(!Linter.conversationIntents.contains("INAddTasksIntent"))
        #expect(!Linter.conversationIntents.contains("INSendPaymentIntent"))
        #expect(Linter.conversationIntents == ["INSendMessageIntent", "INSearchForMessagesIntent", "INSetMessageAttributeIntent",
                                               "INStartCallIntent", "INSearchCallHistoryIntent", "INStartAudioCallIntent", "INStartVideoCallIntent"])
    }

    @Test func anIntentRestrictedBeforeTheFirstUnlockButNotWhileLockedIsAWarning() async throws {
        let appex = try app("Pizza", intents: ["OrderPizzaIntent"], protected: ["OrderPizzaIntent"], library: "PizzaIntents", appKeys: [:])
        let finding = try expectOnly(.protectedDataNotLocked, in: await lint())
        #expect(finding.key == "NSExtension > NSExtensionAttributes > IntentsRestrictedWhileProtectedDataUnavailable")
        #expect(finding.message == "In \(appex)/Info.plist, IntentsRestrictedWhileProtectedDataUnavailable lists OrderPizzaIntent but IntentsRestrictedWhileLocked does not, so it runs while the device is locked once it was first unlocked; list it in IntentsRestrictedWhileLocked too.")
    }

    @Test func anIntentRestrictedInBothStatesIsFine() async throws {
        try app("Pizza", intents: ["OrderPizzaIntent"], restricted: ["OrderPizzaIntent"], protected: ["OrderPizzaIntent"],
                library: "PizzaIntents", appKeys: [:], format: .binary)
        #expect(await lint().isEmpty)
    }

    // MARK: Faults and classes

    @Test func anIntentWithNoClassInTheLibraryIsAnError() async throws {
        let appex = try app("Pizza", intents: ["OrderPizzaIntent", "OrderSoupIntent"], library: "PizzaIntents", appKeys: [:], format: .binary)
        let finding = try expectOnly(.intentClassMissing, in: await lint())
        #expect(finding.severity == .error)
        #expect(finding.path == appex + "/Info.plist")
        #expect(finding.message.hasPrefix("\(appex)/Info.plist lists OrderSoupIntent in IntentsSupported, but no class named OrderSoupIntent is in libPizzaIntents.so"))
    }

    @Test func eachFaultValidateReportsIsABundleFaultOnce() async throws {
        let appex = try app("Broken", intents: ["OrderPizzaIntent"], restricted: ["INSendMessageIntent"], library: "PizzaIntents", appKeys: [:])
        let finding = try expectOnly(.bundleFault, in: await lint([apps.path + "/Broken.app"]))
        #expect(finding.severity == .error)
        #expect(finding.key == "NSExtension > NSExtensionAttributes > IntentsRestrictedWhileLocked")
        #expect(finding.message == BundleScanner.validate(path: apps.path + "/Broken.app").faults.first?.message)
        #expect(finding.message.hasPrefix("In \(appex)/Info.plist, NSExtension > NSExtensionAttributes > IntentsRestrictedWhileLocked lists INSendMessageIntent"))
    }

    // MARK: Siri authorization

    @Test(arguments: [[:], ["NSSiriUsageDescription": ""]] as [[String: String]])
    func anAppWithDomainIntentsThatCannotAskForAuthorizationIsAWarning(keys: [String: String]) async throws {
        try app("Chat", intents: ["INSendMessageIntent"], restricted: ["INSendMessageIntent"], appKeys: keys)
        let finding = try expectOnly(.siriUsageDescriptionMissing, in: await lint())
        #expect(finding.path == apps.path + "/Chat.app/Info.plist")
        #expect(finding.key == "NSSiriUsageDescription")
        #expect(finding.message.contains("support INSendMessageIntent, which need the user's Siri authorization"))
        // An extension linted on its own has no app plist to hold the description.
        #expect(await lint([apps.path + "/Chat.app/PlugIns/ChatIntents.appex"]).isEmpty)
    }

    // MARK: Vocabulary examples

    @Test func anExampleThatRunsAnotherIntentIsAWarning() async throws {
        let folder = apps.path + "/Chat.app"
        try app("Chat", intents: ["INSendMessageIntent", "INSearchForMessagesIntent"],
                restricted: ["INSendMessageIntent", "INSearchForMessagesIntent"], format: .binary)
        try writer.write(["IntentPhrases": [["IntentName": "INSendMessageIntent", "IntentExamples": ["Message Bobo on Chat"]],
                                            ["IntentName": "INSearchForMessagesIntent", "IntentExamples": ["Check Chat", "Read my Chat"]],
                                            ["IntentName": "INSendMessageIntent", "IntentExamples": ["check chat!"]]]],
                         to: folder + "/AppIntentVocabulary.plist", format: .binary)
        let findings = await lint()
        #expect(findings.map(\.rule) == [.vocabularyExampleUnmatched, .vocabularyExampleUnmatched], "\(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.path == folder + "/AppIntentVocabulary.plist" && $0.key == "IntentPhrases > IntentExamples" })
        #expect(findings.map(\.message).sorted() == [
            "In \(folder)/AppIntentVocabulary.plist, the example \"Check Chat\" of INSearchForMessagesIntent, said to `intents say`, matches 2 phrases equally well, so it runs none: the example \"Check Chat\" of \"Chat\" (com.example.Chat), which runs INSearchForMessagesIntent; the example \"check chat!\" of \"Chat\" (com.example.Chat), which runs INSendMessageIntent.",
            "In \(folder)/AppIntentVocabulary.plist, the example \"check chat!\" of INSendMessageIntent, said to `intents say`, matches 2 phrases equally well, so it runs none: the example \"Check Chat\" of \"Chat\" (com.example.Chat), which runs INSearchForMessagesIntent; the example \"check chat!\" of \"Chat\" (com.example.Chat), which runs INSendMessageIntent.",
        ])
    }

    @Test func anExampleAnotherInstalledAppsPhraseBeatsIsAWarning() async throws {
        let folder = apps.path + "/Pizza.app"
        try app("Pizza", intents: ["OrderPizzaIntent"], library: "PizzaIntents", appKeys: [:])
        try writer.write(["ParameterVocabularies": [["ParameterNames": ["OrderPizzaIntent.kind"],
                                                     "ParameterVocabulary": [["VocabularyItemIdentifier": "margherita",
                                                                              "VocabularyItemSynonyms": [["VocabularyItemPhrase": "margherita"]]]]]],
                          "IntentPhrases": [["IntentName": "OrderPizzaIntent", "IntentExamples": ["Order a margherita with Pizza"]]]],
                         to: folder + "/AppIntentVocabulary.plist", format: .xml)
        #expect(await lint().isEmpty)
        // An installed app also called Pizza says these words with more of them literal: it wins.
        try appIntentsApp("Slice", alternatives: ["Pizza"], phrases: ["Order a margherita with ${applicationName}"], library: "EchoIntents",
                          in: installed.path)
        let finding = try expectOnly(.vocabularyExampleUnmatched, in: await lint())
        #expect(finding.message == "In \(folder)/AppIntentVocabulary.plist, the example \"Order a margherita with Pizza\" of OrderPizzaIntent, said to `intents say`, runs the App Shortcut phrase \"Order a margherita with Slice\" of \"Slice\" (com.example.Slice), which runs StartIntent instead.")
    }

    // MARK: App Shortcut phrases

    @Test func aPhraseOfMoreThanTenSpokenWordsIsAWarning() async throws {
        let appex = try appIntentsApp("Calm", phrases: [
            "Start a long and calm session of breathing with ${applicationName}",       // 10 words: fine
            "Start a long and very calm ${mood} session of breathing with ${applicationName}",  // 12
        ], library: "EchoIntents", format: .binary)
        let finding = try expectOnly(.phraseTooLong, in: await lint())
        #expect(finding.path == appex + "/libCalmIntents.so")
        #expect(finding.key == "Kit.Shortcuts.appShortcuts")
        #expect(finding.message == "In \(appex)/libCalmIntents.so, the App Shortcut phrase \"Start a long and very calm <Mood> session of breathing with Calm\" of StartIntent has 12 spoken words, more than the 10 a phrase should have to be said comfortably; shorten it.")
    }

    @Test func aPhraseThatSaysAnotherAppsPhraseWithAParameterValueCollides() async throws {
        let appex = try appIntentsApp("Calm", phrases: ["Feel ${mood} with ${applicationName}"], library: "EchoIntents")
        // Another installed app that users may call Calm too, with a phrase saying one of the mood values.
        try appIntentsApp("Zen", alternatives: ["Calm"], phrases: ["Feel wide awake with ${applicationName}"], library: "FaultyIntents",
                          in: installed.path)
        let finding = try expectOnly(.phraseCollision, in: await lint())
        #expect(finding.path == appex + "/libCalmIntents.so")
        #expect(finding.message == "In \(appex)/libCalmIntents.so, the App Shortcut phrase \"Feel <Mood> with Calm\" of StartIntent, said \"feel wide awake with calm\", also matches the App Shortcut phrase \"Feel wide awake with Zen\" of \"Zen\" (com.example.Zen), which runs StartIntent; the user cannot tell which app it runs, so change one of them.")
    }

    @Test func aPhraseAnotherAppsVocabularyExampleMatchesCollides() async throws {
        try appIntentsApp("Calm", phrases: ["Feel ${mood} with ${applicationName}"], library: "EchoIntents", format: .binary)
        // An installed app users may call Calm too, whose vocabulary example says one of the mood values.
        try app("Pizza", intents: ["OrderPizzaIntent"], library: "PizzaIntents",
                appKeys: ["INAlternativeAppNames": [["INAlternativeAppName": "Calm"]]], in: installed.path)
        try writer.write(["IntentPhrases": [["IntentName": "OrderPizzaIntent", "IntentExamples": ["Feel wide awake with Calm"]]]],
                         to: installed.path + "/Pizza.app/AppIntentVocabulary.plist", format: .xml)
        let finding = try expectOnly(.phraseCollision, in: await lint())
        #expect(finding.message.hasSuffix("said \"feel wide awake with calm\", also matches the example \"Feel wide awake with Calm\" of \"Pizza\" (com.example.Pizza), which runs OrderPizzaIntent; the user cannot tell which app it runs, so change one of them."), "\(finding.message)")
    }

    @Test func twoLintedAppsThatCollideAreReportedOnce() async throws {
        try appIntentsApp("Calm", phrases: ["Feel ${mood} with ${applicationName}"], library: "EchoIntents")
        try appIntentsApp("Zen", alternatives: ["Calm"], phrases: ["Feel wide awake with ${applicationName}"], library: "FaultyIntents")
        let findings = await lint()
        #expect(findings.map(\.rule) == [.phraseCollision], "\(findings.map(\.message))")
    }

    /// A phrase validate already refuses as a duplicate (here, the same words in another case and
    /// punctuation, said with a name both apps share) is a bundle-fault, not a collision too.
    @Test func aDuplicateValidateReportsIsNotACollisionToo() async throws {
        try appIntentsApp("Calm", phrases: ["Start ${applicationName}"], library: "EchoIntents")
        try appIntentsApp("Zen", alternatives: ["Calm"], phrases: ["START   ${applicationName}!"], library: "FaultyIntents", in: installed.path)
        let finding = try expectOnly(.bundleFault, in: await lint())
        #expect(finding.message.contains("the App Shortcut phrase \"start calm\" of StartIntent is also a phrase of Zen (com.example.Zen)"))
    }

    // MARK: The samples, and several paths

    @Test func theSampleAppsBreakNoRuleAtWarningOrAbove() async throws {
        let samples = try sampleAppsFolder(installed)
        let findings = await lint([samples])
        #expect(findings.filter { $0.severity >= .warning }.isEmpty, "\(findings.map(\.message))")
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func aBundleNamedTwiceIsLintedOnce() async throws {
        let appex = try app("Chat", intents: ["INSendMessageIntent"])
        let catalog = BundleScanner.validate(paths: [apps.path, apps.path + "/Chat.app", appex + "/Info.plist", apps.path + "/"])
        #expect(catalog.faults.isEmpty, "\(catalog.faults)")
        #expect(catalog.apps.map(\.bundleIdentifier) == ["com.example.Chat"])
        let findings = await lint([apps.path, apps.path + "/Chat.app", appex])
        #expect(findings.map(\.rule) == [.messagingNotRestricted])
    }

    @Test func everyRuleHasAStableKebabCaseIdentifier() {
        #expect(LintRule.all.map(\.id) == ["bundle-fault", "intent-class-missing", "messaging-not-restricted", "protected-data-not-locked",
                                           "siri-usage-description-missing", "phrase-too-long", "phrase-collision",
                                           "vocabulary-example-unmatched", "always-restricted-not-listed"])
        #expect(LintRule.all.map(\.severity) == LintRule.all.map(\.severity).sorted(by: >))
        #expect(LintRule.all.allSatisfy { !$0.summary.isEmpty && $0.summary.hasSuffix(".") })
    }

    @Test func everyPhraseAnUtteranceMatchesIsFoundNotOnlyTheStrongest() throws {
        let snapshot = try #require(AppShortcutsSnapshotFixture.two())
        let index = PhraseCatalog.index(apps: snapshot.shortcuts.map(\.app), voiceShortcuts: [], vocabulary: [], appShortcuts: snapshot)
        guard case .matched(let best) = index.match("Feel wide awake with Calm") else { Issue.record("no single match"); return }
        #expect(best.template.app == "com.example.Zen")
        #expect(Set(index.matches("Feel wide awake with Calm").map(\.template.app)) == ["com.example.Calm", "com.example.Zen"])
    }
}

/// Two apps' App Shortcuts, built without bundles on disk.
enum AppShortcutsSnapshotFixture {
    /// Calm ("Feel <Mood> with Calm") and Zen, also called Calm ("Feel wide awake with Zen").
    static func two() -> AppShortcutsSnapshot? {
        var snapshot = AppShortcutsSnapshot()
        for (identifier, name, alternatives, phrase) in [("com.example.Calm", "Calm", [String](), "Feel ${mood} with ${applicationName}"),
                                                         ("com.example.Zen", "Zen", ["Calm"], "Feel wide awake with ${applicationName}")] {
            let bundle = ExtensionBundle(path: "/apps/\(name).app/PlugIns/I.appex", bundleIdentifier: identifier + ".Intents", displayName: "I",
                                         principalClass: "Kit.Extension", libraryPath: "/apps/\(name)/libI.so", intentsSupported: [],
                                         appBundleIdentifier: identifier, appIntents: AppIntentsDeclaration(typeNames: ["Kit.StartIntent"]))
            let app = AppBundle(path: "/apps/\(name).app", bundleIdentifier: identifier, displayName: name, alternativeNames: alternatives,
                                extensions: [bundle])
            let metadata = LintTests.metadata([phrase])
            snapshot.metadata[bundle.bundleIdentifier] = metadata
            guard let intent = metadata.intents.first, let shortcut = metadata.shortcuts.first else { return nil }
            snapshot.shortcuts.append(InstalledAppShortcut(app: app, bundle: bundle, intent: intent, shortcut: shortcut, position: 0))
        }
        return snapshot
    }
}
