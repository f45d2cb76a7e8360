import Foundation
@testable import HostBundles
@testable import HostTools
@testable import IntentsHost
import SystemStore
import Testing

/// `intents lint` run as a user runs it: exit codes per --fail-on, text and JSON output,
/// --rules, usage errors, and hostile names in findings.
@Suite struct LintCommandTests {
    let apps = TemporaryFolder()
    let installed = TemporaryFolder()
    let state = TemporaryFolder()

    /// Runs `intents lint` with `installed` as the apps folder and `state` as the state folder.
    func lint(_ arguments: [String], appsFolder: String? = nil) async throws -> CLIRun {
        try await runCLI(["lint"] + arguments + ["--apps", appsFolder ?? installed.path, "--state", state.path], home: state.path)
    }

    /// App `name` whose extension supports `intent`, unrestricted, around the MonkeyChat library.
    @discardableResult
    func app(_ name: String, intent: String, folder: String? = nil) throws -> String {
        let writer = BundleWriter(appsFolder: apps.path)
        try writer.app(name, identifier: "com.example.\(name.filter(\.isLetter))", extra: ["NSSiriUsageDescription": "It asks."])
        try writer.appex("Intents", in: name, identifier: "com.example.\(name.filter(\.isLetter)).Intents",
                         principalClass: "MonkeyChatIntents.IntentHandler", intents: [intent], library: Package.library("MonkeyChatIntents"))
        return apps.path + "/\(name).app"
    }

    @Test func failOnDecidesTheExitStatusAtEachThreshold() async throws {
        let pay = try app("Pay", intent: "INSendPaymentIntent")        // info: always restricted, not listed
        let chat = try app("Chat", intent: "INStartCallIntent")        // warning: a call intent not restricted
        let broken = BundleWriter(appsFolder: apps.path)
        try broken.app("Broken", identifier: "com.example.Broken", extra: ["INAlternativeAppNames": "not an array"])  // error
        let expectations: [([String], [String: Int32])] = [
            ([pay], ["error": 0, "warning": 0, "info": 1, "never": 0]),
            ([pay, chat], ["error": 0, "warning": 1, "info": 1, "never": 0]),
            ([apps.path + "/Broken.app"], ["error": 1, "warning": 1, "info": 1, "never": 0]),
        ]
        for (paths, statuses) in expectations {
            for (threshold, status) in statuses {
                let run = try await lint(paths + ["--fail-on", threshold])
                #expect(run.status == status, "\(paths) --fail-on \(threshold): \(run.stdout) \(run.stderr)")
            }
        }
        #expect(try await lint([pay]).status == 0)   // the default is warning
        #expect(try await lint([chat]).status == 1)
    }

    @Test func textOutputIsOneLinePerFindingSortedByPathThenASummary() async throws {
        let pay = try app("Pay", intent: "INSendPaymentIntent")
        let chat = try app("Chat", intent: "INStartCallIntent")
        let run = try await lint([pay, chat])
        #expect(run.status == 1)
        #expect(run.stdout == """
            warning: [messaging-not-restricted] In \(chat)/PlugIns/Intents.appex/Info.plist, IntentsSupported lists INStartCallIntent, a messaging or calls intent, but IntentsRestrictedWhileLocked does not, so it runs while the device is locked; list it there unless anyone holding the device may use it.
            info: [always-restricted-not-listed] In \(pay)/PlugIns/Intents.appex/Info.plist, IntentsRestrictedWhileLocked does not list INSendPaymentIntent, which the host restricts while the device is locked anyway; list it to say so.
            1 warning, 1 info in 4 bundles.

            """)
    }

    @Test func jsonHasTheFindingsTheCountsAndThePaths() async throws {
        let pay = try app("Pay", intent: "INSendPaymentIntent")
        let run = try await lint([pay, "--json", "--fail-on", "info"])
        #expect(run.status == 1)
        let object = try run.json()
        #expect(Set(object.keys) == ["findings", "counts", "paths", "bundles"])
        #expect(object["paths"] as? [String] == [pay])
        #expect(object["bundles"] as? Int == 2)
        #expect(object["counts"] as? [String: Int] == ["error": 0, "warning": 0, "info": 1])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["rule"] as? String == "always-restricted-not-listed")
        #expect(findings.first?["severity"] as? String == "info")
        #expect(findings.first?["path"] as? String == pay + "/PlugIns/Intents.appex/Info.plist")
        #expect(findings.first?["key"] as? String == "NSExtension > NSExtensionAttributes > IntentsRestrictedWhileLocked")
        #expect((findings.first?["message"] as? String)?.hasPrefix("In \(pay)/PlugIns/Intents.appex/Info.plist, IntentsRestrictedWhileLocked does not list INSendPaymentIntent") == true)
    }

    @Test func rulesListsEveryRuleInTextAndJSON() async throws {
        let text = try await lint(["--rules"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == LintRule.all.count)
        for (line, rule) in zip(lines, LintRule.all) {
            #expect(line.hasPrefix(rule.id + " "))
            #expect(line.contains(" \(rule.severity.rawValue) "))
            #expect(line.hasSuffix(rule.summary))
        }
        let json = try await lint(["--rules", "--json"])
        let rules = try #require(try json.json()["rules"] as? [[String: String]])
        #expect(rules.map { $0["id"] } == LintRule.all.map(\.id))
        #expect(rules.map { $0["severity"] } == LintRule.all.map(\.severity.rawValue))
        #expect(rules.allSatisfy { ($0["description"] ?? "").isEmpty == false })
    }

    @Test func aBadFailOnOrAMissingPathIsAUsageErrorNamingIt() async throws {
        let loud = try await lint(["--fail-on", "loud"])
        #expect(loud.status == 2)
        #expect(loud.stderr.contains("--fail-on \"loud\" is not a severity; give error, warning, info or never."), "\(loud.stderr)")
        let missing = apps.path + "/Nowhere.app"
        let run = try await lint([missing])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Nothing is at \"\(missing)\"; give an apps folder, an .app, an .appex or an Info.plist."), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func theInstalledSampleAppsLintClean() async throws {
        let samples = try sampleAppsFolder(installed)
        let run = try await lint(["--fail-on", "info"], appsFolder: samples)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(run.stdout == "No findings in 8 bundles.\n")
    }

    @Test func anAppShortcutPhraseInTheCachedMetadataIsLinted() async throws {
        let writer = BundleWriter(appsFolder: apps.path)
        try writer.app("Calm", identifier: "com.example.Calm")
        let appex = try writer.appex("CalmIntents", in: "Calm", identifier: "com.example.Calm.Intents", principalClass: "Kit.Extension",
                                     intents: [], library: Package.library("EchoIntents"), format: .binary) { plist in
            var nsExtension = plist["NSExtension"] as! [String: Any]
            nsExtension["NSExtensionAttributes"] = ["AppIntents": ["Kit.StartIntent"], "AppShortcutsProvider": "Kit.Shortcuts"]
            plist["NSExtension"] = nsExtension
        }
        // What the extension described when validate or lint first asked it, as cached by its library's hash.
        try SystemStore(stateFolder: state.path).saveAppIntentsMetadata(
            LintTests.metadata(["Please start a very long and calm session of breathing and relaxing with ${applicationName}"]),
            libraryHash: try LibraryContentHash.of(Package.library("EchoIntents")), identity: "")
        let run = try await lint([apps.path + "/Calm.app", "--json"])
        #expect(run.status == 1)
        let findings = try #require(try run.json()["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["phrase-too-long"])
        #expect(findings.first?["path"] as? String == appex + "/libCalmIntents.so")
        #expect(findings.first?["key"] as? String == "Kit.Shortcuts.appShortcuts")
        #expect((findings.first?["message"] as? String)?.contains("has 14 spoken words, more than the 10") == true)
    }

    @Test func controlCharactersInFindingsAreEscapedInTextAndExactInJSON() async throws {
        let hostile = try app("Chat\u{1B}[2J\nerror: forged", intent: "INStartCallIntent")
        let text = try await lint([hostile])
        #expect(text.status == 1)
        #expect(!text.stdout.contains("\u{1B}"))
        #expect(text.stdout.split(separator: "\n").count == 2, "\(text.stdout)")
        #expect(text.stdout.contains("Chat\\u{1b}[2J\\nerror: forged.app/PlugIns/Intents.appex/Info.plist"))
        let json = try await lint([hostile, "--json"])
        let findings = try #require(try json.json()["findings"] as? [[String: Any]])
        #expect((findings.first?["path"] as? String) == hostile + "/PlugIns/Intents.appex/Info.plist")
    }

    @Test func helpExplainsWithExamples() async throws {
        let help = try await lint(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:"))
        #expect(help.stdout.contains("intents lint --rules"))
        #expect(help.stdout.contains("--fail-on <severity>"))
    }
}
