import Foundation
import GRDBSQLite

/// One raw SQLite connection with cached prepared statements, for hot paths where a toolkit's
/// per-access queueing costs more than the work itself. Used by the shared store and the
/// host's system store; callers serialize access with `serialized(_:)`.
public final class RawSQLiteConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    private let lock = NSLock()
    private var statements: [String: OpaquePointer] = [:]
    private var keyedStatement: OpaquePointer?
    private var keyedSQL = ""
    public let path: String
    private let busyWait = BusyWait(seconds: 10)
    private let describedError: @Sendable (SQLiteError) -> any Error

    /// Opens `path` with a busy timeout and durable commits; `create` also creates the file and
    /// puts it in WAL mode. A `path` that is a symbolic link is refused. `error` turns a
    /// `SQLiteError` (a code and one sentence naming the database) into the caller's error type.
    public init(path: String, create: Bool = false,
                error describedError: @escaping @Sendable (SQLiteError) -> any Error = { $0 }) throws {
        self.path = path
        self.describedError = describedError
        // Never through a symlink: a store in a folder that a sandboxed extension can write must
        // not lead this (unconfined) process to write a file the link points to.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW | (create ? SQLITE_OPEN_CREATE : 0)
        // A new database is the owner's alone (SQLite would make it 0644 under the umask), and so
        // are its -wal and -shm files, which SQLite gives the database's mode.
        if create {
            let made = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if made >= 0 { close(made) }
        }
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK else {
            defer { _ = sqlite3_close(handle) }
            throw describedError(SQLiteError(.cannotOpen, "The database \(path) cannot be opened: \(lastMessage)."))
        }
        _ = sqlite3_busy_handler(handle, BusyWait.handler, Unmanaged.passUnretained(busyWait).toOpaque())
        // The first statement maps the WAL index; right after another connection of this process
        // created the database, it can fail once with a transient I/O error. Try again, but all
        // tries together never wait longer than the busy timeout: a database another process
        // holds locked fails within that time, naming the lock, however often it is tried.
        let started = DispatchTime.now().uptimeNanoseconds
        while true {
            do {
                if create { try run("PRAGMA journal_mode = WAL") }
                try run("PRAGMA synchronous = FULL")
                break
            } catch where DispatchTime.now().uptimeNanoseconds - started < busyWait.nanoseconds {
                usleep(5_000)
            }
        }
    }

    private var lastMessage: String {
        sqlite3_errmsg(handle).map { String(cString: $0) } ?? "unknown error"
    }

    deinit {
        statements.values.forEach { _ = sqlite3_finalize($0) }
        _ = sqlite3_close(handle)
    }

    /// Runs `body` with this connection to itself.
    public func serialized<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Runs `body` in an immediate transaction (writers in other processes wait), rolled back if it throws.
    public func immediateTransaction<Result>(_ body: () throws -> Result) throws -> Result {
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

    /// Runs one statement that returns no rows, binding arguments in order.
    public func run(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
        let statement = try prepared(sql, arguments)
        defer { _ = sqlite3_reset(statement) }
        let status = sqlite3_step(statement)
        guard status == SQLITE_DONE || status == SQLITE_ROW else { throw failure(sql) }
    }

    /// Column 0 of the first row a one-key query returns, as a blob; nil when there is no row.
    /// The statement is looked up by its text once, then kept (the point read is the hot path).
    public func firstBlob(_ sql: String, key: String) throws -> Data? {
        let statement: OpaquePointer
        if let kept = keyedStatement, keyedSQL == sql {
            statement = kept
        } else {
            statement = try prepared(sql, [])
            keyedStatement = statement
            keyedSQL = sql
        }
        _ = sqlite3_bind_text(statement, 1, key, -1, Self.transient)
        defer { _ = sqlite3_reset(statement) }
        let status = sqlite3_step(statement)
        if status == SQLITE_DONE { return nil }
        guard status == SQLITE_ROW else { throw failure(sql) }
        let count = Int(sqlite3_column_bytes(statement, 0))
        guard count > 0, let bytes = sqlite3_column_blob(statement, 0) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Every row a query returns, each column typed as SQLite stored it.
    public func query(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        let statement = try prepared(sql, arguments)
        defer { _ = sqlite3_reset(statement) }
        var rows: [[SQLiteValue]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw failure(sql) }
            rows.append((0..<sqlite3_column_count(statement)).map { column(statement, $0) })
        }
    }

    /// The rows changed by the last statement.
    public var changedRows: Int { Int(sqlite3_changes(handle)) }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT: return .text(sqlite3_column_text(statement, index).map { String(cString: $0) } ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            return .blob(count == 0 ? Data() : sqlite3_column_blob(statement, index).map { Data(bytes: $0, count: count) } ?? Data())
        default: return .null
        }
    }

    private func prepared(_ sql: String, _ arguments: [SQLiteValue]) throws -> OpaquePointer {
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
        _ = sqlite3_clear_bindings(statement)
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            switch argument {
            case .text(let text): _ = sqlite3_bind_text(statement, position, text, -1, Self.transient)
            case .blob(let data): _ = data.withUnsafeBytes { sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), Self.transient) }
            case .integer(let number): _ = sqlite3_bind_int64(statement, position, number)
            case .real(let number): _ = sqlite3_bind_double(statement, position, number)
            case .null: _ = sqlite3_bind_null(statement, position)
            }
        }
        return statement
    }

    /// SQLITE_TRANSIENT (SQLite copies a bound value), a C macro Swift does not import.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func failure(_ sql: String) -> any Error {
        if sqlite3_extended_errcode(handle) & 0xFF == SQLITE_BUSY {
            return describedError(SQLiteError(.busy, "The database \(path) failed on \"\(sql)\": another connection held its lock for more than \(busyWait.seconds) seconds."))
        }
        return describedError(SQLiteError(.failed, "The database \(path) failed on \"\(sql)\": \(lastMessage)."))
    }

}

/// Waits for another connection's lock by retrying every 50 to 250 µs, up to a limit.
///
/// SQLite's own busy timeout sleeps up to 100 ms between tries, so a process that commits in a
/// tight loop (its lock is free only for microseconds between transactions) can starve a waiting
/// process past any timeout. Frequent, jittered retries catch those gaps.
private final class BusyWait {
    let seconds: UInt64
    let nanoseconds: UInt64
    private var started: UInt64 = 0

    init(seconds: UInt64) {
        self.seconds = seconds
        nanoseconds = seconds * 1_000_000_000
    }

    /// SQLite's busy callback: nonzero to try again, zero to give up with SQLITE_BUSY.
    static let handler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, count in
        guard let context else { return 0 }
        let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
        let now = DispatchTime.now().uptimeNanoseconds
        if count == 0 { wait.started = now }
        guard now - wait.started < wait.nanoseconds else { return 0 }
        usleep(UInt32.random(in: 50...250))
        return 1
    }
}

/// A value bound to a statement or read from a row.
public enum SQLiteValue: Hashable, Sendable {
    case text(String)
    case blob(Data)
    case integer(Int64)
    case real(Double)
    case null

    public var text: String? { if case .text(let value) = self { value } else { nil } }
    public var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    public var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
    public var blob: Data? {
        switch self {
        case .blob(let value): value
        case .text(let value): Data(value.utf8)
        default: nil
        }
    }
}

/// A failure of a SQLite connection: a stable `code` to branch on, and one sentence naming the
/// database.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The database cannot be opened (missing, not a database, a symbolic link, no access).
        public static let cannotOpen = Code(rawValue: "cannotOpen")
        /// Another connection held the database's lock for longer than the busy timeout.
        public static let busy = Code(rawValue: "busy")
        /// A statement failed (its SQL and SQLite's message are in `message`).
        public static let failed = Code(rawValue: "failed")
    }

    public var code: Code
    public var message: String
    public var description: String { message }

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
