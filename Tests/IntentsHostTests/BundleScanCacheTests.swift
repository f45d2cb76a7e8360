import Foundation
import HostBundles
import SystemStore
import Testing

/// What a scan keeps of each app folder (`BundleScanCache`, in the system store), and when it
/// reads a folder again. Fingerprints are taken at a `now` past the settle time of the files
/// just written, as a scan made later would take them.
@Suite struct BundleScanCacheTests {
    let folder = TemporaryFolder()
    let state = TemporaryFolder()
    var writer: BundleWriter { BundleWriter(appsFolder: folder.path) }
    /// A present that every file written by the test has settled before.
    let later = Date().timeIntervalSince1970 + 3_600

    func scan(_ folders: [String], _ store: SystemStore, now: TimeInterval? = nil) -> BundleCatalog {
        BundleScanner.scan(appsFolders: folders, ledger: store, cache: store, now: now ?? later)
    }

    /// Replaces the kept app of `path` with one whose display name is `name`, fingerprint and
    /// scanner untouched: a scan that shows `name` reused the kept app and did not read the folder.
    func mark(_ path: String, as name: String, in store: SystemStore) throws {
        var record = try #require(try store.bundleScans()[path])
        var app = try JSONDecoder().decode(AppBundle.self, from: record.record)
        app.displayName = name
        record.record = try JSONEncoder().encode(app)
        try store.recordBundleScans([record], removing: [])
    }

    func writeOneApp(_ name: String = "A") throws -> String {
        let app = try writer.app(name, identifier: "com.example.\(name)")
        try writer.appex("\(name)Intents", in: name, identifier: "com.example.\(name).Intents", principalClass: "\(name)Intents.IntentHandler",
                         intents: ["INSendMessageIntent"], library: Package.library("MonkeyChatIntents"))
        try ownFiles(in: app)
        return app
    }

    /// Replaces each file of `folder` that has other links (libraries and executables linked
    /// from the build) with a copy of its own: a link made to the build's file by another test
    /// running meanwhile changes that file's change time, and so the fingerprint of every
    /// folder linking it.
    func ownFiles(in folder: String) throws {
        let manager = FileManager.default
        for name in try #require(manager.subpathsOfDirectory(atPath: folder) as [String]?) {
            let path = folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink > 1 else { continue }
            let bytes = try #require(manager.contents(atPath: path))
            try manager.removeItem(atPath: path)
            try bytes.write(to: URL(fileURLWithPath: path))
            try manager.setAttributes([.posixPermissions: Int(status.st_mode & 0o777)], ofItemAtPath: path)
        }
    }

    @Test func aScanWithTheCacheFindsWhatAScanWithoutItFinds() throws {
        let apps = try sampleAppsFolder(folder)
        try ownFiles(in: apps)
        let store = try SystemStore(stateFolder: state.path)
        let plain = BundleScanner.scan(appsFolders: [apps])
        let first = scan([apps], store)
        let second = scan([apps], store)
        #expect(try store.bundleScans().count == plain.apps.count)
        for catalog in [first, second] {
            #expect(catalog.apps == plain.apps)
            #expect(catalog.faults == plain.faults)
            #expect(catalog.routes == plain.routes)
        }
        // The Meditation sample's compiled App Intents metadata comes back whole.
        #expect(second.apps.contains { $0.extensions.contains { $0.compiledAppIntents != nil } })
    }

    @Test func anUnchangedFolderIsNotReadAgain() throws {
        let app = try writeOneApp()
        let store = try SystemStore(stateFolder: state.path)
        _ = scan([folder.path], store)
        try mark(app, as: "Kept", in: store)
        #expect(scan([folder.path], store).apps.map(\.displayName) == ["Kept"])
    }

    /// Each change a folder can see, each read again: the kept app is not shown.
    @Test(arguments: ["rewrite the plist with the same bytes", "rewrite the library", "back-date the plist",
                      "add a file", "remove a file", "rename a file", "replace the folder"])
    func aChangedFolderIsReadAgain(change: String) throws {
        let app = try writeOneApp()
        let store = try SystemStore(stateFolder: state.path)
        _ = scan([folder.path], store)
        try mark(app, as: "Kept", in: store)
        let plist = app + "/Info.plist"
        let library = app + "/PlugIns/AIntents.appex/libAIntents.so"
        let manager = FileManager.default
        switch change {
        case "rewrite the plist with the same bytes":
            try manager.contents(atPath: plist)!.write(to: URL(fileURLWithPath: plist))
        case "rewrite the library":
            let bytes = try #require(manager.contents(atPath: library))
            try manager.removeItem(atPath: library)
            try bytes.write(to: URL(fileURLWithPath: library))
        case "back-date the plist":
            // The modification time set back to what it was: the change time still moves.
            let modified = try #require(try manager.attributesOfItem(atPath: plist)[.modificationDate] as? Date)
            try manager.contents(atPath: plist)!.write(to: URL(fileURLWithPath: plist))
            try manager.setAttributes([.modificationDate: modified], ofItemAtPath: plist)
        case "add a file":
            try Data("x".utf8).write(to: URL(fileURLWithPath: app + "/PlugIns/Notes.txt"))
        case "remove a file":
            try Data("x".utf8).write(to: URL(fileURLWithPath: app + "/Notes.txt"))
            _ = scan([folder.path], store)
            try mark(app, as: "Kept", in: store)
            try manager.removeItem(atPath: app + "/Notes.txt")
        case "rename a file":
            try manager.moveItem(atPath: plist, toPath: app + "/Info2.plist")
            try manager.moveItem(atPath: app + "/Info2.plist", toPath: plist)
        default:
            try manager.moveItem(atPath: app, toPath: folder.path + "/Old.app.bak")
            _ = try writeOneApp()
        }
        #expect(scan([folder.path], store).apps.map(\.displayName) == ["A"])
    }

    /// A write through a shared mapping to a page already dirty stamps no time: the folder's
    /// times and sizes stay as they were, and only the plist's bytes show the change.
    @Test func aWriteThatStampsNoTimeIsSeenInTheBytes() throws {
        let app = try writeOneApp()
        let plist = app + "/PlugIns/AIntents.appex/Info.plist"
        let bytes = try #require(FileManager.default.contents(atPath: plist))
        let offset = try #require(bytes.firstRange(of: Data("IntentHandler".utf8))).upperBound - 1
        let file = open(plist, O_RDWR | O_CLOEXEC)
        try #require(file >= 0)
        defer { close(file) }
        // On disk first: else the store's commit during the scan (ext4's ordered data) writes the
        // new file's pages out, and the page is write-protected again.
        try #require(fsync(file) == 0)
        let mapping = try #require(mmap(nil, bytes.count, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0))
        try #require(mapping != MAP_FAILED)
        defer { munmap(mapping, bytes.count) }
        let page = mapping.assumingMemoryBound(to: UInt8.self)
        page[offset] = UInt8(ascii: "X")  // "IntentHandleX", the first write to the page: the kernel stamps the times now
        let store = try SystemStore(stateFolder: state.path)
        #expect(scan([folder.path], store).extensions.map(\.principalClass) == ["AIntents.IntentHandleX"])
        try mark(app, as: "Kept", in: store)
        var before = stat()
        var after = stat()
        stat(plist, &before)
        page[offset] = UInt8(ascii: "R")  // "IntentHandleR": the page is dirty already, nothing is stamped
        stat(plist, &after)
        #expect(before.st_ctim.tv_sec == after.st_ctim.tv_sec && before.st_ctim.tv_nsec == after.st_ctim.tv_nsec
            && before.st_mtim.tv_nsec == after.st_mtim.tv_nsec && before.st_size == after.st_size,
                "the kernel stamped the write (\(before.st_ctim), \(after.st_ctim)): this test no longer shows a write that only the bytes show")
        let catalog = scan([folder.path], store)
        #expect(catalog.apps.map(\.displayName) == ["A"])
        #expect(catalog.extensions.map(\.principalClass) == ["AIntents.IntentHandleR"])
    }

    @Test func aFolderChangedWithinTheSettleTimeIsReadEveryTime() throws {
        _ = try writeOneApp()
        let store = try SystemStore(stateFolder: state.path)
        let now = Date().timeIntervalSince1970
        #expect(scan([folder.path], store, now: now).apps.count == 1)
        #expect(try store.bundleScans().isEmpty)
        #expect(AppFolderFingerprint.of(folder.path + "/A.app", now: now) == nil)
        #expect(AppFolderFingerprint.of(folder.path + "/A.app", now: later) != nil)
    }

    /// What a link names can change with nothing in the folder changing: a folder with a link
    /// anywhere in it is read every time, as is an app folder that is itself a link.
    @Test func foldersWithLinksAreReadEveryTime() throws {
        let app = try writeOneApp()
        _ = try writeOneApp("B")
        try FileManager.default.createSymbolicLink(atPath: app + "/PlugIns/Elsewhere", withDestinationPath: "/tmp")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/C.app", withDestinationPath: folder.path + "/B.app")
        let store = try SystemStore(stateFolder: state.path)
        _ = scan([folder.path], store)
        #expect(try store.bundleScans().keys.sorted() == [folder.path + "/B.app"])
        #expect(AppFolderFingerprint.of(app, now: later) == nil)
        #expect(AppFolderFingerprint.of(folder.path + "/C.app", now: later) == nil)
    }

    /// Hashing is bounded: a folder padded with small files is read every time, not hashed whole.
    @Test func aFolderWithMoreBytesToHashThanTheBoundIsReadEveryTime() throws {
        let app = try writeOneApp()
        #expect(AppFolderFingerprint.of(app, now: later) != nil)
        let chunk = Data(count: AppFolderFingerprint.maximumHashedSize)
        for index in 0...(AppFolderFingerprint.maximumHashedBytes / AppFolderFingerprint.maximumHashedSize) {
            try chunk.write(to: URL(fileURLWithPath: app + "/Padding\(index)"))
        }
        #expect(AppFolderFingerprint.of(app, now: later) == nil)
        let store = try SystemStore(stateFolder: state.path)
        #expect(scan([folder.path], store).apps.count == 1)
        #expect(try store.bundleScans().isEmpty)
    }

    @Test func anAppWithAFaultIsNotKeptAndItsFaultIsFoundEachTime() throws {
        let app = try writeOneApp()
        try Data("<plist><dict><key>oops".utf8).write(to: URL(fileURLWithPath: app + "/PlugIns/AIntents.appex/Info.plist"))
        let store = try SystemStore(stateFolder: state.path)
        for _ in 0..<2 {
            let catalog = scan([folder.path], store)
            #expect(catalog.faults.map(\.code) == [.malformedPropertyList])
        }
        #expect(try store.bundleScans().isEmpty)
    }

    @Test func aRecordFromAnotherScannerOrThatDoesNotDecodeIsNotUsed() throws {
        let app = try writeOneApp()
        let store = try SystemStore(stateFolder: state.path)
        _ = scan([folder.path], store)
        try mark(app, as: "Kept", in: store)
        var record = try #require(try store.bundleScans()[app])
        record.scanner = "0:another build"
        try store.recordBundleScans([record], removing: [])
        #expect(scan([folder.path], store).apps.map(\.displayName) == ["A"])
        record = try #require(try store.bundleScans()[app])
        #expect(record.scanner != "0:another build")
        record.record = Data("{\"path\": 7".utf8)
        try store.recordBundleScans([record], removing: [])
        #expect(scan([folder.path], store).apps.map(\.displayName) == ["A"])
    }

    @Test func appsNoLongerThereAreForgottenAndOtherFoldersKept() throws {
        let app = try writeOneApp()
        _ = try writeOneApp("B")
        let other = TemporaryFolder()
        try BundleWriter(appsFolder: other.path).app("C", identifier: "com.example.C")
        try BundleWriter(appsFolder: other.path).appex("CIntents", in: "C", identifier: "com.example.C.Intents", principalClass: "CIntents.IntentHandler",
                                                       intents: ["INSearchForMessagesIntent"], library: Package.library("MonkeyChatIntents"))
        try ownFiles(in: other.path + "/C.app")
        let store = try SystemStore(stateFolder: state.path)
        _ = scan([folder.path, other.path], store)
        #expect(try store.bundleScans().count == 3)
        try FileManager.default.removeItem(atPath: app)
        _ = scan([folder.path], store)
        #expect(try store.bundleScans().keys.sorted() == [folder.path + "/B.app", other.path + "/C.app"].sorted())
    }

    /// A folder inside a scanned folder is another apps folder: its apps stay kept, whatever
    /// characters the names hold.
    @Test func appsOfAFolderInsideAScannedOneAreKept() throws {
        let outer = folder.path + "/ää"
        let inner = outer + "/s"
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        let writer = BundleWriter(appsFolder: inner)
        try writer.app("B", identifier: "com.example.B")
        try writer.appex("BIntents", in: "B", identifier: "com.example.B.Intents", principalClass: "BIntents.IntentHandler",
                         intents: ["INSendMessageIntent"], library: Package.library("MonkeyChatIntents"))
        try ownFiles(in: inner + "/B.app")
        let store = try SystemStore(stateFolder: state.path)
        _ = scan([inner], store)
        _ = scan([outer], store)
        #expect(try store.bundleScans().keys.sorted() == [inner + "/B.app"])
    }
}
