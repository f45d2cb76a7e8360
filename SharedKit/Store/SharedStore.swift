import ExtensionProtocol
import Foundation
import GRDB
import SQLiteNoFollow
import SQLiteSupport
import Synchronization

/// A key-value store shared by an app and its extensions through their app group, as
/// `UserDefaults(suiteName:)` is on Apple's systems, kept in SQLite in the group's container.
///
/// Every write is a durable transaction (WAL, `synchronous = FULL`); writers in several processes
/// wait for each other (busy timeout) instead of failing; `update(_:as:_:)` reads and writes in
/// one immediate transaction, so concurrent updates never lose one another; `changes()` reports
/// keys changed by any process. Values are property-list values or `Codable` values.
/// The hot path (set, read, update) runs on raw SQLite connections; GRDB opens, migrates and
/// checks the database.
public final class SharedStore: Sendable {
    /// The store's database file name inside the group container.
    public static let fileName = "SharedStore.sqlite"

    public let suiteName: String
    /// GRDB's pool: opening, migrations, integrity checks.
    let pool: DatabasePool
    /// Raw connections for the hot path: one for writes, one for reads.
    private let writer: RawSQLiteConnection
    private let reader: RawSQLiteConnection
    private let defaults = Mutex<[String: Data]>([:])

    /// Opens the store of the app group `suiteName`.
    /// - Throws: `SharedStoreError` (`.notEntitled`) when this process may not open the group;
    ///   `.unavailable` when the database cannot be opened.
    public convenience init(suiteName: String, containers: AppGroupContainers = .fromEnvironment()) throws {
        let folder = try containers.container(for: suiteName)
        try self.init(suiteName: suiteName, path: folder.appendingPathComponent(Self.fileName).path)
    }

    /// Opens (creating and migrating if needed) the store at `path`, which must not be a
    /// symbolic link: the group's container is writable by sandboxed extensions, and a link
    /// there must never lead an app, which is not sandboxed, to create or write the file it
    /// points to.
    public init(suiteName: String, path: String) throws {
        self.suiteName = suiteName
        // Under its folder's real path, so that only a link at the store's own name is refused,
        // and that name is registered with SQLite's guard before any connection opens it.
        guard let folder = RealPath.of((path as NSString).deletingLastPathComponent) else {
            throw SharedStoreError(.unavailable, "The shared store \(path) cannot be opened: its folder does not exist.")
        }
        let path = folder + "/" + (path as NSString).lastPathComponent
        Self.guardAgainstSymlinks(path)
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            throw SharedStoreError(.unavailable, "The shared store \(path) is a symbolic link (to \(target)); it is not opened.")
        }
        do {
            pool = try Self.open(path: path, configuration: Self.configuration(path: path))
            try SharedStoreSchema.migrator.migrate(pool)
            writer = try RawSQLiteConnection(path: path) { SharedStoreError(.unavailable, $0.message) }
            reader = try RawSQLiteConnection(path: path) { SharedStoreError(.unavailable, $0.message) }
        } catch let error as SharedStoreError {
            throw error
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CANTOPEN_SYMLINK {
            throw SharedStoreError(.unavailable, "The shared store \(path) is a symbolic link; it is not opened.")
        } catch {
            throw SharedStoreError(.unavailable, "The shared store \(path) cannot be opened: \(error).")
        }
    }

    /// Every SQLite connection of this process to `path` (GRDB's included, which cannot pass
    /// SQLITE_OPEN_NOFOLLOW) refuses it when it is a symbolic link, before creating anything.
    static func guardAgainstSymlinks(_ path: String) {
        _ = sqlite_no_follow_install()
        sqlite_no_follow_add(path)
    }

    /// GRDB's connections to the store at `path`: a busy timeout, durable commits, and, before
    /// anything is written, a check that SQLite opened `path` itself.
    static func configuration(path: String) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            let opened = try Row.fetchAll(db, sql: "PRAGMA database_list").first { $0["name"] == "main" }?["file"] as String?
            guard opened == path else {
                throw SharedStoreError(.unavailable, "The shared store \(path) is a symbolic link (to \(opened ?? "nothing")); it is not opened.")
            }
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return configuration
    }

    /// Two processes opening a new database at once may race to switch it to WAL; retry.
    private static func open(path: String, configuration: Configuration) throws -> DatabasePool {
        var attempt = 0
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < 50 {
                attempt += 1
                usleep(20_000)
            }
        }
    }

    // MARK: Property-list values, as UserDefaults has them

    /// Stores a property-list value (String, Int, Double, Bool, Data, Date, arrays and
    /// dictionaries of these); nil removes the key.
    /// - Throws: `SharedStoreError` (`.notAPropertyList`) naming the key; database errors.
    public func set(_ value: Any?, forKey key: String) throws {
        guard let value else { return try removeObject(forKey: key) }
        try write(key, try SharedStoreValue.encode(propertyList: value, key: key))
    }

    /// The value of `key`, or its registered default, or nil.
    public func object(forKey key: String) throws -> Any? {
        guard let data = try read(key) else { return nil }
        return try SharedStoreValue.decodePropertyList(data, key: key)
    }

    public func string(forKey key: String) throws -> String? { try object(forKey: key) as? String }
    public func integer(forKey key: String) throws -> Int { (try object(forKey: key) as? NSNumber)?.intValue ?? 0 }
    public func double(forKey key: String) throws -> Double { (try object(forKey: key) as? NSNumber)?.doubleValue ?? 0 }
    public func bool(forKey key: String) throws -> Bool { (try object(forKey: key) as? NSNumber)?.boolValue ?? false }
    public func data(forKey key: String) throws -> Data? { try object(forKey: key) as? Data }
    public func array(forKey key: String) throws -> [Any]? { try object(forKey: key) as? [Any] }
    public func dictionary(forKey key: String) throws -> [String: Any]? { try object(forKey: key) as? [String: Any] }

    /// Values returned for keys that hold nothing; kept in this process only, as UserDefaults does.
    public func register(defaults registered: [String: Any]) throws {
        var encoded: [String: Data] = [:]
        for (key, value) in registered { encoded[key] = try SharedStoreValue.encode(propertyList: value, key: key) }
        defaults.withLock { $0.merge(encoded) { _, new in new } }
    }

    public func removeObject(forKey key: String) throws {
        try write(key, nil)
    }

    /// Every stored key with its value, registered defaults included.
    public func dictionaryRepresentation() throws -> [String: Any] {
        var all = defaults.withLock { $0 }
        for row in try reader.serialized({ try reader.query(SharedStoreSchema.selectAll) }) {
            if let key = row[1].text, let value = row[0].blob { all[key] = value }
        }
        return try all.reduce(into: [:]) { result, entry in
            result[entry.key] = try SharedStoreValue.decodePropertyList(entry.value, key: entry.key)
        }
    }

    // MARK: Codable values

    /// Stores an `Encodable` value under `key`.
    public func set<Value: Encodable>(codable value: Value, forKey key: String) throws {
        try write(key, try SharedStoreValue.encode(codable: value))
    }

    /// The `Decodable` value under `key`, or nil.
    /// - Throws: `SharedStoreError` (`.decodingFailed`) naming the key and the type.
    public func value<Value: Decodable>(_ type: Value.Type, forKey key: String) throws -> Value? {
        guard let data = try read(key) else { return nil }
        return try SharedStoreValue.decode(type, from: data, key: key)
    }

    /// Reads `key`, transforms it, and writes the result, in one immediate transaction: another
    /// process's update waits, so no update is lost. Returning nil removes the key.
    /// - Returns: the value written.
    @discardableResult
    public func update<Value: Codable>(_ key: String, as type: Value.Type,
                                       _ transform: (Value?) throws -> Value?) throws -> Value? {
        try writer.serialized {
            try writer.immediateTransaction {
                let old = try writer.firstBlob(SharedStoreSchema.selectValue, key: key)
                    .map { try SharedStoreValue.decode(type, from: $0, key: key) }
                let new = try transform(old)
                try SharedStoreSchema.store(try new.map { try SharedStoreValue.encode(codable: $0) }, for: key, on: writer)
                return new
            }
        }
    }

    // MARK: Storage

    private func write(_ key: String, _ data: Data?) throws {
        try writer.serialized {
            try writer.immediateTransaction { try SharedStoreSchema.store(data, for: key, on: writer) }
        }
    }

    private func read(_ key: String) throws -> Data? {
        let stored = try reader.serialized { try reader.firstBlob(SharedStoreSchema.selectValue, key: key) }
        return stored ?? defaults.withLock { $0[key] }
    }
}

extension SharedStore {
    /// SQLite's `PRAGMA integrity_check`: `["ok"]` for an intact database.
    public func integrityCheck() throws -> [String] {
        try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
}
