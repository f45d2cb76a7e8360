import ExtensionProtocol
import Foundation
@testable import HostBundles
@testable import HostPolicy
@testable import HostTools
@testable import IntentsHost
import SystemStore
import Testing

/// Hostile bundles and states against `intents policy` and the one decision it shares with the
/// dispatcher (`IntentPolicy`). Each test asserts what should hold and prints what it measured.
@Suite struct PolicyAdversaryTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()
    var writer: BundleWriter { BundleWriter(appsFolder: apps.path) }

    /// An app with App Intents whose metadata is not cached yet, and whose library is a real ELF
    /// library made sparse to 256 GiB (`truncate`; it takes no disk). `intents policy` runs no
    /// extension, yet to look up the cache it hashes the whole library (LibraryContentHash reads
    /// every byte, with no limit on the size): 8 GiB took 72 s, so 256 GiB takes about 40 min.
    /// It should read a bounded amount (or refuse such a library in one sentence) and end.
    @Test func policyReadsABoundedAmountOfAHostileLibrary() async throws {
        try writer.app("Big", identifier: "com.example.Big")
        let appex = try writer.appex("BigIntents", in: "Big", identifier: "com.example.Big.Intents", principalClass: "Kit.Extension",
                                     intents: [], library: nil) { plist in
            var nsExtension = plist["NSExtension"] as! [String: Any]
            nsExtension["NSExtensionAttributes"] = ["AppIntents": ["Kit.StartIntent"], "AppShortcutsProvider": "Kit.Shortcuts"]
            plist["NSExtension"] = nsExtension
        }
        let library = appex + "/libBigIntents.so"
        try FileManager.default.copyItem(atPath: Package.library("EchoIntents"), toPath: library)
        let apparent: Int64 = 256 << 30
        #expect(truncate(library, off_t(apparent)) == 0)
        let deadline = 60.0
        let run = try await runCLIWithDeadline(["policy", "--apps", apps.path, "--state", state.path], home: state.path, deadline: deadline)
        print("policy on a \(apparent >> 30) GiB sparse library: finished \(run.finished) after \(run.seconds) s, read \(run.bytesRead >> 20) MiB, status \(run.status)")
        #expect(run.finished, "intents policy ran \(Int(run.seconds)) s and read \(run.bytesRead >> 20) MiB of a sparse library without ending")
        #expect(run.bytesRead < 256 << 20, "intents policy read \(run.bytesRead >> 20) MiB to show one row")
    }

    /// The matrix says a voice shortcut cannot run an App Intent ("voice shortcuts run donated
    /// SiriKit intents only": not applicable). But an app may donate an interaction whose
    /// intent is named like its App Intent (the donation's name is not checked), the user may
    /// attach a phrase to it (`intents shortcuts add`), and `intents say` then sends that
    /// payload with source `.voiceShortcut`. In a not-applicable cell the dispatcher must refuse
    /// before any launch (it used to take the App Intent path, which ignored the source).
    @Test func aVoiceShortcutNamingAnAppIntentDoesWhatTheMatrixSays() async throws {
        let fixture = PolicyMatrixTests()
        let catalog = try fixture.catalog()
        let launches = LaunchCounter()
        let matrix = try fixture.dispatcher(catalog, launches: launches).policyMatrix()
        var mismatches: [String] = []
        var checked = 0
        for row in matrix.rows where row.kind == .appIntent {
            for cell in row.cells where cell.context.source == .voiceShortcut {
                #expect(cell.verdict == .notApplicable)
                let host = fixture.dispatcher(catalog, lockState: cell.context.lockState, authorized: cell.context.authorized, launches: launches)
                let before = launches.count
                var payload = IntentPayload(name: row.intent)
                payload.parameters = [:]
                var outcome = "ran"
                do {
                    _ = try await host.send(payload, app: row.app?.bundleIdentifier, user: NonInteractiveUser(), source: .voiceShortcut)
                } catch let error as HostError {
                    outcome = "\(error.code)\(error.policyRule.map { " (\($0.rawValue))" } ?? ""): \(error.message)"
                }
                checked += 1
                if launches.count != before {
                    mismatches.append("\(row.intent) in \(cell.context.lockState.rawValue): matrix \(cell.verdict.rawValue), dispatcher launched \(launches.count - before), \(outcome)")
                }
            }
        }
        print("voice-shortcut cells of App Intents checked: \(checked), mismatches: \(mismatches.count)\n" + mismatches.joined(separator: "\n"))
        #expect(checked == 18)
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// The matrix's App Shortcut column counts what `intents say` holds: the usable phrases of
    /// each app's first ten App Shortcuts
    /// (`PhraseCatalog.appShortcutTemplates`): an App Intent whose only App Shortcut is the
    /// eleventh, or whose phrases never say the app's name, cannot be run by any App Shortcut, and
    /// the matrix must say so (it used to count every App Shortcut of the metadata).
    @Test func theAppShortcutColumnCountsOnlyShortcutsSayCanRun() throws {
        let fixture = PolicyMatrixTests()
        let catalog = try fixture.catalog()
        let base = PolicyMatrixTests.vaultMetadata
        // PeekIntent's App Shortcuts: one whose phrase does not say the app's name (validate's
        // fault: "it is not used"), and, after ten others, an eleventh ("only the first 10 are used").
        var shortcuts = [AppShortcutSchema(intent: "VaultKit.PeekIntent", phrases: ["Peek inside"])]
        shortcuts += (0..<10).map { AppShortcutSchema(intent: "VaultKit.OpenVaultIntent", phrases: ["Open \($0) ${applicationName}"]) }
        shortcuts.append(AppShortcutSchema(intent: "VaultKit.PeekIntent", phrases: ["Peek into ${applicationName}"]))
        let metadata = AppIntentsMetadata(intents: base.intents, shortcuts: shortcuts)
        let matrix = PolicyMatrix.of(catalog, appIntents: { $0.bundleIdentifier == "com.example.Vault.Intents" ? metadata : nil })
        // What `intents say` holds for the vault with this metadata.
        var snapshot = AppShortcutsSnapshot()
        let vault = try #require(catalog.apps.first { $0.bundleIdentifier == "com.example.Vault" })
        for (position, shortcut) in shortcuts.enumerated() {
            let intent = try #require(metadata.intent(typeName: shortcut.intent))
            snapshot.shortcuts.append(InstalledAppShortcut(app: vault, bundle: vault.extensions[0], intent: intent, shortcut: shortcut, position: position))
        }
        let index = PhraseCatalog.index(apps: catalog.apps, voiceShortcuts: [], vocabulary: [], appShortcuts: snapshot)
        let sayable = ["Peek inside", "Peek inside Vault", "Peek into Vault"].filter { if case .matched = index.match($0) { true } else { false } }
        let cell = matrix.rows.first { $0.intent == "PeekIntent" }?.cell(PolicyContext(lockState: .unlocked, authorized: true, source: .appShortcut))
        print("PeekIntent by App Shortcut: matrix \(cell?.verdict.rawValue ?? "missing"); phrases say can match: \(sayable)")
        #expect(sayable.isEmpty)
        #expect(cell?.verdict == .notApplicable, "the matrix says \(cell?.verdict.rawValue ?? "missing") for an App Intent no App Shortcut phrase can run")
    }

    /// When the lock-state file cannot be used, every request is judged as locked before the
    /// first unlock (fail closed), and `status` and refusals say why. `intents policy` shows
    /// all lock states, and must also say that the state file is broken and every request is
    /// judged as "B".
    @Test func policySaysWhenTheLockStateCannotBeRead() async throws {
        try FileManager.default.createDirectory(atPath: state.path + "/lock-state", withIntermediateDirectories: true)
        let samples = TemporaryFolder()
        let run = try await runCLI(["policy", "--apps", try sampleAppsFolder(samples), "--state", state.path], home: state.path)
        let mentions = run.stdout.contains("lock-state") || run.stderr.contains("lock-state")
        print("policy with a folder as lock-state: status \(run.status), mentions the file: \(mentions), \(run.stdout.split(separator: "\n").count) lines")
        #expect(run.status == 0)
        #expect(mentions, "intents policy says nothing of the unreadable lock state:\n\(run.stdout.suffix(800))\n\(run.stderr)")
    }

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
