import Crypto
import ExtensionProtocol
import Foundation
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
