import Foundation
import GRDBSQLite

/// One raw SQLite connection with cached prepared statements: the store's hot path, where
/// GRDB's per-access queueing costs more than the work itself. GRDB still opens, migrates and
/// observes the database.
final class SQLiteConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    private let lock = NSLock()
    private var statements: [String: OpaquePointer] = [:]
    private var keyedStatement: OpaquePointer?
    private var keyedSQL = ""
    private let path: String
    private let busyWait = BusyWait(seconds: 10)

    /// Opens `path` (which GRDB created and put in WAL mode) with a busy timeout and durable commits.
    init(path: String) throws {
        self.path = path
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            defer { sqlite3_close(handle) }
            throw SharedStoreError(.unavailable, "The shared store \(path) cannot be opened: \(String(cString: sqlite3_errmsg(handle))).")
        }
        sqlite3_busy_handler(handle, BusyWait.handler, Unmanaged.passUnretained(busyWait).toOpaque())
        // The first statement maps the WAL index; right after another connection of this process
        // created the database, it can fail once with a transient I/O error. Try a few times.
        var attempt = 0
        while true {
            do {
                try run("PRAGMA synchronous = FULL")
                break
            } catch where attempt < 20 {
                attempt += 1
                usleep(5_000)
            }
        }
    }

    deinit {
        statements.values.forEach { sqlite3_finalize($0) }
        sqlite3_close(handle)
    }

    /// Runs `body` with this connection to itself.
    func serialized<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Runs `body` in an immediate transaction (writers in other processes wait), rolled back if it throws.
    func immediateTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        try run("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            try? run("ROLLBACK")
            throw error
        }
    }

    /// Runs one statement that returns no rows, binding text and blob arguments in order.
    func run(_ sql: String, _ arguments: [SQLiteArgument] = []) throws {
        let statement = try prepared(sql, arguments)
        defer { sqlite3_reset(statement) }
        let status = sqlite3_step(statement)
        guard status == SQLITE_DONE || status == SQLITE_ROW else { throw failure(sql) }
    }

    /// Column 0 of the first row a one-key query returns, as a blob; nil when there is no row.
    /// The statement is looked up by its text once, then kept (the point read is the hot path).
    func firstBlob(_ sql: String, key: String) throws -> Data? {
        let statement: OpaquePointer
        if let kept = keyedStatement, keyedSQL == sql {
            statement = kept
        } else {
            statement = try prepared(sql, [])
            keyedStatement = statement
            keyedSQL = sql
        }
        sqlite3_bind_text(statement, 1, key, -1, Self.transient)
        defer { sqlite3_reset(statement) }
        let status = sqlite3_step(statement)
        if status == SQLITE_DONE { return nil }
        guard status == SQLITE_ROW else { throw failure(sql) }
        let count = Int(sqlite3_column_bytes(statement, 0))
        guard count > 0, let bytes = sqlite3_column_blob(statement, 0) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// The blobs of column 0 of each row a query returns, with column 1 as text when present.
    func rows(_ sql: String, _ arguments: [SQLiteArgument] = []) throws -> [(Data, String?)] {
        let statement = try prepared(sql, arguments)
        defer { sqlite3_reset(statement) }
        var rows: [(Data, String?)] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw failure(sql) }
            let count = Int(sqlite3_column_bytes(statement, 0))
            let data = count == 0 ? Data() : sqlite3_column_blob(statement, 0).map { Data(bytes: $0, count: count) } ?? Data()
            let text = sqlite3_column_count(statement) > 1 ? sqlite3_column_text(statement, 1).map { String(cString: $0) } : nil
            rows.append((data, text))
        }
    }

    private func prepared(_ sql: String, _ arguments: [SQLiteArgument]) throws -> OpaquePointer {
        let statement: OpaquePointer
        if let cached = statements[sql] {
            statement = cached
        } else {
            var made: OpaquePointer?
            guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &made, nil) == SQLITE_OK, let made else {
                throw failure(sql)
            }
            statements[sql] = made
            statement = made
        }
        sqlite3_clear_bindings(statement)
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            switch argument {
            case .text(let text): sqlite3_bind_text(statement, position, text, -1, Self.transient)
            case .blob(let data): _ = data.withUnsafeBytes { sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), Self.transient) }
            case .integer(let number): sqlite3_bind_int64(statement, position, number)
            case .null: sqlite3_bind_null(statement, position)
            }
        }
        return statement
    }

    private func failure(_ sql: String) -> SharedStoreError {
        if sqlite3_errcode(handle) & 0xFF == SQLITE_BUSY {
            return SharedStoreError(.unavailable, "The shared store \(path) failed on \"\(sql)\": another connection held its lock for more than \(busyWait.seconds) seconds.")
        }
        return SharedStoreError(.unavailable, "The shared store \(path) failed on \"\(sql)\": \(String(cString: sqlite3_errmsg(handle))).")
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// Waits for another connection's lock by retrying every 50 to 250 µs, up to a limit.
///
/// SQLite's own busy timeout sleeps up to 100 ms between tries, so a process that commits in a
/// tight loop (its lock is free only for microseconds between transactions) can starve a waiting
/// process past any timeout. Frequent, jittered retries catch those gaps.
private final class BusyWait {
    let seconds: UInt64
    private let limit: UInt64
    private var started: UInt64 = 0

    init(seconds: UInt64) {
        self.seconds = seconds
        limit = seconds * 1_000_000_000
    }

    /// SQLite's busy callback: nonzero to try again, zero to give up with SQLITE_BUSY.
    static let handler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, count in
        guard let context else { return 0 }
        let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
        let now = DispatchTime.now().uptimeNanoseconds
        if count == 0 { wait.started = now }
        guard now - wait.started < wait.limit else { return 0 }
        usleep(UInt32.random(in: 50...250))
        return 1
    }
}

/// A value bound to a statement.
enum SQLiteArgument {
    case text(String)
    case blob(Data)
    case integer(Int64)
    case null
}
