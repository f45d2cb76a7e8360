import Foundation
import SQLiteSupport
import SystemCalls

/// The executable file an app had when a host's scan last accepted it, and when: an app's
/// executable is its own file, and when two apps' executables are one file, the app that had
/// it first keeps it (`BundleScanner`), across restarts. A file is recorded for one app at
/// most: the first one recorded with it, until that app's record names another file.
public struct AppExecutableRecord: Hashable, Sendable {
    /// The file's device and inode.
    public var device: UInt64
    public var inode: UInt64
    /// When it was recorded, in the order of records: lower is earlier.
    public var sequence: Int

    public init(device: UInt64, inode: UInt64, sequence: Int) {
        self.device = device
        self.inode = inode
        self.sequence = sequence
    }
}

extension SystemStore {
    /// The executable file each app had when a scan last accepted it, by app identifier.
    /// - Throws: `SystemStoreError` when the store cannot be read.
    public func appExecutables() throws -> [String: AppExecutableRecord] {
        var records: [String: AppExecutableRecord] = [:]
        for row in try read("SELECT app, device, inode, seq FROM app_executables") {
            guard let app = row[0].text, let device = row[1].integer, let inode = row[2].integer, let seq = row[3].integer else { continue }
            records[app] = AppExecutableRecord(device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode), sequence: Int(seq))
        }
        return records
    }

    /// Records that each app of `executables` has the file (device, inode) given with it, after
    /// every record so far, unless another app's record holds that file: a file stays with the
    /// app that had it first, whatever folder a later scan read. Nothing is written for an
    /// empty list. Returns the apps recorded.
    /// - Throws: `SystemStoreError` when the store cannot be written.
    @discardableResult
    public func recordAppExecutables(_ executables: [(app: String, device: UInt64, inode: UInt64)]) throws -> [String] {
        guard !executables.isEmpty else { return [] }
        return try write {
            var recorded: [String] = []
            for (app, device, inode) in executables {
                let holder = try connection.query("SELECT app FROM app_executables WHERE device = ? AND inode = ?",
                                                  [.integer(Int64(bitPattern: device)), .integer(Int64(bitPattern: inode))]).first?.first?.text
                if let holder, holder != app { continue }
                recorded.append(app)
                try connection.run("""
                    INSERT INTO app_executables (app, device, inode, seq)
                    SELECT ?1, ?2, ?3, coalesce(max(seq), 0) + 1 FROM app_executables WHERE true
                    ON CONFLICT (app) DO UPDATE SET device = excluded.device, inode = excluded.inode, seq = excluded.seq
                    """, [.text(app), .integer(Int64(bitPattern: device)), .integer(Int64(bitPattern: inode))])
            }
            return recorded
        }
    }
}
