import ExtensionProtocol
import Foundation
@testable import IntentsHost
import SystemStore
import Testing

/// Adversary pass over the policy-gate change (issue 21). Each test asserts the SAFE behaviour:
/// it fails while the flaw it names is there, and passes once it is fixed.
@Suite struct AdversaryPoCTests {
    let root = TemporaryFolder()
    let state = TemporaryFolder()
    let outside = TemporaryFolder()

    /// Puts `other`'s bytes at `path` as a new file renamed over it.
    func swap(_ path: String, with other: String) throws {
        let temporary = path + ".swap"
        try? FileManager.default.removeItem(atPath: temporary)
        try FileManager.default.copyItem(atPath: other, toPath: temporary)
        try #require(rename(temporary, path) == 0)
    }

    func app(_ name: String, in folder: String, executable: String, extra: [String: Any] = [:]) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try BundleWriter(appsFolder: folder).app(name, identifier: "com.example.\(name)",
                                                        extra: ["CFBundleExecutable": executable].merging(extra) { a, _ in a })
    }

    // MARK: 1. Ledger poisoning: a scan of another folder with the same state takes a victim's executable

    /// `intents apps --apps OTHER` (same state folder) accepts a hostile app whose executable is a
    /// hard link to an installed app's, and records it as the LATEST holder of that file; moved
    /// into the real apps folder, it then keeps the file and the installed app is the one faulted.
    @Test func aScanOfAnotherFolderDoesNotHandAnInstalledAppsExecutableToANewcomer() throws {
        let real = root.path + "/apps", other = root.path + "/other"
        let victim = try app("Victim", in: real, executable: "victim")
        try PolicyGateTests.writeExecutable("#!/bin/sh\necho victim\n", to: victim + "/victim")
        let installed = try runCLI(["apps", "--apps", real, "--state", state.path], home: state.path)
        #expect(installed.status == 0)

        let hostile = try app("Hostile", in: other, executable: "hostile")
        try #require(link(victim + "/victim", hostile + "/hostile") == 0)
        // The hostile user lists a folder of its own with the user's state folder.
        _ = try runCLI(["apps", "--apps", other, "--state", state.path], home: state.path)
        try #require(rename(hostile, real + "/Hostile.app") == 0)

        let catalog = BundleScanner.scan(appsFolders: [real], ledger: try SystemStore(stateFolder: state.path))
        // Safe: the victim keeps its own executable, the newcomer is the one at fault.
        #expect(catalog.apps.map(\.bundleIdentifier) == ["com.example.Victim"])
        #expect(catalog.faults.map(\.path) == [real + "/Hostile.app/Info.plist"])
    }

    // MARK: 2. App Intents metadata recorded under a library identity the sealed bytes are not

    /// A hostile extension's library is a hard link to the victim's at scan (same device, inode,
    /// size and mtime: the victim's "library identity"), then another library is renamed over
    /// it. The sealed copy (of the new file) is described and stored under the SCANNED identity,
    /// which is the victim's: every later host reading the store maps the victim's library to
    /// the hostile metadata. Here the hostile metadata does not match the victim's declaration,
    /// so the victim's App Intents become "not known yet", and its `.alwaysAllowed` intent is
    /// refused while locked (appIntentsUnknown); metadata that matches the victim's declaration
    /// (another build of a hostile library) would instead change the victim's App Shortcut
    /// phrases and `intents policy` rows.
    @Test func aLibrarySwappedAfterTheScanIsNotRecordedUnderTheScannedIdentity() async throws {
        let apps = root.path + "/apps", stage = root.path + "/stage", away = root.path + "/away"
        for folder in [apps, stage, away] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try installEchoWithAppIntents(in: apps)
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
        _ = try? await second.appIntentsMetadata(of: bundle)
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

    // MARK: 3. Sealed copies: a sparse library becomes real memory, uncoalesced

    /// A library that is an ELF header and a hole (a few KiB on disk, 300 MiB long) becomes a
    /// 300 MiB memory file per seal: larger than the cache's budget it is never kept, so every
    /// request makes another, and concurrent requests each make their own at once.
    @Test func aSparseLibraryDoesNotBecomeMemoryAtEveryRequest() async throws {
        let apps = root.path + "/apps"
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        try installEchoWithAppIntents(in: apps)
        let dispatcher = makeDispatcher([apps], state: state)
        let bundle = try dispatcher.route("EchoAppIntent")
        // The bundle's own copy of Echo's library, made sparse to 300 MiB (its headers stay valid).
        try swap(bundle.libraryPath, with: Package.library("EchoIntents"))
        try #require(truncate(bundle.libraryPath, 300 << 20) == 0)
        var onDisk = stat()
        try #require(stat(bundle.libraryPath, &onDisk) == 0)
        #expect(Int(onDisk.st_blocks) * 512 < 64 << 20)
        let rescanned = BundleScanner.scan(appsFolders: [apps])
        dispatcher.replaceCatalog(rescanned)
        let sparse = try dispatcher.route("EchoAppIntent")

        let before = Self.shmemKiB()
        let copies = try await withThrowingTaskGroup(of: SealedLibrary?.self) { group in
            for _ in 0..<4 { group.addTask { try dispatcher.sealedLibrary(of: sparse) } }
            var all: [SealedLibrary] = []
            for try await copy in group { if let copy { all.append(copy) } }
            return all
        }
        let grown = Self.shmemKiB() - before
        let distinct = Set(copies.map { ObjectIdentifier($0) }).count
        // Safe: one copy at most per library (or a sparse file refused), not one per request.
        #expect(distinct <= 1, "\(distinct) sealed copies of one library live at once")
        #expect(grown < 64 << 10, "shared memory grew by \(grown / 1024) MiB")
        _ = copies
        await dispatcher.shutdown()
    }

    static func shmemKiB() -> Int {
        let text = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("Shmem:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    // MARK: 4. Activity continuation: a setsid'd descendant outlives the kill and the lock

    /// The continuing app's process group is killed at the step timeout, but a descendant that
    /// made a session of its own lives on, unconfined, after the device locks.
    @Test func nothingTheContinuingAppStartedOutlivesItsTimeout() async throws {
        let apps = root.path + "/apps"
        let pidFile = outside.path + "/pid"
        let folder = try app("Slow", in: apps, executable: "slow", extra: ["NSUserActivityTypes": ["com.example.go"]])
        try PolicyGateTests.writeExecutable("#!/bin/sh\nsetsid sh -c 'echo $$ > \(pidFile); exec sleep 1000' </dev/null >/dev/null 2>&1 &\nsleep 1000\n",
                                            to: folder + "/slow")
        let dispatcher = makeDispatcher([apps], state: state, stepTimeout: .milliseconds(800))
        let app = try #require(dispatcher.catalog.apps.first)
        let error = await #expect(throws: HostError.self) {
            try await dispatcher.continueActivity(UserActivityPayload(activityType: "com.example.go"), in: app, capturingOutput: true)
        }
        #expect(error?.code == .requestTimedOut)
        try LockStateStore(stateFolder: state.path).save(.locked)
        let pid = try #require(pid_t(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        try? await Task.sleep(for: .seconds(1))
        let survived = !PolicyGateTests.hasEnded(pid)
        if survived { kill(pid, SIGKILL) }
        #expect(!survived, "process \(pid), started by the continuing app, still runs after its timeout, with the device locked")
    }

    // MARK: 5. A clearance has no lock generation: made unlocked, used locked

    @Test func aClearanceMadeUnlockedDoesNotStartAnythingOnceLocked() async throws {
        let apps = root.path + "/apps"
        let proof = outside.path + "/ran"
        let folder = try app("Go", in: apps, executable: "go", extra: ["NSUserActivityTypes": ["com.example.go"]])
        try PolicyGateTests.writeExecutable("#!/bin/sh\ntouch \(proof)\n", to: folder + "/go")
        let dispatcher = makeDispatcher([apps], state: state)
        let app = try #require(dispatcher.catalog.apps.first)
        let clearance = try dispatcher.clear(.userActivity("com.example.go", of: app), app: app, from: .activityContinuation)
        try LockStateStore(stateFolder: state.path).save(.lockedBeforeFirstUnlock)
        _ = try? await ActivityContinuation.run(UserActivityPayload(activityType: "com.example.go"), cleared: clearance,
                                                stateFolder: state.path, timeout: .seconds(5))
        #expect(!FileManager.default.fileExists(atPath: proof))
    }
}

// MARK: 6. A snapshot truncated by one bundle's 20,000 files leaves later bundles unwatched

@Suite struct AdversaryPoCWatcherTests {
    /// A hostile app sorting first fills the snapshot's 20,000 entries with files of its own; the
    /// walk stops there, so no folder of the apps after it is watched (inotify watches are added
    /// only for folders walked). An extension the user then deletes from another app makes no
    /// event, and no change is ever delivered while the folders are otherwise quiet: the removed
    /// extension stays in the catalog.
    /// With 10 files (control) the removal is delivered; with 20,001 it is not.
    @Test(arguments: [10, 20_001])
    func aRemovalInsideAnAppAfterATruncatedSnapshotIsStillDelivered(floodFiles: Int) async throws {
        let root = TemporaryFolder()
        let apps = root.path + "/Apps"
        let flood = apps + "/AAAA.app"
        try FileManager.default.createDirectory(atPath: flood, withIntermediateDirectories: true)
        for index in 0..<floodFiles { _ = FileManager.default.createFile(atPath: flood + "/f\(index)", contents: nil) }
        let appex = apps + "/Victim.app/PlugIns/Victim.appex"
        try FileManager.default.createDirectory(atPath: appex, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: appex + "/Info.plist"))
        let changes = Counter()
        let watcher = AppsFolderWatcher(folders: [apps], mode: .automatic) { changes.increment() }
        let task = Task { try await watcher.run() }
        defer { task.cancel() }
        let deadline = ContinuousClock.now + .seconds(10)
        while watcher.activeMode == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(watcher.activeMode == .inotify)
        try await Task.sleep(for: .seconds(1))
        let before = changes.value
        // The user deletes the victim's extension.
        try FileManager.default.removeItem(atPath: appex)
        try await Task.sleep(for: .seconds(5))
        #expect(changes.value > before, "no change delivered 5 s after an extension was removed")
        task.cancel()
        try? await task.value
    }
}
