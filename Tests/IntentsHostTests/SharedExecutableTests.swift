import Foundation
import HostBundles
import IntentsHost
import Synchronization
import SystemStore
import Testing

/// An app's executable is its own file: a bundle whose `CFBundleExecutable` is the same file
/// (device and inode) as an installed app's is at fault, and the app that had the file first
/// keeps it, across restarts (the system store records each app's executable file).
@Suite struct SharedExecutableTests {
    let root = TemporaryFolder()
    let state = TemporaryFolder()
    /// Listed first: its apps are found before those of `laterFolder`.
    var earlyFolder: String { root.path + "/1-early" }
    var laterFolder: String { root.path + "/2-later" }

    init() throws {
        for folder in [earlyFolder, laterFolder] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    }

    /// Writes app `name` (executable `name` lowercased) in `folder`: a file of its own, or a hard
    /// link to `file`. Returns the app's folder.
    @discardableResult
    func app(_ name: String, in folder: String, linkedTo file: String? = nil) throws -> String {
        let executable = name.lowercased()
        let app = try BundleWriter(appsFolder: folder).app(name, identifier: "com.example.\(name)", extra: ["CFBundleExecutable": executable])
        if let file {
            try #require(link(file, app + "/" + executable) == 0, "\(String(cString: strerror(errno)))")
        } else {
            try Data("#!/bin/sh\necho \(name)\n".utf8).write(to: URL(fileURLWithPath: app + "/" + executable))
        }
        return app
    }

    func scan(_ ledger: (any AppInstallLedger)?) -> BundleCatalog {
        BundleScanner.scan(appsFolders: [earlyFolder, laterFolder], ledger: ledger)
    }

    func sharingFault(_ app: String, executable: String, with other: String, hadItFirst: Bool) -> BundleFault {
        let identifier = "com.example." + ((app as NSString).lastPathComponent as NSString).deletingPathExtension
        let otherIdentifier = "com.example." + ((other as NSString).lastPathComponent as NSString).deletingPathExtension
        let message = hadItFirst
            ? "In \(app)/Info.plist, CFBundleExecutable \"\(executable)\" is the same file as the executable of \(otherIdentifier) (\"\(other)\"), which had it first; \(identifier) is not used until its executable is a file of its own."
            : "In \(app)/Info.plist, CFBundleExecutable \"\(executable)\" is the same file as the executable of \(otherIdentifier) (\"\(other)\"); no app with this file as its executable is used until each has a file of its own."
        return BundleFault(.sharedExecutable, path: app + "/Info.plist", key: "CFBundleExecutable", message)
    }

    @Test func theAppInstalledFirstKeepsItsExecutableAcrossRestarts() throws {
        let installed = try app("Installed", in: laterFolder)
        let store = try SystemStore(stateFolder: state.path)
        #expect(scan(store).apps.map(\.bundleIdentifier) == ["com.example.Installed"])

        // The newcomer is found first, and its name sorts first too: it is at fault all the same.
        let newcomer = try app("Newcomer", in: earlyFolder, linkedTo: installed + "/installed")
        let catalog = scan(store)
        #expect(catalog.apps.map(\.bundleIdentifier) == ["com.example.Installed"])
        #expect(catalog.faults == [sharingFault(newcomer, executable: "newcomer", with: installed, hadItFirst: true)])
        #expect(try store.appExecutables().keys.sorted() == ["com.example.Installed"])

        // An unchanged catalog writes nothing.
        let stamp = try store.changeStamp()
        _ = scan(store)
        #expect(try store.changeStamp() == stamp)

        // A restart: a ledger opened anew on the same file.
        let reopened = try SystemStore(path: store.path)
        let restarted = scan(reopened)
        #expect(restarted.apps.map(\.bundleIdentifier) == ["com.example.Installed"])
        #expect(restarted.faults == catalog.faults)

        // Its own file again, the newcomer is used and recorded.
        try FileManager.default.removeItem(atPath: newcomer + "/newcomer")
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: newcomer + "/newcomer"))
        #expect(scan(reopened).apps.map(\.bundleIdentifier) == ["com.example.Newcomer", "com.example.Installed"])
        #expect(try reopened.appExecutables().sorted { $0.value.sequence < $1.value.sequence }.map(\.key) == ["com.example.Installed", "com.example.Newcomer"])
    }

    /// What counts is who had the file first, not who was installed first: an app installed
    /// long before that later hard-links another's executable is the one at fault.
    @Test func anAppInstalledEarlierThatLaterLinksAnotherAppsExecutableIsTheOneAtFault() throws {
        let early = try app("Early", in: laterFolder)
        let store = try SystemStore(stateFolder: state.path)
        #expect(scan(store).apps.map(\.bundleIdentifier) == ["com.example.Early"])
        let victim = try app("Victim", in: laterFolder)
        #expect(scan(store).apps.map(\.bundleIdentifier) == ["com.example.Early", "com.example.Victim"])
        // Early swaps its own executable for a hard link to the victim's.
        try FileManager.default.removeItem(atPath: early + "/early")
        try #require(link(victim + "/victim", early + "/early") == 0)
        let catalog = scan(try SystemStore(path: store.path))
        #expect(catalog.apps.map(\.bundleIdentifier) == ["com.example.Victim"])
        #expect(catalog.faults == [sharingFault(early, executable: "early", with: victim, hadItFirst: true)])
        // Early's record still names its old file: it is not given the victim's by the failed scan.
        var status = stat()
        try #require(lstat(victim + "/victim", &status) == 0)
        #expect(try store.appExecutables()["com.example.Victim"]?.inode == UInt64(status.st_ino))
        #expect(try store.appExecutables()["com.example.Early"]?.inode != UInt64(status.st_ino))
    }

    /// A file stays with the first app recorded with it, whatever folder a later scan reads:
    /// `intents apps --apps OTHER` with the same state folder, listing a newcomer linked to an
    /// installed app's executable, does not record the newcomer as its holder; moved into the
    /// apps folder, the newcomer is the one at fault. (Found by the adversary pass.)
    @Test func aScanOfAnotherFolderDoesNotGiveANewcomerAnInstalledAppsExecutable() async throws {
        let victim = try app("Victim", in: laterFolder)
        #expect(try await runCLI(["apps", "--apps", laterFolder, "--state", state.path], home: state.path).status == 0)
        let hostile = try app("Hostile", in: earlyFolder, linkedTo: victim + "/victim")
        // Listed alone, the newcomer shares its file with no app there, and is accepted.
        let other = try await runCLI(["apps", "--apps", earlyFolder, "--state", state.path], home: state.path)
        #expect(other.status == 0)
        #expect(other.stdout.contains("com.example.Hostile"))
        try #require(rename(hostile, laterFolder + "/Hostile.app") == 0)
        let catalog = BundleScanner.scan(appsFolders: [laterFolder], ledger: try SystemStore(stateFolder: state.path))
        #expect(catalog.apps.map(\.bundleIdentifier) == ["com.example.Victim"])
        #expect(catalog.faults == [sharingFault(laterFolder + "/Hostile.app", executable: "hostile", with: victim, hadItFirst: true)])
    }

    @Test func appsNewTogetherThatShareAnExecutableAreAllFaultedAndNoneRecorded() throws {
        let first = try app("First", in: laterFolder)
        let second = try app("Second", in: earlyFolder, linkedTo: first + "/first")
        let kept = try app("Kept", in: laterFolder)
        let store = try SystemStore(stateFolder: state.path)
        let catalog = scan(store)
        #expect(catalog.apps.map(\.bundleIdentifier) == ["com.example.Kept"])
        #expect(catalog.faults == [sharingFault(second, executable: "second", with: first, hadItFirst: false),
                                   sharingFault(first, executable: "first", with: second, hadItFirst: false)])
        #expect(try store.appExecutables().keys.sorted() == ["com.example.Kept"])
        #expect(kept.hasSuffix("Kept.app"))
    }

    /// With no ledger (`intents validate`, a scan of folders no host has installed), every app
    /// is new: all the apps that share a file are at fault.
    @Test func withoutALedgerEveryAppIsNew() throws {
        let first = try app("First", in: laterFolder)
        let second = try app("Second", in: laterFolder, linkedTo: first + "/first")
        let catalog = BundleScanner.scan(appsFolders: [laterFolder])
        #expect(catalog.apps.isEmpty)
        #expect(catalog.faults == [sharingFault(first, executable: "first", with: second, hadItFirst: false),
                                   sharingFault(second, executable: "second", with: first, hadItFirst: false)])
    }

    /// A ledger that cannot be read counts as none: the scan fails closed and records nothing.
    @Test func aLedgerThatCannotBeReadCountsAsNone() throws {
        let first = try app("First", in: laterFolder)
        try app("Second", in: laterFolder, linkedTo: first + "/first")
        let ledger = UnreadableLedger()
        let catalog = scan(ledger)
        #expect(catalog.apps.isEmpty)
        #expect(catalog.faults.map(\.code) == [.sharedExecutable, .sharedExecutable])
        #expect(ledger.recorded.withLock { $0 } == [])
    }

    /// The one who came first keeps the file even when it is also at fault for another reason:
    /// a newcomer cannot take an installed app's executable by making it faulty.
    @Test func aNewcomerDoesNotGetTheExecutableOfAnInstalledAppItMadeFaulty() throws {
        let installed = try app("Installed", in: laterFolder)
        let store = try SystemStore(stateFolder: state.path)
        _ = scan(store)
        let newcomer = try app("Newcomer", in: earlyFolder, linkedTo: installed + "/installed")
        try BundleWriter(appsFolder: earlyFolder).app("Impostor", identifier: "com.example.Installed")
        let catalog = scan(store)
        #expect(catalog.apps.isEmpty)
        #expect(catalog.faults.map(\.code).sorted { $0.rawValue < $1.rawValue } == [.duplicateBundleIdentifier, .duplicateBundleIdentifier, .sharedExecutable])
        #expect(catalog.faults.contains(sharingFault(newcomer, executable: "newcomer", with: installed, hadItFirst: true)))
    }

    @Test func eachAppsExecutableFileIsRecordedAtScan() throws {
        let own = try app("Own", in: laterFolder)
        let linked = try BundleWriter(appsFolder: laterFolder).app("Linked", identifier: "com.example.Linked", extra: ["CFBundleExecutable": "linked"])
        try #require(symlink(own + "/own", linked + "/linked") == 0)
        try BundleWriter(appsFolder: laterFolder).app("Missing", identifier: "com.example.Missing", extra: ["CFBundleExecutable": "missing"])
        let catalog = BundleScanner.scan(appsFolders: [laterFolder])
        var status = stat()
        try #require(lstat(own + "/own", &status) == 0)
        let files = Dictionary(uniqueKeysWithValues: catalog.apps.map { ($0.bundleIdentifier, $0.executableFile) })
        #expect(files == ["com.example.Own": FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)),
                          "com.example.Linked": nil, "com.example.Missing": nil])
        #expect(catalog.faults == [])
    }

    /// The sample apps the build lays out each have an executable of their own, in every folder
    /// they are laid out in (hard links to one build product, one app each).
    @Test func sampleAppsHaveExecutablesOfTheirOwn() throws {
        let one = try sampleAppsFolder(root)
        let other = TemporaryFolder()
        let two = try sampleAppsFolder(other)
        let store = try SystemStore(stateFolder: state.path)
        for folder in [one, two, one] {
            let catalog = BundleScanner.scan(appsFolders: [folder], ledger: store)
            #expect(catalog.faults == [])
            let files = catalog.apps.compactMap(\.executableFile)
            #expect(files.count == 3)
            #expect(Set(files).count == files.count)
        }
    }
}

/// A ledger whose store cannot be read.
final class UnreadableLedger: AppInstallLedger {
    let recorded = Mutex<[String]>([])

    struct Unreadable: Error {}

    func appExecutables() throws -> [String: AppExecutableRecord] { throw Unreadable() }

    func recordAppExecutables(_ executables: [(app: String, device: UInt64, inode: UInt64)]) throws -> [String] {
        recorded.withLock { $0 += executables.map(\.app) }
        return executables.map(\.app)
    }
}
