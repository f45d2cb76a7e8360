import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy
import IntentsHost
import Testing

/// Issue 8's door escapes: bundles crafted to turn what the host derives from their plists
/// (identifiers, executable names, identity, app groups) into access. Each is refused with one
/// sentence naming the file, the key and the value, and nothing is created outside the state.
@Suite struct CraftedBundleTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()
    var writer: BundleWriter { BundleWriter(appsFolder: apps.path) }

    /// An app around the Sandbox Tester library, with `edit` applied to its extension's plist.
    @discardableResult
    func tester(app: String = "Evil", identifier: String = "com.evil.Evil", extensionIdentifier: String? = nil,
                format: BundleWriter.Format = .xml, library: Bool = true,
                edit: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        try writer.app(app, identifier: identifier, format: format)
        return try writer.appex("\(app)Intents", in: app, identifier: extensionIdentifier ?? identifier + ".Intents",
                                principalClass: "SandboxTesterIntents.IntentHandler", intents: ["AttackIntent"],
                                library: library ? Package.library("SandboxTesterIntents") : nil, format: format, edit: edit)
    }

    func dispatcher(_ folders: [String]) -> IntentDispatcher {
        makeDispatcher(folders, state: state)
    }

    // MARK: 1. Bundle identifiers that would become paths

    @Test(arguments: [
        ("com.x", "com.x./../../../../../root", "has the character \"/\""),
        ("com.x", "com.x.a\u{0}b", "has the character U+0000"),
        ("com.x", "com.x..Intents", "has an empty component"),
        ("com.x", "com.x.-Intents", nil),
    ] as [(String, String, String?)])
    func extensionIdentifierThatIsNoReverseDNSNameIsAFault(app: String, identifier: String, clause: String?) throws {
        let appex = try tester(identifier: app, extensionIdentifier: identifier, format: .binary)
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        guard let clause else {
            #expect(catalog.faults == [] && catalog.extensions.count == 1, "\(catalog.faults)")
            return
        }
        #expect(catalog.extensions.isEmpty)
        let fault = try #require(catalog.faults.first)
        #expect(fault.code == .invalidName)
        #expect(fault.key == "CFBundleIdentifier")
        #expect(fault.message.hasPrefix("In \(appex)/Info.plist, CFBundleIdentifier \(identifier.quotedForDisplay) \(clause)"), "\(fault.message)")
        #expect(!fault.message.contains("\u{0}"))
    }

    @Test func anAppCalledDotWithAnExtensionCalledDotDotIsRefused() throws {
        try writer.app("Dot", identifier: ".")
        try writer.appex("DotIntents", in: "Dot", identifier: "..", principalClass: "SandboxTesterIntents.IntentHandler",
                         intents: ["AttackIntent"], library: Package.library("SandboxTesterIntents"))
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.apps.isEmpty)
        #expect(catalog.faults.map(\.message) == ["In \(apps.path)/Dot.app/Info.plist, CFBundleIdentifier \".\" has an empty component (two dots in a row, or a dot at either end)."])
    }

    @Test func aOneWordIdentifierIsAFault() throws {
        try writer.app("Impostor", identifier: "MonkeyChat")
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.apps.isEmpty)
        #expect(catalog.faults.map(\.message) == ["In \(apps.path)/Impostor.app/Info.plist, CFBundleIdentifier \"MonkeyChat\" has one component; a bundle identifier names a developer and a bundle, like com.example.MyApp."])
    }

    /// An impostor named after another app's identifier wins no look-up by that text.
    @Test func aNameThatIsAnotherAppsIdentifierIsAmbiguous() async throws {
        let samples = try sampleAppsFolder(apps)
        let impostors = TemporaryFolder()
        try BundleWriter(appsFolder: impostors.path).app("Impostor", identifier: "com.evil.Impostor",
                                                         extra: ["CFBundleDisplayName": "com.example.MonkeyChat"])
        let run = try await runProgram(Package.cli, ["--apps", impostors.path, "--apps", samples, "--state", state.path,
                                                     "authorize", "com.example.MonkeyChat", "grant"], environment: ["HOME": state.path])
        #expect(run.status == 2)
        #expect(run.output == "error: 2 apps answer to \"com.example.MonkeyChat\": com.evil.Impostor (its name), com.example.MonkeyChat (its identifier); one of them takes another's identifier as its name; remove or rename it.\n")
    }

    @Test func containersAreMadeOnlyInsideTheStateFolder() throws {
        let layout = try ContainerLayout(resolving: state.path)
        for name in ["..", ".", "com.x./../../root", "a/b", "com.x.a\u{0}b", ""] {
            #expect(throws: HostError.self) { try layout.prepareContainer(for: name) }
        }
        #expect(try layout.prepareContainer(for: "com.x.Intents") == state.path + "/Containers/com.x.Intents")
        // A Containers folder that is a symlink out of the state folder is refused, not followed.
        let outside = TemporaryFolder()
        let other = try ContainerLayout(resolving: state.path + "/other")
        try FileManager.default.createSymbolicLink(atPath: other.containersFolder, withDestinationPath: outside.path)
        let error = #expect(throws: HostError.self) { try other.prepareContainer(for: "com.x.Intents") }
        #expect(error?.message.contains("not to a folder of its own") == true, "\(error?.message ?? "")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    // MARK: 2. CFBundleExecutable and the library's real path

    @Test func executableThatIsAPathThroughASymlinkIsRefused() throws {
        let appex = try tester(library: false) { plist in
            plist["CFBundleExecutable"] = "q/" + String(repeating: "../", count: 30) + "libSandboxTesterIntents"
        }
        try FileManager.default.createDirectory(atPath: appex + "/deep/deeper", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: appex + "/q", withDestinationPath: "deep/deeper")
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.extensions.isEmpty)
        #expect(catalog.faults.first?.code == .invalidName)
        #expect(catalog.faults.first?.message.hasPrefix("In \(appex)/Info.plist, CFBundleExecutable \"q/../") == true)
        #expect(catalog.faults.first?.message.hasSuffix("has the character \"/\", which a plain file name here cannot hold (only letters, digits, \"_\", \"+\", \"-\" and \".\").") == true)
    }

    @Test(arguments: [".", "..", "-rf", "lib."])
    func executableThatIsNoPlainFileNameIsRefused(name: String) throws {
        try tester { $0["CFBundleExecutable"] = name }
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.extensions.isEmpty)
        #expect(catalog.faults.first?.key == "CFBundleExecutable", "\(catalog.faults)")
    }

    @Test func libraryThatResolvesOutsideTheBundleIsRefused() throws {
        let appex = try tester(library: false)
        try FileManager.default.createSymbolicLink(atPath: appex + "/libEvilIntents.so", withDestinationPath: Package.library("SandboxTesterIntents"))
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.extensions.isEmpty)
        let real = try #require(RealPath.of(Package.library("SandboxTesterIntents")))
        #expect(catalog.faults.map(\.message) == ["\(appex)/libEvilIntents.so, named by CFBundleExecutable \"EvilIntents\" in \(appex)/Info.plist, resolves to \(real.quotedForDisplay), outside its bundle."])
        #expect(catalog.faults.first?.code == .libraryOutsideBundle)
    }

    @Test func librarySymlinkWithinTheBundleIsFineAndOnlyTheBundleIsOpened() async throws {
        let appex = try tester(library: false)
        try FileManager.default.createDirectory(atPath: appex + "/Frameworks", withIntermediateDirectories: true)
        try DevelopmentBundles.place(Package.library("SandboxTesterIntents"), at: appex + "/Frameworks/libEvilIntents.so")
        try FileManager.default.createSymbolicLink(atPath: appex + "/libEvilIntents.so", withDestinationPath: "Frameworks/libEvilIntents.so")
        let dispatcher = dispatcher([apps.path])
        let bundle = try #require(dispatcher.catalog.extensions.first)
        #expect(bundle.libraryPath == appex + "/Frameworks/libEvilIntents.so")
        let policy = try dispatcher.configuration.preparedSandboxPolicy(for: bundle, in: dispatcher.catalog)
        let bundleRules = policy.paths.filter { $0.path.hasPrefix(apps.path) }
        #expect(bundleRules == [SandboxPolicy.PathRule(path: appex, execute: true, descriptor: SandboxPolicy.bundleFolderDescriptor)])
        let result = try await dispatcher.send("AttackIntent", parameters: [("attack", "read"), ("target", "/etc/shadow")], user: NonInteractiveUser())
        #expect(result.outcome.response.output.first?.value == .string("blocked: EACCES"))
        await dispatcher.shutdown()
    }

    @Test func aLibraryThatIsAFIFOIsRefusedWithoutWaiting() throws {
        let appex = try tester(library: false)
        try #require(mkfifo(appex + "/libEvilIntents.so", 0o644) == 0)
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.faults.map(\.message) == ["\(appex)/libEvilIntents.so, named by CFBundleExecutable \"EvilIntents\" in \(appex)/Info.plist, is a FIFO, not a regular file."])
    }

    /// Plists are read only as regular files of their bundle, and small: never through a symlink
    /// out of it (a root host would show a root-only file's content in its error), never from a
    /// FIFO, never 2 GiB of a sparse file on every command.
    @Test func plistsAreReadOnlyAsSmallRegularFilesOfTheirBundle() throws {
        let secret = TemporaryFolder()
        try "<plist><dict><key>CFBundleIdentifier</key><string>TOP-SECRET</string></dict></plist>".write(toFile: secret.path + "/s.plist", atomically: true, encoding: .utf8)
        let linked = try writer.app("Linked", identifier: "com.linked.Linked")
        try FileManager.default.removeItem(atPath: linked + "/Info.plist")
        try FileManager.default.createSymbolicLink(atPath: linked + "/Info.plist", withDestinationPath: secret.path + "/s.plist")
        let fifo = try writer.app("Fifo", identifier: "com.fifo.Fifo")
        try FileManager.default.removeItem(atPath: fifo + "/Info.plist")
        try #require(mkfifo(fifo + "/Info.plist", 0o644) == 0)
        let huge = try writer.app("Huge", identifier: "com.huge.Huge")
        try #require(truncate(huge + "/Info.plist", 2 << 30) == 0)
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.apps.isEmpty)
        let real = try #require(RealPath.of(secret.path + "/s.plist"))
        #expect(catalog.faults.map(\.message).sorted() == [
            "\(fifo)/Info.plist is a FIFO, not a regular file.",
            "\(huge)/Info.plist has 2147483648 bytes, more than the 1048576 a property list may have here.",
            "\(linked)/Info.plist resolves to \(real.quotedForDisplay), outside its bundle.",
        ])
        #expect(!catalog.faults.contains { $0.message.contains("TOP-SECRET") })
    }

    // MARK: 3. The library checked is the library loaded

    /// After the scan, the library's symlink is flipped between a file inside the bundle and a
    /// copy outside, beside a secret. The host checks the very descriptor it passes, so each
    /// launch either refuses the outside file or runs the inside one, and the sandbox never opens
    /// the outside folder.
    @Test func aLibrarySwappedAfterTheScanIsRefusedOrStaysConfined() async throws {
        let outside = TemporaryFolder()
        try DevelopmentBundles.place(Package.library("SandboxTesterIntents"), at: outside.path + "/libEvilIntents.so")
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside.path + "/secret"))
        let appex = try tester(library: false)
        try DevelopmentBundles.place(Package.library("SandboxTesterIntents"), at: appex + "/inside.so")
        let link = appex + "/libEvilIntents.so"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "inside.so")
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        try #require(catalog.extensions.count == 1)
        let flipper = SymlinkFlipper(link: link, targets: ["inside.so", outside.path + "/libEvilIntents.so"])
        flipper.start()
        var refused = 0, ran = 0
        for _ in 0..<30 {
            let dispatcher = IntentDispatcher(configuration: makeDispatcher([apps.path], state: state).configuration, catalog: catalog)
            do {
                let result = try await dispatcher.send("AttackIntent", parameters: [("attack", "read"), ("target", outside.path + "/secret")],
                                                       user: NonInteractiveUser())
                #expect(result.outcome.response.output.first?.value == .string("blocked: EACCES"))
                ran += 1
            } catch let error as HostError {
                #expect(error.message.contains("outside its bundle"), "\(error.message)")
                refused += 1
            }
            await dispatcher.shutdown()
        }
        flipper.stop()
        #expect(ran + refused == 30)
        #expect(ran > 0)
    }

    /// The bundle's folder replaced by a symlink to / after the scan: the sandbox must never
    /// open / in its place (the host passes the folder it checked, by descriptor).
    @Test func aBundleFolderSwappedForASymlinkAfterTheScanIsRefused() async throws {
        let appex = try tester()
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        try #require(catalog.extensions.count == 1)
        try FileManager.default.moveItem(atPath: appex, toPath: appex + ".real")
        try FileManager.default.createSymbolicLink(atPath: appex, withDestinationPath: "/")
        let dispatcher = IntentDispatcher(configuration: makeDispatcher([apps.path], state: state).configuration, catalog: catalog)
        let error = await #expect(throws: HostError.self) {
            try await dispatcher.send("AttackIntent", parameters: [("attack", "read"), ("target", "/etc/shadow")], user: NonInteractiveUser())
        }
        #expect(error?.message.contains("is no longer where it was checked") == true, "\(error?.message ?? "")")
        await dispatcher.shutdown()
    }

    /// The same swap as a race, back and forth while extensions start: no run reads /etc/shadow.
    @Test func aBundleFolderFlippedWithASymlinkNeverOpensWhatItPointsTo() async throws {
        let appex = try tester()
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        try #require(catalog.extensions.count == 1)
        try FileManager.default.createSymbolicLink(atPath: appex + ".link", withDestinationPath: "/")
        let flipper = FolderFlipper(path: appex, other: appex + ".link")
        flipper.start()
        var ran = 0
        for _ in 0..<40 {
            let dispatcher = IntentDispatcher(configuration: makeDispatcher([apps.path], state: state).configuration, catalog: catalog)
            if let result = try? await dispatcher.send("AttackIntent", parameters: [("attack", "read"), ("target", "/etc/shadow")],
                                                       user: NonInteractiveUser()) {
                #expect(result.outcome.response.output.first?.value == .string("blocked: EACCES"))
                ran += 1
            }
            await dispatcher.shutdown()
        }
        flipper.stop()
        #expect(ran > 0, "some runs must have started between the flips")
    }

    /// The same flip, slower, while `nobody` runs the host through the CLI (which scans each
    /// time): no run reads what the symlink points to. The in-process test above is the one
    /// that reliably catches a sandbox opening the path instead of the descriptor.
    @Test func aBundleFolderFlippedWithASymlinkStaysConfinedForAnUnprivilegedUser() async throws {
        let workspace = try await UnprivilegedWorkspace()
        let appex = try await workspace.addSandboxTester("Evil", identifier: "com.evil.Evil")
        try FileManager.default.createSymbolicLink(atPath: appex + ".link", withDestinationPath: "/etc")
        let flipper = FolderFlipper(path: appex, other: appex + ".link", pause: 8_000)
        flipper.start()
        var outcomes: [String] = []
        for _ in 0..<15 {
            let run = try await workspace.intents(["send", "AttackIntent", "--param", "attack=read", "--param", "target=/etc/passwd",
                                                   "--json", "--timeout", "10"])
            if let outcome = jsonOutcome(run.output) { outcomes.append(outcome) }
        }
        flipper.stop()
        #expect(outcomes.allSatisfy { $0 == "blocked: EACCES" }, "\(outcomes)")
    }

    // MARK: 4. No bridge from the sandbox to unconfined code

    @Test func theExtensionCannotWriteTheSystemStoreOrTheLockState() async throws {
        let dispatcher = makeDispatcher([try sampleAppsFolder(apps)], state: state)
        try LockStateStore(stateFolder: state.path).save(.unlocked)
        _ = try dispatcher.openSystemStore()
        for target in [state.path + "/System.sqlite", state.path + "/lock-state", state.path + "/planted"] {
            let result = try await dispatcher.send("AttackIntent", parameters: [("attack", "write"), ("target", target)], user: NonInteractiveUser())
            #expect(result.outcome.response.output.first?.value == .string("blocked: EACCES"), "\(target)")
        }
        await dispatcher.shutdown()
    }

    @Test func activityContinuationRunsOnlyAnExecutableInsideTheApp() async throws {
        let outside = TemporaryFolder()
        let script = outside.path + "/payload.sh"
        // The app runs confined: what it can leave is in its own container.
        let proof = state.path + "/Containers/com.evil.Evil/ran"
        try "#!/bin/sh\n: > \"$HOME/ran\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let app = try writer.app("Evil", identifier: "com.evil.Evil", extra: ["CFBundleExecutable": "evil", "NSUserActivityTypes": ["com.evil.go"]])
        try FileManager.default.createSymbolicLink(atPath: app + "/evil", withDestinationPath: script)
        let dispatcher = makeDispatcher([apps.path], state: state)
        let bundle = try #require(dispatcher.catalog.apps.first)
        let activity = UserActivityPayload(activityType: "com.evil.go")
        let error = await #expect(throws: HostError.self) { try await dispatcher.continueActivity(activity, in: bundle) }
        #expect(error?.message == "\"Evil\" cannot continue \"com.evil.go\": its executable \"\(app)/evil\" resolves to \(RealPath.of(script)!.quotedForDisplay), outside its bundle.")
        let undeclared = UserActivityPayload(activityType: "com.evil.other")
        await #expect(throws: HostError.self) { try await dispatcher.continueActivity(undeclared, in: bundle) }
        #expect(!FileManager.default.fileExists(atPath: proof))
        // Inside the bundle, a regular executable file runs.
        try FileManager.default.removeItem(atPath: app + "/evil")
        try FileManager.default.copyItem(atPath: script, toPath: app + "/evil")
        #expect(try await dispatcher.continueActivity(activity, in: bundle).status == 0)
        #expect(FileManager.default.fileExists(atPath: proof))
    }

    @Test func anAppExecutableNamedAsAPathIsAFault() throws {
        try writer.app("Evil", identifier: "com.evil.Evil", extra: ["CFBundleExecutable": "../../../../bin/sh"])
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.apps.isEmpty)
        #expect(catalog.faults.map(\.message) == ["In \(apps.path)/Evil.app/Info.plist, CFBundleExecutable \"../../../../bin/sh\" has the character \"/\", which a plain file name here cannot hold (only letters, digits, \"_\", \"+\", \"-\" and \".\")."])
    }

    // MARK: 5. Identity

    @Test func anImpostorOfAnAppsIdentifierFaultsBothAndServesNeither() async throws {
        let samples = try sampleAppsFolder(apps)
        let impostors = TemporaryFolder()
        try BundleWriter(appsFolder: impostors.path).app("AAA", identifier: "com.example.MonkeyChat")
        for order in [[impostors.path, samples], [samples, impostors.path]] {
            let catalog = BundleScanner.scan(appsFolders: order)
            #expect(!catalog.apps.contains { $0.bundleIdentifier == "com.example.MonkeyChat" })
            #expect(catalog.faults.filter { $0.code == .duplicateBundleIdentifier }.count == 2)
            #expect(catalog.routes["INSendMessageIntent"] == nil)
        }
    }

    @Test func anotherAppsExtensionIdentifierFaultsBoth() throws {
        let samples = try sampleAppsFolder(apps)
        let evil = TemporaryFolder()
        let evilWriter = BundleWriter(appsFolder: evil.path)
        try evilWriter.app("Example", identifier: "com.example")
        try evilWriter.appex("Steal", in: "Example", identifier: "com.example.MonkeyChat.Intents",
                             principalClass: "SandboxTesterIntents.IntentHandler", intents: ["AttackIntent"],
                             library: Package.library("SandboxTesterIntents"))
        let catalog = BundleScanner.scan(appsFolders: [evil.path, samples])
        #expect(!catalog.extensions.contains { $0.bundleIdentifier == "com.example.MonkeyChat.Intents" })
        let messages = catalog.faults.filter { $0.code == .duplicateBundleIdentifier }.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.contains("CFBundleIdentifier \"com.example.MonkeyChat.Intents\" is also used by") })
    }

    @Test func aContestedIntentIsNeverGivenToTheFirstFolderSilently() async throws {
        let samples = try sampleAppsFolder(apps)
        let early = TemporaryFolder()
        let earlyWriter = BundleWriter(appsFolder: early.path)
        try earlyWriter.app("AAA", identifier: "com.aaa.AAA")
        try earlyWriter.appex("AAAIntents", in: "AAA", identifier: "com.aaa.AAA.Intents", principalClass: "SandboxTesterIntents.IntentHandler",
                              intents: ["OrderPizzaIntent"], library: Package.library("SandboxTesterIntents"))
        let arguments = ["--apps", early.path, "--apps", samples, "--state", state.path, "send", "OrderPizzaIntent",
                         "--param", "kind=margherita", "--param", "quantity=1", "--param", "deliveryTime=12:00", "--json"]
        let refused = try await runProgram(Package.cli, arguments + ["--non-interactive"], environment: ["HOME": state.path])
        #expect(refused.status == 2, "\(refused.output)")
        #expect(refused.output.contains("note: OrderPizzaIntent is supported by several apps: com.aaa.AAA.Intents (\"\(early.path)/AAA.app/PlugIns/AAAIntents.appex\"), com.example.Pizza.Intents"))
        #expect(refused.output.contains("name one with --app, or run interactively to be asked."), "\(refused.output)")
        let chosen = try await runProgram(Package.cli, arguments + ["--app", "Pizza"], environment: ["HOME": state.path])
        #expect(chosen.status == 0, "\(chosen.output)")
        #expect(chosen.output.contains(#""extension":"com.example.Pizza.Intents""#))
        #expect(!chosen.output.contains("note:"))
        // Answers scripted for the conversation never pick an app: a new app claiming the intent
        // must not take them.
        let scripted = try await runProgram(Package.cli, arguments + ["--answer", "2"], environment: ["HOME": state.path])
        #expect(scripted.status == 2, "\(scripted.output)")
        #expect(!scripted.output.contains(#""extension":"#), "\(scripted.output)")
    }

    /// The library API asks the conversation's user, who may pick by number or name.
    @Test func theUserPicksTheAppWhenAskedByTheLibrary() async throws {
        let samples = try sampleAppsFolder(apps)
        let early = TemporaryFolder()
        try BundleWriter(appsFolder: early.path).app("AAA", identifier: "com.aaa.AAA")
        try BundleWriter(appsFolder: early.path).appex("AAAIntents", in: "AAA", identifier: "com.aaa.AAA.Intents",
                                                       principalClass: "SandboxTesterIntents.IntentHandler", intents: ["OrderPizzaIntent"],
                                                       library: Package.library("SandboxTesterIntents"))
        let dispatcher = makeDispatcher([early.path, samples], state: state)
        let result = try await dispatcher.send("OrderPizzaIntent", parameters: [("kind", "margherita"), ("quantity", "1"), ("deliveryTime", "12:00")],
                                               user: ScriptedUser(answers: ["Pizza"]))
        #expect(result.extensionBundle == "com.example.Pizza.Intents")
        #expect(result.outcome.prompts.first?.choices == ["AAA (com.aaa.AAA.Intents)", "Pizza (com.example.Pizza.Intents)"])
        #expect(result.outcome.prompts.first?.answer == "Pizza")
        await dispatcher.shutdown()
    }

    @Test func validateNotesAContestedIntentWithoutFailing() async throws {
        try tester(app: "One", identifier: "com.one.One")
        try tester(app: "Two", identifier: "com.two.Two")
        let run = try await runProgram(Package.cli, ["--state", state.path, "validate", apps.path], environment: ["HOME": state.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Notes:\n  AttackIntent is supported by com.one.One.Intents"), "\(run.output)")
        #expect(run.output.contains("AttackIntent (other apps support it too: send asks which, or takes --app)"))
    }

    @Test func authorizingByANameTwoAppsShareIsRefused() async throws {
        let samples = try sampleAppsFolder(apps)
        let twin = TemporaryFolder()
        try BundleWriter(appsFolder: twin.path).app("MonkeyChat", identifier: "com.twin.MonkeyChat")
        let run = try await runProgram(Package.cli, ["--apps", samples, "--apps", twin.path, "--state", state.path,
                                                     "authorize", "MonkeyChat", "grant"], environment: ["HOME": state.path])
        #expect(run.status == 2)
        #expect(run.output == "error: 2 apps answer to \"MonkeyChat\": com.example.MonkeyChat (its name), com.twin.MonkeyChat (its name); name one by its bundle identifier.\n")
        let exact = try await runProgram(Package.cli, ["--apps", samples, "--apps", twin.path, "--state", state.path,
                                                       "authorize", "com.example.MonkeyChat", "grant"], environment: ["HOME": state.path])
        #expect(exact.status == 0, "\(exact.output)")
    }

    // MARK: 6. App groups belong to their developer

    @Test func anAppCannotClaimAnotherDevelopersGroup() throws {
        let app = try writer.app("Evil", identifier: "com.evil.Evil")
        try writer.write([Entitlements.applicationGroupsKey: ["group.com.example.monkeychat"]], to: app + "/Evil.entitlements", format: .xml)
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.apps.isEmpty)
        #expect(catalog.faults.map(\.code) == [.foreignAppGroup])
        #expect(catalog.faults.first?.message == "In \(app)/Evil.entitlements, com.apple.security.application-groups lists \"group.com.example.monkeychat\", which belongs to developer com.example, but com.evil.Evil is of developer com.evil.")
    }

    @Test func anAppsOwnGroupIsItsToClaim() throws {
        let app = try writer.app("Evil", identifier: "com.evil.Evil")
        try writer.write([Entitlements.applicationGroupsKey: ["group.com.evil.shared"]], to: app + "/Evil.entitlements", format: .xml)
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.faults == [])
        #expect(catalog.apps.first?.entitlements.applicationGroups == ["group.com.evil.shared"])
    }

    // MARK: validate, as root and as nobody

    /// `intents validate` names each crafted bundle's fault in one sentence, for any user.
    @Test func validateReportsEachCraftedBundle() async throws {
        let workspace = try await UnprivilegedWorkspace()
        let crafted = BundleWriter(appsFolder: workspace.appsFolder)
        func library(_ appex: String, _ name: String) async throws {
            try await workspace.placeLibrary("SandboxTesterIntents", at: appex + "/lib\(name).so")
        }
        let cases: [(String, String, String)] = [
            ("Slash", "com.x./../../root", "CFBundleIdentifier \"com.x./../../root\" has the character \"/\""),
            ("Empty", "com.y..Intents", "CFBundleIdentifier \"com.y..Intents\" has an empty component"),
        ]
        for (name, identifier, _) in cases {
            let parent = identifier.hasPrefix("com.x") ? "com.x" : "com.y"
            try crafted.app(name, identifier: parent)
            let appex = try crafted.appex(name + "Intents", in: name, identifier: identifier, principalClass: "SandboxTesterIntents.IntentHandler",
                                          intents: ["AttackIntent"], library: nil)
            try await library(appex, name + "Intents")
        }
        try crafted.app("Dots", identifier: "com.dots")
        let dots = try crafted.appex("DotsIntents", in: "Dots", identifier: "com.dots.Intents", principalClass: "SandboxTesterIntents.IntentHandler",
                                     intents: ["AttackIntent"], library: nil) { $0["CFBundleExecutable"] = "q/../../libDotsIntents" }
        try await library(dots, "DotsIntents")
        try crafted.app("Out", identifier: "com.out")
        let out = try crafted.appex("OutIntents", in: "Out", identifier: "com.out.Intents", principalClass: "SandboxTesterIntents.IntentHandler",
                                    intents: ["AttackIntent"], library: nil)
        try FileManager.default.createSymbolicLink(atPath: out + "/libOutIntents.so", withDestinationPath: "/usr/lib/x86_64-linux-gnu/libz.so.1")
        try crafted.app("Foreign", identifier: "com.evil.Foreign")
        try crafted.write([Entitlements.applicationGroupsKey: ["group.com.example.monkeychat"]],
                          to: workspace.appsFolder + "/Foreign.app/Foreign.entitlements", format: .xml)
        try crafted.app("Twin1", identifier: "com.example.Twin")
        try crafted.app("Twin2", identifier: "com.example.Twin")
        let expected = cases.map(\.2) + ["lists \"group.com.example.monkeychat\", which belongs to developer com.example",
                                         "CFBundleIdentifier \"com.example.Twin\" is also used by",
                                         "CFBundleExecutable \"q/../../libDotsIntents\" has the character \"/\"",
                                         "named by CFBundleExecutable \"OutIntents\" in \(out)/Info.plist, resolves to \"/usr/lib/x86_64-linux-gnu/libz.so.1"]
        for asNobody in [false, true] {
            let arguments = ["validate", workspace.appsFolder, "--json"]
            let run = asNobody ? try await workspace.intents(arguments)
                : try await runProgram(Package.cli, ["--state", state.path] + arguments, environment: ["HOME": state.path])
            #expect(run.status == 1, "\(run.output)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let messages = (object["faults"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            for fragment in expected {
                #expect(messages.contains { $0.contains(fragment) }, "\(fragment) not in \(messages)")
            }
            #expect(messages.count == 7, "\(messages)")
            #expect(messages.allSatisfy { !$0.contains("\n") && $0.hasSuffix(".") })
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.stateFolder).isEmpty)
    }
}

/// Swaps two entries of a folder back and forth (through a third name), on its own thread,
/// holding each state `pause` microseconds.
final class FolderFlipper: @unchecked Sendable {
    private let path: String
    private let other: String
    private let pause: UInt32
    private let lock = NSLock()
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    init(path: String, other: String, pause: UInt32 = 0) {
        self.path = path
        self.other = other
        self.pause = pause
    }

    func start() {
        Thread { [self] in
            let aside = path + ".aside"
            while !lock.withLock({ stopped }) {
                rename(path, aside)
                rename(other, path)
                rename(aside, other)
                // At least a little: flipping never needs a whole core, and other tests run alongside.
                usleep(max(pause, 20))
            }
            // Leave the real folder in place.
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
                rename(path, aside)
                rename(other, path)
                rename(aside, other)
            }
            done.signal()
        }.start()
    }

    func stop() {
        lock.withLock { stopped = true }
        done.wait()
    }
}

/// Flips a symlink between targets, as fast as it can, on its own thread.
final class SymlinkFlipper: @unchecked Sendable {
    private let link: String
    private let targets: [String]
    private let running = NSLock()
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    init(link: String, targets: [String]) {
        self.link = link
        self.targets = targets
    }

    func start() {
        Thread { [self] in
            var index = 0
            while !running.withLock({ stopped }) {
                index += 1
                let temporary = link + ".flip"
                unlink(temporary)
                symlink(targets[index % targets.count], temporary)
                rename(temporary, link)
                usleep(20)
            }
            done.signal()
        }.start()
    }

    func stop() {
        running.withLock { stopped = true }
        done.wait()
    }
}
