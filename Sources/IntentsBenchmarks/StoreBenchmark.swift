import GRDBSQLite
import Foundation
import SharedKit

/// The shared store beside the raw sqlite3 C API doing the same, on the same disk, in one run:
/// a one-row durable commit (WAL, synchronous = FULL) of a changing value, and a point read.
enum StoreBenchmark {
    static func run(iterations: Int, folder: String) throws -> [Figure] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let raw = try RawSQLite(path: folder + "/raw.sqlite")
        let store = try SharedStore(suiteName: "bench", path: folder + "/" + SharedStore.fileName)

        // Each commit writes a new value: SQLite skips the durable write of an unchanged row,
        // which would make the floor a no-op.
        var counter = 0
        let rawCommit = try timedSync(iterations) {
            counter += 1
            try raw.write(key: "k", value: withUnsafeBytes(of: counter) { Data($0) })
        }
        let storeCommit = try timedSync(iterations) {
            counter += 1
            try store.set(codable: counter, forKey: "k")
        }
        let rawRead = try timedSync(iterations * 10) { _ = try raw.read(key: "k") }
        let storeRead = try timedSync(iterations * 10) { _ = try store.value(Int.self, forKey: "k") }
        // Throughput ratios: raw time over store time, so that 1.0 means as fast as raw SQLite.
        return [
            Figure(name: "store: one-row durable commit", value: storeCommit, unit: .seconds,
                   floorName: "raw sqlite3", floor: rawCommit, target: .none,
                   note: String(format: "throughput %.2fx of raw; target >= 0.8x: %@", rawCommit / storeCommit,
                                rawCommit / storeCommit >= 0.8 ? "met" : "MISSED")),
            Figure(name: "store: point read", value: storeRead, unit: .seconds,
                   floorName: "raw sqlite3", floor: rawRead, target: .none,
                   note: String(format: "throughput %.2fx of raw; target >= 0.8x: %@", rawRead / storeRead,
                                rawRead / storeRead >= 0.8 ? "met" : "MISSED")),
        ]
    }
}

/// The floor: prepared statements on one sqlite3 connection, nothing else.
final class RawSQLite {
    private var db: OpaquePointer?
    private var upsert: OpaquePointer?
    private var select: OpaquePointer?
    private var begin: OpaquePointer?
    private var commit: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw RawSQLiteError(message: "cannot open \(path)") }
        try exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY NOT NULL, value BLOB NOT NULL) WITHOUT ROWID")
        upsert = try prepare("INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
        select = try prepare("SELECT value FROM kv WHERE key = ?")
        begin = try prepare("BEGIN IMMEDIATE")
        commit = try prepare("COMMIT")
    }

    deinit {
        [upsert, select, begin, commit].forEach { sqlite3_finalize($0) }
        sqlite3_close(db)
    }

    func write(key: String, value: Data) throws {
        try step(begin)
        sqlite3_bind_text(upsert, 1, key, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        _ = value.withUnsafeBytes { sqlite3_bind_blob(upsert, 2, $0.baseAddress, Int32($0.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self)) }
        try step(upsert)
        try step(commit)
    }

    func read(key: String) throws -> Data? {
        defer { sqlite3_reset(select) }
        sqlite3_bind_text(select, 1, key, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        guard sqlite3_step(select) == SQLITE_ROW, let bytes = sqlite3_column_blob(select, 0) else { return nil }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(select, 0)))
    }

    private func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw RawSQLiteError(message: String(cString: sqlite3_errmsg(db))) }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw RawSQLiteError(message: String(cString: sqlite3_errmsg(db))) }
        return statement
    }

    private func step(_ statement: OpaquePointer?) throws {
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw RawSQLiteError(message: String(cString: sqlite3_errmsg(db))) }
    }
}

struct RawSQLiteError: Error, CustomStringConvertible {
    var message: String
    var description: String { "raw sqlite3: \(message)" }
}
