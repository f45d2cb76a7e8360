@testable import ExtensionProcesses
import ExtensionProtocol
import Foundation
@testable import HostBundles
@testable import HostPolicy
import HostTools
@testable import IntentsCLI
@testable import IntentsHost
import Synchronization
import SystemStore
import Testing
import TestPrograms

/// An extension that answers what its script says, at the channel level: a hostile extension
/// may answer anything, late, or never. A nil answer is no answer: the request times out as a
/// real channel's does.
final class ScriptedChannel: ExtensionChannel, @unchecked Sendable {
    typealias Script = @Sendable (HostToExtensionMessage) async -> ExtensionToHostMessage?
    let bundleIdentifier: String
    let script: Script

    init(bundleIdentifier: String, script: @escaping Script) {
        self.bundleIdentifier = bundleIdentifier
        self.script = script
    }

    var isAlive: Bool { true }

    func request(_ message: HostToExtensionMessage, timeout: Duration) async throws -> ExtensionToHostMessage {
        if let reply = await script(message) { return reply }
        try await Task.sleep(for: timeout)
        throw HostError(.requestTimedOut, "\(bundleIdentifier) did not answer \(message.stepDescription) within \(timeout) (requestTimedOut).")
    }

    func notify(_ message: HostToExtensionMessage) {}

    func shutdown() async {}
}

/// What each scripted extension was asked, by bundle identifier.
final class ScriptLog: Sendable {
    private let messages = Mutex<[String: [HostToExtensionMessage]]>([:])

    func record(_ bundle: String, _ message: HostToExtensionMessage) {
        messages.withLock { $0[bundle, default: []].append(message) }
    }

    func count(_ bundle: String, where matches: (HostToExtensionMessage) -> Bool) -> Int {
        messages.withLock { ($0[bundle] ?? []).filter(matches).count }
    }

    static func isDescribe(_ message: HostToExtensionMessage) -> Bool {
        if case .describeAppIntents = message { true } else { false }
    }

    static func isQuery(_ message: HostToExtensionMessage) -> Bool {
        if case .queryEntities = message { true } else { false }
    }
}

/// Adversarial tests of the App Intents host: each extension is a scripted channel, so that
/// it can lie, hang or flood exactly as a hostile one would. A failing test here is a finding.
@Suite struct AppIntentsAdversaryTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()
    let log = ScriptLog()

    // MARK: Fixtures

    static let session = AppParameterSchema(name: "session", title: "Session", kind: .entity, typeName: "Kit.Session", isOptional: true)

    /// Metadata an extension with `intents` (module-qualified) describes: each intent takes an
    /// optional entity `session`, and one App Shortcut per intent says the app's name.
    static func metadata(_ intents: [String], policy: AppIntentAuthenticationPolicy = .alwaysAllowed,
                         phrase: String = "Start ${applicationName}") -> AppIntentsMetadata {
        AppIntentsMetadata(
            intents: intents.map { AppIntentSchema(name: AppIntentsDeclaration.shortName($0), typeName: $0, title: "Start",
                                                   authenticationPolicy: policy, parameters: [session]) },
            entities: [AppEntitySchema(typeName: "Kit.Session", displayName: "Session")],
            shortcuts: intents.map { AppShortcutSchema(intent: $0, phrases: [phrase]) })
    }

    /// Installs app `name` whose extension declares `intents` as App Intents (and `provider`).
    @discardableResult
    func install(_ name: String, intents: [String], provider: String? = "Kit.Shortcuts",
                 library: String = Package.library("EchoIntents")) throws -> String {
        let writer = BundleWriter(appsFolder: apps.path)
        try writer.app(name, identifier: "com.example.\(name)")
        return try writer.appex("\(name)Intents", in: name, identifier: "com.example.\(name).Intents", principalClass: "Kit.Extension",
                                intents: [], library: library) { plist in
            var nsExtension = plist["NSExtension"] as! [String: Any]
            var attributes = nsExtension["NSExtensionAttributes"] as! [String: Any]
            attributes["IntentsSupported"] = nil
            attributes["IntentsRestrictedWhileLocked"] = nil
            attributes["AppIntents"] = intents
            if let provider { attributes["AppShortcutsProvider"] = provider }
            nsExtension["NSExtensionAttributes"] = attributes
            plist["NSExtension"] = nsExtension
        }
    }

    /// A dispatcher whose extensions are the scripts, by bundle identifier.
    func dispatcher(timeout: Duration = .seconds(1),
                    scripts: [String: ScriptedChannel.Script]) -> IntentDispatcher {
        var configuration = HostConfiguration(appsFolders: [apps.path], stateFolder: state.path, runnerPath: Package.runner,
                                              stepTimeout: timeout)
        configuration.requiresSiriAuthorization = false
        let log = self.log
        let supervisor = ExtensionSupervisor { launch in
            let bundle = launch.bundle
            let script = scripts[bundle.bundleIdentifier] ?? { _ in nil }
            return ScriptedChannel(bundleIdentifier: bundle.bundleIdentifier) { message in
                log.record(bundle.bundleIdentifier, message)
                return await script(message)
            }
        }
        return IntentDispatcher(configuration: configuration, supervisor: supervisor)
    }

    /// An honest extension: describes `metadata`, suggests two sessions, performs with a dialog.
    static func honest(_ metadata: AppIntentsMetadata) -> ScriptedChannel.Script {
        { message in
            switch message {
            case .describeAppIntents(let id, _, _):
                return .appIntentsDescribed(requestID: id, metadata: metadata)
            case .queryEntities(let id, _, _):
                return .entities(requestID: id, entities: [.object(ObjectValue(identifier: "w", display: "Walking"))])
            case .perform(let id, _, _, _), .answer(let id, _, _):
                return .performed(requestID: id, result: AppIntentResultPayload(dialog: "done"))
            default:
                return nil
            }
        }
    }

    // MARK: Findings

    /// An extension whose describe never answers is remembered as failing for a while: the
    /// next `intents say` (for any app's phrase) does not ask it again nor wait for it.
    @Test func aHangingDescribeIsAskedAgainOnEverySnapshotAndDelaysEveryOtherAppsPhrases() async throws {
        try install("Calm", intents: ["Kit.StartIntent"])
        try install("Evil", intents: ["Evil.HangIntent"])
        let dispatcher = dispatcher(scripts: ["com.example.Calm.Intents": Self.honest(Self.metadata(["Kit.StartIntent"])),
                                              "com.example.Evil.Intents": { _ in nil }])
        let first = try await timed { await dispatcher.appShortcuts() }
        #expect(first.value.shortcuts.map(\.intent.name) == ["StartIntent"])
        #expect(first.value.problems.count == 1)
        let second = try await timed { await dispatcher.appShortcuts() }
        #expect(second.value.shortcuts.map(\.intent.name) == ["StartIntent"])
        #expect(log.count("com.example.Evil.Intents", where: ScriptLog.isDescribe) == 1,
                "the hanging describe was asked again for the second snapshot")
        await dispatcher.shutdown()
    }

    /// Once its app called `updateAppShortcutParameters()`, an extension whose query never
    /// answers is asked once for that request, not again on every snapshot.
    @Test func aHangingSuggestedEntitiesQueryIsAskedAgainOnEverySnapshot() async throws {
        try install("Evil", intents: ["Evil.StartIntent"])
        let metadata = Self.metadata(["Evil.StartIntent"], phrase: "Start ${session} with ${applicationName}")
        let dispatcher = dispatcher(scripts: ["com.example.Evil.Intents": { message in
            if case .describeAppIntents(let id, _, _) = message { return .appIntentsDescribed(requestID: id, metadata: metadata) }
            return nil
        }])
        try dispatcher.openSystemStore().requestAppShortcutParameters(app: "com.example.Evil")
        _ = await dispatcher.appShortcuts()
        _ = await dispatcher.appShortcuts()
        #expect(log.count("com.example.Evil.Intents", where: ScriptLog.isQuery) == 1, "the hanging query was asked again")
        await dispatcher.shutdown()
    }

    /// An extension with many phrase entity types, each answered just in time, gets one step
    /// timeout for all its queries, not one per type: past it, its values are a problem
    /// naming it, and the failure is remembered until its app asks again.
    @Test func manyTimelyQueriesShareOneStepTimeout() async throws {
        try install("Evil", intents: ["Evil.StartIntent"])
        let types = (0..<20).map { "Evil.Thing\($0)" }
        var metadata = AppIntentsMetadata(
            intents: [AppIntentSchema(name: "StartIntent", typeName: "Evil.StartIntent", title: "Start",
                                      parameters: types.enumerated().map { AppParameterSchema(name: "p\($0.offset)", title: "P",
                                                                                              kind: .entity, typeName: $0.element, isOptional: true) })],
            entities: types.map { AppEntitySchema(typeName: $0, displayName: "Thing") })
        metadata.shortcuts = [AppShortcutSchema(intent: "Evil.StartIntent", phrases: (0..<20).map { "Do ${p\($0)} with ${applicationName}" })]
        let described = metadata
        let dispatcher = dispatcher(timeout: .milliseconds(200), scripts: ["com.example.Evil.Intents": { message in
            switch message {
            case .describeAppIntents(let id, _, _): return .appIntentsDescribed(requestID: id, metadata: described)
            case .queryEntities(let id, _, _):
                try? await Task.sleep(for: .milliseconds(170))
                return .entities(requestID: id, entities: [.object(ObjectValue(identifier: "x", display: "thing"))])
            default: return nil
            }
        }])
        try dispatcher.openSystemStore().requestAppShortcutParameters(app: "com.example.Evil")
        let first = await dispatcher.appShortcuts()
        #expect(first.problems == ["com.example.Evil.Intents did not suggest its App Shortcut values within 0.2 seconds (requestTimedOut)."])
        let asked = log.count("com.example.Evil.Intents", where: ScriptLog.isQuery)
        #expect(asked < types.count, "all \(asked) queries were asked, each with a timeout of its own")
        _ = await dispatcher.appShortcuts()
        #expect(log.count("com.example.Evil.Intents", where: ScriptLog.isQuery) == asked, "the failed round was asked again")
        await dispatcher.shutdown()
    }

    /// Lock policy is read from metadata; when it is not cached yet (first request after
    /// install or after the library changed) and the device is locked, the request is refused
    /// without starting the extension to learn it.
    @Test func anUncachedAppIntentStartsItsExtensionWhileLockedBeforeTheRefusal() async throws {
        try install("Vault", intents: ["Vault.OpenVaultIntent"])
        let dispatcher = dispatcher(scripts: ["com.example.Vault.Intents": Self.honest(Self.metadata(["Vault.OpenVaultIntent"],
                                                                                                         policy: .requiresAuthentication))])
        try dispatcher.lockStore.save(.locked)
        let error = await #expect(throws: HostError.self) {
            _ = try await dispatcher.send("OpenVaultIntent", parameters: [], user: NonInteractiveUser())
        }
        #expect(error?.code == .refusedByPolicy)
        #expect(await dispatcher.supervisor.launchCount == 0, "an extension process was started for a request refused while locked")
        #expect(log.count("com.example.Vault.Intents", where: ScriptLog.isDescribe) == 0, "the extension described itself while locked")
        await dispatcher.shutdown()
    }

    /// The same with a real sandboxed process: the Echo fixture, never described before, is
    /// not started while locked to learn that LockedEchoAppIntent needs the device unlocked.
    @Test func theRealEchoExtensionIsStartedWhileLockedToLearnItsPolicy() async throws {
        try installEchoWithAppIntents(in: apps.path)
        let dispatcher = makeDispatcher([apps.path], state: state)
        try dispatcher.lockStore.save(.locked)
        let error = await #expect(throws: HostError.self) {
            _ = try await dispatcher.send("LockedEchoAppIntent", parameters: [("text", "x")], user: NonInteractiveUser())
        }
        #expect(error?.code == .refusedByPolicy)
        #expect(await dispatcher.supervisor.launchCount == 0, "the extension process was started while locked")
        await dispatcher.shutdown()
    }

    /// An App Intent may not take the name of a SiriKit intent (`INSendPaymentIntent`, always
    /// restricted while locked): the plist is refused, so nothing routes to it.
    @Test func anAppIntentNamedLikeAnAlwaysRestrictedSiriKitIntentRunsWhileLocked() async throws {
        try install("Evil", intents: ["Evil.INSendPaymentIntent"])
        let dispatcher = dispatcher(scripts: ["com.example.Evil.Intents": Self.honest(Self.metadata(["Evil.INSendPaymentIntent"]))])
        #expect(LockPolicy.alwaysRestricted.contains("INSendPaymentIntent"))
        try dispatcher.lockStore.save(.locked)
        #expect(dispatcher.catalog.faults.first?.message.contains("whose name is SiriKit's INSendPaymentIntent") == true,
                "\(dispatcher.catalog.faults)")
        do {
            let result = try await dispatcher.send("INSendPaymentIntent", parameters: [], user: NonInteractiveUser())
            Issue.record("INSendPaymentIntent ran while locked, through \(result.extensionBundle)'s App Intent: \(result.outcome.appIntentResult?.dialog ?? "")")
        } catch let error as HostError {
            #expect(error.code == .noExtension)
        }
        await dispatcher.shutdown()
    }

    /// The metadata check holds an extension to its plist's shortcuts provider too: one that
    /// declares no `AppShortcutsProvider` gets no phrases, and a cached description is checked
    /// again against the plist, so removing the key drops the phrases described before.
    @Test func shortcutsAreTakenFromAnExtensionWhosePlistDeclaresNoShortcutsProvider() async throws {
        try install("Evil", intents: ["Evil.StartIntent"], provider: nil)
        let dispatcher = dispatcher(scripts: ["com.example.Evil.Intents": Self.honest(Self.metadata(["Evil.StartIntent"]))])
        let snapshot = await dispatcher.appShortcuts()
        #expect(snapshot.shortcuts.isEmpty && snapshot.problems.count == 1,
                "shortcuts with no AppShortcutsProvider in the plist were used: \(snapshot.shortcuts.map(\.primaryPhrase))")
        await dispatcher.shutdown()
    }

    /// The 500-character limit counts bytes too: one "character" can carry a base and any
    /// number of combining marks, and such a title of one character is refused.
    @Test func oneHugeGraphemeClusterPassesTheTextLimit() throws {
        let zalgo = "S" + String(repeating: "\u{0301}", count: 200_000)
        #expect(zalgo.count == 1)
        var metadata = Self.metadata(["Evil.StartIntent"])
        metadata.intents[0].title = zalgo
        let declared = AppIntentsDeclaration(typeNames: ["Evil.StartIntent"], shortcutsProvider: "Kit.Shortcuts")
        #expect(throws: HostError.self, "a \(zalgo.utf8.count)-byte title passed the 500-character limit") {
            try AppIntentsMetadataCheck.check(metadata, declared: declared, library: "/x/libEvil.so")
        }
    }

    /// The cached hash of a library is found by its file identity, which includes the change
    /// time its owner cannot set back: a library rewritten in place with the same size and its
    /// modification time restored is hashed and described again.
    @Test func aLibraryRewrittenInPlaceWithItsTimestampRestoredKeepsItsStaleMetadata() async throws {
        // A copy of its own (not a link to the build product), so that it can be rewritten.
        let source = try Data(contentsOf: URL(fileURLWithPath: Package.library("EchoIntents")))
        let own = state.path + "/libOwn.so"
        try source.write(to: URL(fileURLWithPath: own))
        let folder = try install("Vault", intents: ["Vault.OpenVaultIntent"], library: own)
        let library = folder + "/libVaultIntents.so"
        let version = Mutex(1)
        let script: ScriptedChannel.Script = { message in
            let policy: AppIntentAuthenticationPolicy = version.withLock { $0 } == 1 ? .alwaysAllowed : .requiresAuthentication
            return await Self.honest(Self.metadata(["Vault.OpenVaultIntent"], policy: policy))(message)
        }
        let first = dispatcher(scripts: ["com.example.Vault.Intents": script])
        let learned = try await first.appIntentsMetadata(of: try first.route("OpenVaultIntent"))
        #expect(learned.intents.first?.authenticationPolicy == .alwaysAllowed)
        await first.shutdown()

        // Version 2: same size, one byte changed near the end, timestamp put back.
        var before = stat()
        #expect(stat(library, &before) == 0)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: library))
        try handle.seek(toOffset: UInt64(source.count - 1))
        try handle.write(contentsOf: Data([source[source.count - 1] ^ 0xFF]))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, library, &times, 0) == 0)
        version.withLock { $0 = 2 }
        #expect(try LibraryContentHash.of(library) != LibraryContentHash.of(Package.library("EchoIntents")))

        let second = dispatcher(scripts: ["com.example.Vault.Intents": script])
        let now = try await second.appIntentsMetadata(of: try second.route("OpenVaultIntent"))
        #expect(now.intents.first?.authenticationPolicy == .requiresAuthentication,
                "the rewritten library kept the metadata of the old one (described \(log.count("com.example.Vault.Intents", where: ScriptLog.isDescribe)) time(s))")
        await second.shutdown()
    }

    /// The App Intent driver's errors name the bundle, as the conversation's do.
    @Test func aWrongReplyToPerformIsReportedWithoutNamingTheBundle() async throws {
        try install("Evil", intents: ["Evil.StartIntent"])
        let metadata = Self.metadata(["Evil.StartIntent"])
        let dispatcher = dispatcher(scripts: ["com.example.Evil.Intents": { message in
            switch message {
            case .describeAppIntents(let id, _, _): return .appIntentsDescribed(requestID: id, metadata: metadata)
            case .perform(let id, _, _, _): return .entities(requestID: id, entities: [])
            default: return nil
            }
        }])
        let error = await #expect(throws: HostError.self) {
            _ = try await dispatcher.send("StartIntent", parameters: [], user: NonInteractiveUser())
        }
        #expect(error?.code == .extensionFailed)
        #expect(error?.message.contains("com.example.Evil.Intents") == true, "\(error?.message ?? "")")
        await dispatcher.shutdown()
    }

    /// "What can I do with Meditation?" takes no app when several answer to the name, as
    /// `intents send --app` refuses such a name: an app taking another's name as an
    /// alternative name, in a folder that sorts first, does not answer for it.
    @Test func whatCanIDoWithAnAppListsAnImpostorsShortcuts() async throws {
        let writer = BundleWriter(appsFolder: apps.path)
        try writer.app("Meditation", identifier: "com.example.Meditation")
        try writer.app("Aardvark", identifier: "com.example.Aardvark", extra: ["INAlternativeAppNames": [["INAlternativeAppName": "Meditation"]]])
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.apps.map(\.bundleIdentifier) == ["com.example.Aardvark", "com.example.Meditation"])
        #expect(catalog.apps.first?.alternativeNames == ["Meditation"], "the alternative name was not read: \(catalog.faults)")
        #expect(throws: HostError.self) { try catalog.app(named: "Meditation") }
        let request = AppShortcutsHelp.request(in: "What can I do with Meditation?", catalog: catalog)
        #expect(request == .ambiguous(name: "meditation", apps: ["com.example.Aardvark", "com.example.Meditation"]),
                "the help request went to \(String(describing: request))")
    }

    /// A phrase made only of `${applicationName}` tokens would be aligned against every
    /// utterance and, with overlapping alternative names ("a", "a a"), backtrack exponentially:
    /// a usable phrase says the app's name exactly once.
    @Test func aPhraseOfManyApplicationNameTokensBacktracksExponentially() {
        let phrase = String(repeating: "${applicationName}", count: 27)
        #expect(phrase.count <= AppIntentsMetadataCheck.maximumText)
        var snapshot = AppShortcutRulesTests.snapshot(alternatives: ["a", "a a"], phrases: [[phrase]])
        snapshot.shortcuts = snapshot.shortcuts.map { item in
            var item = item
            item.app.displayName = "a"
            return item
        }
        let index = AppShortcutRulesTests.index(snapshot)
        var elapsed: [Int: Duration] = [:]
        for words in [20, 24, 28] {
            let utterance = Array(repeating: "a", count: words).joined(separator: " ") + " b"
            let start = ContinuousClock.now
            _ = index.match(utterance)
            elapsed[words] = ContinuousClock.now - start
        }
        #expect(elapsed[28]! < .milliseconds(200), "matching took \(elapsed.sorted { $0.key < $1.key }.map { "\($0.key) words: \($0.value)" })")
    }

    // MARK: What held

    /// A perform that asks forever ends after the driver's limit; 0 choices is an error and
    /// 100,000 choices are cut to the first 20.
    @Test func askingForeverAndHugeOrEmptyDisambiguationsAreBounded() async throws {
        try install("Evil", intents: ["Evil.StartIntent"])
        let metadata = Self.metadata(["Evil.StartIntent"])
        let asks = Atomic(0)
        let many = (0..<100_000).map { IntentValue.object(ObjectValue(identifier: "\($0)", display: "choice \($0)")) }
        let mode = Mutex("forever")
        let dispatcher = dispatcher(scripts: ["com.example.Evil.Intents": { message in
            switch message {
            case .describeAppIntents(let id, _, _): return .appIntentsDescribed(requestID: id, metadata: metadata)
            case .perform(let id, _, _, _), .answer(let id, _, _):
                switch mode.withLock({ $0 }) {
                case "forever":
                    asks.add(1, ordering: .relaxed)
                    return .asks(requestID: id, question: AppIntentQuestion(kind: .intentConfirmation, dialog: "Again?"))
                case "none":
                    return .asks(requestID: id, question: AppIntentQuestion(kind: .disambiguation, parameter: "session", choices: []))
                default:
                    if case .answer = message { return .performed(requestID: id, result: AppIntentResultPayload(dialog: "picked")) }
                    return .asks(requestID: id, question: AppIntentQuestion(kind: .disambiguation, parameter: "session", choices: many))
                }
            default: return nil
            }
        }])
        let forever = await #expect(throws: HostError.self) {
            _ = try await dispatcher.send("StartIntent", parameters: [], user: NonInteractiveUser(agreesToSystemConfirmation: true))
        }
        #expect(forever?.message.contains("kept asking after 32 requests") == true)
        #expect(asks.load(ordering: .relaxed) == 33)
        mode.withLock { $0 = "none" }
        let none = await #expect(throws: HostError.self) {
            _ = try await dispatcher.send("StartIntent", parameters: [], user: NonInteractiveUser())
        }
        #expect(none?.code == .extensionFailed)
        mode.withLock { $0 = "many" }
        let picked = try await dispatcher.send("StartIntent", parameters: [], user: ScriptedUser(answers: ["20"]))
        #expect(picked.outcome.prompts.first?.choices.count == 20)
        #expect(picked.outcome.intent.parameters["session"] == many[19])
        await dispatcher.shutdown()
    }

    /// A describe that lists an intent the plist does not, a wrong reply type, or a crash-like
    /// failure costs only that extension: the other app's shortcuts are listed.
    @Test func lyingOrWrongDescribeRepliesCostOnlyTheirOwnExtension() async throws {
        try install("Calm", intents: ["Kit.StartIntent"])
        try install("Liar", intents: ["Liar.StartIntent"])
        try install("Wrong", intents: ["Wrong.StartIntent"])
        let dispatcher = dispatcher(scripts: [
            "com.example.Calm.Intents": Self.honest(Self.metadata(["Kit.StartIntent"])),
            "com.example.Liar.Intents": Self.honest(Self.metadata(["Liar.StartIntent", "Liar.ExtraIntent"])),
            "com.example.Wrong.Intents": { message in .entities(requestID: message.requestID ?? 0, entities: []) },
        ])
        let snapshot = await dispatcher.appShortcuts()
        #expect(snapshot.shortcuts.map(\.app.bundleIdentifier) == ["com.example.Calm"])
        #expect(snapshot.problems.count == 2)
        #expect(snapshot.problems.contains { $0.contains("\"Liar.ExtraIntent\", which the plist's AppIntents does not list") })
        #expect(snapshot.problems.contains { $0.contains("com.example.Wrong.Intents answered describe App Intents with an unexpected") })
        await dispatcher.shutdown()
    }

    /// Entity titles with escapes are kept as phrase values, but nothing prints them raw.
    @Test func entityTitlesWithEscapesAreEscapedWhenPrinted() {
        let title = "Walk\u{1b}]0;pwned\u{07}\u{1b}[2J\u{202e}ing"
        #expect(!title.escapedForTerminal.unicodeScalars.contains { $0.value == 0x1b || $0.value == 0x07 || $0.value == 0x202e })
    }

    /// A malformed cache row (not JSON, or valid JSON that fails the check) is described again,
    /// never used and never a crash.
    @Test func aMalformedCacheRowIsDescribedAgain() async throws {
        try install("Calm", intents: ["Kit.StartIntent"])
        let first = dispatcher(scripts: ["com.example.Calm.Intents": Self.honest(Self.metadata(["Kit.StartIntent"]))])
        _ = try await first.appIntentsMetadata(of: try first.route("StartIntent"))
        await first.shutdown()
        let database = state.path + "/System.sqlite"
        #expect(FileManager.default.fileExists(atPath: database), "no store at \(database)")
        for record in ["X'00FF'", "'not a blob'", "CAST('{\"intents\":[]}' AS BLOB)", "zeroblob(10)"] {
            try await sqlite(database, "UPDATE app_intents_metadata SET record = \(record)")
            let again = dispatcher(scripts: ["com.example.Calm.Intents": Self.honest(Self.metadata(["Kit.StartIntent"]))])
            let metadata = try await again.appIntentsMetadata(of: try again.route("StartIntent"))
            #expect(metadata.intents.map(\.name) == ["StartIntent"])
            await again.shutdown()
        }
        #expect(log.count("com.example.Calm.Intents", where: ScriptLog.isDescribe) == 5)
    }

    // MARK: Helpers

    func timed<Value>(_ body: () async throws -> Value) async rethrows -> (value: Value, elapsed: Duration) {
        let start = ContinuousClock.now
        let value = try await body()
        return (value, ContinuousClock.now - start)
    }

    func sqlite(_ database: String, _ statement: String) async throws {
        #expect(try await SpawnedProgram.run("/usr/bin/sqlite3", [database, statement]).status == 0, "\(statement) failed")
    }
}
