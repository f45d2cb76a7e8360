import Foundation
import GRDB
@testable import SharedKit
import Testing

/// The check every GRDB connection to a store makes before anything is written: SQLite must
/// have opened the store's own file, not where a symlink put there in the meantime leads.
@Suite struct SharedStoreConfigurationTests {
    @Test func aConnectionThroughASymlinkFailsBeforeWritingAnything() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("configuration-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/elsewhere.sqlite"
        try DatabaseQueue(path: target).write { try $0.execute(sql: "CREATE TABLE kept(x)") }
        let store = folder + "/" + SharedStore.fileName
        try FileManager.default.createSymbolicLink(atPath: store, withDestinationPath: target)
        let error = #expect(throws: SharedStoreError.self) {
            try DatabaseQueue(path: store, configuration: SharedStore.configuration(path: store))
        }
        #expect(error?.message.hasPrefix("The shared store \(store) is a symbolic link (to ") == true, "\(error?.message ?? "")")
        let tables = try DatabaseQueue(path: target).read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master") }
        #expect(tables == ["kept"])
    }
}

/// SQLite's default VFS, as SharedKit installs it: a guarded name is never opened through a
/// symlink, by any connection (GRDB's cannot ask for that itself); other names are untouched.
@Suite struct SQLiteNoFollowTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("nofollow-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aGuardedSymlinkIsRefusedBeforeItsTargetIsCreated() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let store = base + "/SharedStore.sqlite"
        try FileManager.default.createSymbolicLink(atPath: store, withDestinationPath: base + "/created-by-sqlite")
        SharedStore.guardAgainstSymlinks(store)
        let error = #expect(throws: DatabaseError.self) { try DatabaseQueue(path: store) }
        #expect(error?.extendedResultCode == .SQLITE_CANTOPEN_SYMLINK)
        #expect(!FileManager.default.fileExists(atPath: base + "/created-by-sqlite"))
        // A name nobody guarded still opens through its link, as SQLite always has.
        let other = base + "/other.sqlite"
        try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: base + "/followed.sqlite")
        _ = try DatabaseQueue(path: other)
        #expect(FileManager.default.fileExists(atPath: base + "/followed.sqlite"))
    }

    /// The store flips between a real file and a dangling symlink while an app opens it: the
    /// app never creates the symlink's target.
    @Test func aStoreFlippedWithADanglingSymlinkNeverCreatesItsTarget() throws {
        let base = try folder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let store = base + "/SharedStore.sqlite"
        _ = try SharedStore(suiteName: "group.com.example.test", path: store)
        let target = base + "/outside/created"
        try FileManager.default.createDirectory(atPath: base + "/outside", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: target)
        let stop = NSLock()
        nonisolated(unsafe) var stopped = false
        nonisolated(unsafe) var flips = 0
        let done = DispatchSemaphore(value: 0)
        Thread {
            while !stop.withLock({ stopped }) {
                rename(store, base + "/aside")
                rename(base + "/link", store)
                rename(store, base + "/link")
                rename(base + "/aside", store)
                flips += 1
                usleep(20)
            }
            done.signal()
        }.start()
        for _ in 0..<300 { _ = try? SharedStore(suiteName: "group.com.example.test", path: store) }
        stop.withLock { stopped = true }
        done.wait()
        #expect(flips > 0)
        #expect(!FileManager.default.fileExists(atPath: target), "SQLite created the symlink's target")
    }
}

/// A value another process stored is checked before Foundation parses it.
@Suite struct SharedStoreValueTests {
    /// `{"k": {"a"}}` in binary form: parsing it would kill this process (SIGSEGV in Foundation).
    @Test func aStoredPlistHoldingASetIsAnErrorNotACrash() {
        let plist: [UInt8] = Array("bplist00".utf8) + [0xD1, 0x01, 0x02, 0x51, 0x6B, 0xC1, 0x03, 0x51, 0x61, 8, 11, 13, 15]
            + [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 4] + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 17]
        #expect(throws: SharedStoreError.self) {
            try SharedStoreValue.decodePropertyList(Data([SharedStoreValue.propertyListTag] + plist), key: "k")
        }
    }
}
