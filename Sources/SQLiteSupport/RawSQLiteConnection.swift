import Foundation

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
    private let describedError: @Sendable (String) -> any Error
    private let api: SQLiteLibrary

    /// Opens `path` with a busy timeout and durable commits; `create` also creates the file and
    /// puts it in WAL mode. A `path` that is a symbolic link is refused. `error` turns a
    /// one-sentence message into the caller's error type.
    public init(path: String, create: Bool = false,
                error describedError: @escaping @Sendable (String) -> any Error = { SQLiteError(message: $0) }) throws {
        self.path = path
        self.describedError = describedError
        switch SQLiteLibrary.shared {
        case .success(let library): api = library
        case .failure(let error): throw describedError(error.message)
        }
        // Never through a symlink: a store in a folder that a sandboxed extension can write must
        // not lead this (unconfined) process to write a file the link points to.
        let flags = SQLiteLibrary.openReadWrite | SQLiteLibrary.openNoMutex | SQLiteLibrary.openNoFollow
            | (create ? SQLiteLibrary.openCreate : 0)
        guard api.open(path, &handle, flags, nil) == SQLiteLibrary.ok else {
            defer { _ = api.close(handle) }
            throw describedError("The database \(path) cannot be opened: \(lastMessage).")
        }
        _ = api.busyHandler(handle, BusyWait.handler, Unmanaged.passUnretained(busyWait).toOpaque())
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
        api.errmsg(handle).map { String(cString: $0) } ?? "unknown error"
    }

    deinit {
        statements.values.forEach { _ = api.finalize($0) }
        _ = api.close(handle)
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
        defer { _ = api.reset(statement) }
        let status = api.step(statement)
        guard status == SQLiteLibrary.done || status == SQLiteLibrary.row else { throw failure(sql) }
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
        _ = api.bindText(statement, 1, key, -1, SQLiteLibrary.transient)
        defer { _ = api.reset(statement) }
        let status = api.step(statement)
        if status == SQLiteLibrary.done { return nil }
        guard status == SQLiteLibrary.row else { throw failure(sql) }
        let count = Int(api.columnBytes(statement, 0))
        guard count > 0, let bytes = api.columnBlob(statement, 0) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Every row a query returns, each column typed as SQLite stored it.
    public func query(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        let statement = try prepared(sql, arguments)
        defer { _ = api.reset(statement) }
        var rows: [[SQLiteValue]] = []
        while true {
            let status = api.step(statement)
            if status == SQLiteLibrary.done { return rows }
            guard status == SQLiteLibrary.row else { throw failure(sql) }
            rows.append((0..<api.columnCount(statement)).map { column(statement, $0) })
        }
    }

    /// The rows changed by the last statement.
    public var changedRows: Int { Int(api.changes(handle)) }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
        switch api.columnType(statement, index) {
        case SQLiteLibrary.integer: return .integer(api.columnInt64(statement, index))
        case SQLiteLibrary.float: return .real(api.columnDouble(statement, index))
        case SQLiteLibrary.text: return .text(api.columnText(statement, index).map { String(cString: $0) } ?? "")
        case SQLiteLibrary.blob:
            let count = Int(api.columnBytes(statement, index))
            return .blob(count == 0 ? Data() : api.columnBlob(statement, index).map { Data(bytes: $0, count: count) } ?? Data())
        default: return .null
        }
    }

    private func prepared(_ sql: String, _ arguments: [SQLiteValue]) throws -> OpaquePointer {
        let statement: OpaquePointer
        if let cached = statements[sql] {
            statement = cached
        } else {
            var made: OpaquePointer?
            guard api.prepare(handle, sql, -1, SQLiteLibrary.preparePersistent, &made, nil) == SQLiteLibrary.ok, let made else {
                throw failure(sql)
            }
            statements[sql] = made
            statement = made
        }
        _ = api.clearBindings(statement)
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            switch argument {
            case .text(let text): _ = api.bindText(statement, position, text, -1, SQLiteLibrary.transient)
            case .blob(let data): _ = data.withUnsafeBytes { api.bindBlob(statement, position, $0.baseAddress, Int32($0.count), SQLiteLibrary.transient) }
            case .integer(let number): _ = api.bindInt64(statement, position, number)
            case .real(let number): _ = api.bindDouble(statement, position, number)
            case .null: _ = api.bindNull(statement, position)
            }
        }
        return statement
    }

    private func failure(_ sql: String) -> any Error {
        if api.errcode(handle) & 0xFF == SQLiteLibrary.busy {
            return describedError("The database \(path) failed on \"\(sql)\": another connection held its lock for more than \(busyWait.seconds) seconds.")
        }
        return describedError("The database \(path) failed on \"\(sql)\": \(lastMessage).")
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

    /// SQLite's busy callback: nonzero to try again, zero to give up with SQLiteLibrary.busy.
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

/// A failure of a SQLite connection, in one sentence naming the database.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}
