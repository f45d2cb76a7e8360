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
