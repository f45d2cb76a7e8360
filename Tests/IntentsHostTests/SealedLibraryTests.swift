import Crypto
@testable import ExtensionProcesses
import ExtensionProtocol
import Foundation
@testable import HostBundles
@testable import HostPolicy
@testable import IntentsHost
import Synchronization
import SystemStore
import Testing

/// App Intents metadata is keyed by the bytes that run: the library is copied into a sealed
/// memory file, hashed there, and that copy is what the extension process describes and runs,
/// whatever is swapped on disk meanwhile.
@Suite struct SealedLibraryTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    /// The SHA-256 of a file's bytes, in hex.
    func sha256(_ path: String) throws -> String {
        SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: path))).map { String(format: "%02x", $0) }.joined()
    }

    /// Puts `other`'s bytes at `path` as a new file renamed over it, as an attacker with the
    /// bundle's folder can at any moment.
    func swap(_ path: String, with other: String) throws {
        let temporary = path + ".swap"
        try? FileManager.default.removeItem(atPath: temporary)
        try FileManager.default.copyItem(atPath: other, toPath: temporary)
        guard rename(temporary, path) == 0 else { throw HostError(.badState, "rename: \(String(cString: strerror(errno)))") }
    }

    @Test func theCopyIsSealedAndHashedAsTheFileWasWhenCopied() throws {
        try installEchoWithAppIntents(in: apps.path)
        let bundle = try #require(BundleScanner.scan(appsFolders: [apps.path]).routes["EchoAppIntent"])
        let original = try sha256(bundle.libraryPath)
        let sealed = try SealedLibrary.of(bundle)
        #expect(sealed.hash == original)
        #expect(sealed.isSealed)
        // Neither this host nor anyone it passes the descriptor to can write it.
        var byte: UInt8 = 0
        #expect(pwrite(sealed.descriptor, &byte, 1, 0) == -1 && errno == EPERM)
        #expect(ftruncate(sealed.descriptor, 0) == -1 && errno == EPERM)
        try swap(bundle.libraryPath, with: Package.library("FaultyIntents"))
        #expect(try LibraryContentHash.hash(of: sealed.descriptor, path: "the copy") == original)
    }

    @Test func aLibraryThatIsNotALibraryIsRefusedByNameAndNothingIsCopied() throws {
        try installEchoWithAppIntents(in: apps.path)
        let bundle = try #require(BundleScanner.scan(appsFolders: [apps.path]).routes["EchoAppIntent"])
        try "not an ELF file".write(toFile: bundle.libraryPath + ".text", atomically: true, encoding: .utf8)
        try swap(bundle.libraryPath, with: bundle.libraryPath + ".text")
        let error = #expect(throws: HostError.self) { try SealedLibrary.of(bundle) }
        #expect(error?.code == .extensionFailed)
        #expect(error?.message == "com.example.Echo.Intents cannot start: its library \(bundle.libraryPath.quotedForDisplay) is not an ELF shared library.")
    }

    /// The flaw: the library was hashed by path, and the describing process opened it again; a
    /// file swapped in between was described under the first file's hash. Here the swap happens
    /// in the launcher, after the hash and before the process loads anything.
    @Test func aLibrarySwappedBetweenTheHashAndTheLoadIsNotWhatRuns() async throws {
        try installEchoWithAppIntents(in: apps.path)
        var settings = HostConfiguration(appsFolders: [apps.path], stateFolder: state.path, runnerPath: Package.runner)
        settings.requiresSiriAuthorization = false
        let configuration = settings
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        let bundle = try #require(catalog.routes["EchoAppIntent"])
        let echoBytes = try sha256(bundle.libraryPath)
        let swaps = Counter()
        let supervisor = ExtensionSupervisor { [self] launch in
            // Meditation's library declares none of Echo's App Intents: had it been loaded, the
            // description would fail, or describe other code under Echo's hash.
            try swap(launch.bundle.libraryPath, with: Package.library("MeditationIntents"))
            swaps.increment()
            let policy = try configuration.preparedSandboxPolicy(for: launch.bundle, in: catalog)
            return try await ExtensionProcess.launch(launch, policy: policy, runnerPath: Package.runner, timeout: .seconds(30))
        }
        let dispatcher = IntentDispatcher(configuration: configuration, catalog: catalog, supervisor: supervisor)
        let metadata = try await dispatcher.appIntentsMetadata(of: bundle)
        #expect(swaps.value == 1)
        #expect(metadata.intents.map(\.name).sorted() == ["AskingEchoAppIntent", "EchoAppIntent", "LockedEchoAppIntent"])
        // Cached under the hash of the bytes that were described: Echo's, not the swapped file's.
        let store = try SystemStore(stateFolder: state.path)
        #expect(try store.appIntentsMetadata(libraryHash: echoBytes) == metadata)
        #expect(try store.appIntentsMetadata(libraryHash: try sha256(bundle.libraryPath)) == nil)
        // The process that runs the App Intent is the one that described it: the sealed Echo copy.
        let result = try await dispatcher.send("EchoAppIntent", parameters: [("text", "sealed")], user: NonInteractiveUser())
        #expect(result.outcome.appIntentResult?.dialog == "sealed")
        let process = try #require(try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: bundle, intent: "EchoAppIntent")) as? ExtensionProcess)
        #expect(process.libraryHash == echoBytes)
        await dispatcher.shutdown()
    }

    /// A hostile extension's library is a hard link to the victim's at scan (same device, inode,
    /// size and times: the victim's library identity), then its folder is replaced by one with
    /// another library. Were that library copied and described, its metadata would be cached
    /// under the victim's identity, and the victim's App Intents would turn "not known" (its
    /// `.alwaysAllowed` intent refused while locked) or take the hostile ones' phrases. The copy
    /// is made only of the file the scan saw. (Found by the adversary pass.)
    @Test func aLibrarySwappedAfterTheScanIsNotRecordedUnderTheScannedIdentity() async throws {
        let root = TemporaryFolder()
        let apps = root.path + "/apps", stage = root.path + "/stage", away = root.path + "/away"
        for folder in [apps, stage, away] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try installEchoWithAppIntents(in: apps)
        // A library of its own, not a link to the build's: other tests linking that file would
        // change its change time, hence the victim's identity, while this test compares it.
        try swap(try #require(BundleScanner.scan(appsFolders: [apps]).routes["EchoAppIntent"]).libraryPath, with: Package.library("EchoIntents"))
        /// The hostile app, in `folder`, declaring Meditation's App Intents.
        func hostile(in folder: String) throws -> String {
            let writer = BundleWriter(appsFolder: folder)
            try writer.app("Hostile", identifier: "com.example.Hostile")
            return try writer.appex("HostileIntents", in: "Hostile", identifier: "com.example.Hostile.Intents",
                                    principalClass: "MeditationKit.Unused", intents: [], library: nil) { plist in
                var nsExtension = plist["NSExtension"] as! [String: Any]
                nsExtension["NSExtensionPrincipalClass"] = nil
                var attributes = nsExtension["NSExtensionAttributes"] as! [String: Any]
                attributes["IntentsSupported"] = nil
                attributes["AppIntents"] = ["MeditationKit.StartMeditationIntent"]
                attributes["AppShortcutsProvider"] = "MeditationKit.MeditationShortcuts"
                nsExtension["NSExtensionAttributes"] = attributes
                plist["NSExtension"] = nsExtension
            }
        }
        // The victim is described once, as the user uses it (its metadata is in the store).
        let first = makeDispatcher([apps], state: state)
        let victimLibrary = try first.route("EchoAppIntent").libraryPath
        _ = try await first.appIntentsMetadata(of: try first.route("EchoAppIntent"))
        await first.shutdown()
        // Installed: the hostile library is a hard link to the victim's (same dev, inode, size,
        // mtime, ctime). Staged: the same bundle with another library, to be put in its place.
        let installed = try hostile(in: apps)
        try #require(link(victimLibrary, installed + "/libHostileIntents.so") == 0)
        let staged = try hostile(in: stage)
        try FileManager.default.copyItem(atPath: Package.library("MeditationIntents"), toPath: staged + "/libHostileIntents.so")

        let second = makeDispatcher([apps], state: state)
        let victim = try second.route("EchoAppIntent")
        // Control: before the hostile describe, a fresh host knows the victim's metadata.
        #expect(try makeDispatcher([apps], state: state).cachedAppIntentsMetadata(of: victim) != nil)
        let bundle = try #require(second.catalog.extensions.first { $0.bundleIdentifier == "com.example.Hostile.Intents" })
        try #require(bundle.libraryIdentity == victim.libraryIdentity)
        // The swap moves folders, not the linked file: the victim's inode (and ctime) is untouched.
        try #require(rename(apps + "/Hostile.app", away + "/Hostile.app") == 0)
        try #require(rename(stage + "/Hostile.app", apps + "/Hostile.app") == 0)
        // The copy is made only of the file the scan saw: the hostile library is not described.
        let refused = await #expect(throws: HostError.self) { _ = try await second.appIntentsMetadata(of: bundle) }
        #expect(refused?.message == "com.example.Hostile.Intents cannot start: its library \(bundle.libraryPath.quotedForDisplay) is no longer the file that was scanned; run the command again.")
        await second.shutdown()
        let store = try SystemStore(stateFolder: state.path)
        #expect(try store.appIntentsLibraryHash(identity: victim.libraryIdentity) != LibraryContentHash.of(Package.library("MeditationIntents")),
                "the victim's library identity is mapped to the hash of the hostile bytes")

        // A later command (embedded: a fresh host reading the store), the device locked.
        try LockStateStore(stateFolder: state.path).save(.locked)
        let third = makeDispatcher([apps], state: state)
        let sameVictim = try third.route("EchoAppIntent")
        #expect(sameVictim.libraryIdentity == victim.libraryIdentity)
        let cached = try third.cachedAppIntentsMetadata(of: sameVictim)
        #expect(cached?.intents.map(\.name).sorted() == ["AskingEchoAppIntent", "EchoAppIntent", "LockedEchoAppIntent"])
        // EchoAppIntent is .alwaysAllowed: it runs while locked.
        do {
            let result = try await third.send("EchoAppIntent", parameters: [("text", "locked")], user: NonInteractiveUser())
            #expect(result.outcome.appIntentResult?.dialog == "locked")
        } catch {
            Issue.record("EchoAppIntent (.alwaysAllowed) refused while locked: \(error)")
        }
        await third.shutdown()
    }

    /// A library that is mostly a hole costs its whole size as a sealed copy: it is refused, by
    /// name, before anything is copied. (Found by the adversary pass.)
    @Test func aSparseLibraryIsRefusedBeforeAnythingIsCopied() throws {
        try installEchoWithAppIntents(in: apps.path)
        let bundle = try #require(BundleScanner.scan(appsFolders: [apps.path]).routes["EchoAppIntent"])
        try swap(bundle.libraryPath, with: Package.library("EchoIntents"))
        try #require(truncate(bundle.libraryPath, 100 << 20) == 0)
        let sparse = try #require(BundleScanner.scan(appsFolders: [apps.path]).routes["EchoAppIntent"])
        let error = #expect(throws: HostError.self) { try SealedLibrary.of(sparse) }
        #expect(error?.code == .extensionFailed)
        #expect(error?.message.hasPrefix("The library \(sparse.libraryPath) is sparse (104857600 bytes, ") == true)
        #expect(error?.message.hasSuffix(" on disk), so it is not copied to be run.") == true)
    }

    /// Requests at once for one library wait for its one copy. (Found by the adversary pass:
    /// each made its own.)
    @Test func concurrentRequestsShareOneCopy() async throws {
        try installEchoWithAppIntents(in: apps.path)
        let dispatcher = makeDispatcher([apps.path], state: state)
        let bundle = try dispatcher.route("EchoAppIntent")
        let copies = try await withThrowingTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<4 { group.addTask { try dispatcher.sealedLibrary(of: bundle).map(ObjectIdentifier.init) } }
            return try await group.reduce(into: Set<ObjectIdentifier?>()) { $0.insert($1) }
        }
        #expect(copies.count == 1)
        #expect(dispatcher.sealedLibraries.usage.count == 1)
    }

    @Test func aWarmProcessRunningOtherBytesIsNotGivenARequestJudgedByNewOnes() async throws {
        try installEchoWithAppIntents(in: apps.path)
        let dispatcher = makeDispatcher([apps.path], state: state)
        let bundle = try dispatcher.route("EchoAppIntent")
        let first = try #require(try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: bundle, intent: "EchoIntent")) as? ExtensionProcess)
        // The library is replaced and rescanned (a new identity): the next clearance names new bytes.
        try swap(bundle.libraryPath, with: Package.library("EchoIntents"))
        let appended = try FileHandle(forWritingTo: URL(fileURLWithPath: bundle.libraryPath))
        try appended.seekToEnd()
        try appended.write(contentsOf: Data("trailing bytes change the hash, not the code".utf8))
        try appended.close()
        dispatcher.replaceCatalog(BundleScanner.scan(appsFolders: [apps.path]))
        let changed = try dispatcher.route("EchoAppIntent")
        #expect(changed.libraryIdentity != bundle.libraryIdentity)
        let second = try #require(try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: changed, intent: "EchoIntent")) as? ExtensionProcess)
        #expect(second !== first)
        #expect(second.libraryHash == (try sha256(changed.libraryPath)))
        #expect(first.libraryHash != second.libraryHash)
        await dispatcher.shutdown()
    }
}

/// A count shared with a launcher.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
