import Foundation

/// The system's libsqlite3, loaded with `dlopen` the first time a connection opens.
///
/// The SDK links this module into every extension library, yet only app processes and the
/// host open the system store: linking libsqlite3 would make every extension load it (more
/// memory, a slower cold start) for nothing. Calls go through function pointers, as calls
/// into a shared library do anyway.
struct SQLiteLibrary: @unchecked Sendable {
    typealias Statement = OpaquePointer
    typealias Database = OpaquePointer

    let open: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Database?>?, Int32, UnsafePointer<CChar>?) -> Int32
    let close: @convention(c) (Database?) -> Int32
    let busyHandler: @convention(c) (Database?, (@convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32)?, UnsafeMutableRawPointer?) -> Int32
    let prepare: @convention(c) (Database?, UnsafePointer<CChar>?, Int32, UInt32, UnsafeMutablePointer<Statement?>?,
                                 UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    let step: @convention(c) (Statement?) -> Int32
    let reset: @convention(c) (Statement?) -> Int32
    let finalize: @convention(c) (Statement?) -> Int32
    let clearBindings: @convention(c) (Statement?) -> Int32
    /// The last argument is the destructor; -1 is SQLITE_TRANSIENT (SQLite copies the value).
    let bindText: @convention(c) (Statement?, Int32, UnsafePointer<CChar>?, Int32, Int) -> Int32
    let bindBlob: @convention(c) (Statement?, Int32, UnsafeRawPointer?, Int32, Int) -> Int32
    let bindInt64: @convention(c) (Statement?, Int32, Int64) -> Int32
    let bindDouble: @convention(c) (Statement?, Int32, Double) -> Int32
    let bindNull: @convention(c) (Statement?, Int32) -> Int32
    let columnType: @convention(c) (Statement?, Int32) -> Int32
    let columnInt64: @convention(c) (Statement?, Int32) -> Int64
    let columnDouble: @convention(c) (Statement?, Int32) -> Double
    let columnText: @convention(c) (Statement?, Int32) -> UnsafePointer<UInt8>?
    let columnBlob: @convention(c) (Statement?, Int32) -> UnsafeRawPointer?
    let columnBytes: @convention(c) (Statement?, Int32) -> Int32
    let columnCount: @convention(c) (Statement?) -> Int32
    let errmsg: @convention(c) (Database?) -> UnsafePointer<CChar>?
    let errcode: @convention(c) (Database?) -> Int32
    let changes: @convention(c) (Database?) -> Int32

    static let transient = -1

    // Result codes, column types and flags, as sqlite3.h numbers them.
    static let ok: Int32 = 0
    static let busy: Int32 = 5
    static let row: Int32 = 100
    static let done: Int32 = 101
    static let integer: Int32 = 1
    static let float: Int32 = 2
    static let text: Int32 = 3
    static let blob: Int32 = 4
    static let openReadWrite: Int32 = 0x0000_0002
    static let openCreate: Int32 = 0x0000_0004
    /// SQLITE_OPEN_NOFOLLOW: the database file may not be a symbolic link (SQLite opens its
    /// journal, WAL and shared-memory files with O_NOFOLLOW anyway).
    static let openNoFollow: Int32 = 0x0100_0000
    static let openNoMutex: Int32 = 0x0000_8000
    static let preparePersistent: UInt32 = 0x01

    /// The library, or why it could not be loaded.
    static let shared: Result<SQLiteLibrary, SQLiteError> = load()

    private static func load() -> Result<SQLiteLibrary, SQLiteError> {
        guard let handle = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libsqlite3.so", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(SQLiteError(message: "libsqlite3 cannot be loaded: \(String(cString: dlerror())); install it (Debian: apt-get install libsqlite3-0)."))
        }
        var missing: [String] = []
        /// The function `name`, typed by where it goes; a missing one is noted (and never called).
        func symbol<Function>(_ name: String) -> Function {
            guard let address = dlsym(handle, name) else {
                missing.append(name)
                return unsafeBitCast(UnsafeRawPointer(bitPattern: 1)!, to: Function.self)
            }
            return unsafeBitCast(address, to: Function.self)
        }
        let library = SQLiteLibrary(
            open: symbol("sqlite3_open_v2"),
            close: symbol("sqlite3_close"),
            busyHandler: symbol("sqlite3_busy_handler"),
            prepare: symbol("sqlite3_prepare_v3"),
            step: symbol("sqlite3_step"),
            reset: symbol("sqlite3_reset"),
            finalize: symbol("sqlite3_finalize"),
            clearBindings: symbol("sqlite3_clear_bindings"),
            bindText: symbol("sqlite3_bind_text"),
            bindBlob: symbol("sqlite3_bind_blob"),
            bindInt64: symbol("sqlite3_bind_int64"),
            bindDouble: symbol("sqlite3_bind_double"),
            bindNull: symbol("sqlite3_bind_null"),
            columnType: symbol("sqlite3_column_type"),
            columnInt64: symbol("sqlite3_column_int64"),
            columnDouble: symbol("sqlite3_column_double"),
            columnText: symbol("sqlite3_column_text"),
            columnBlob: symbol("sqlite3_column_blob"),
            columnBytes: symbol("sqlite3_column_bytes"),
            columnCount: symbol("sqlite3_column_count"),
            errmsg: symbol("sqlite3_errmsg"),
            errcode: symbol("sqlite3_extended_errcode"),
            changes: symbol("sqlite3_changes"))
        guard missing.isEmpty else {
            return .failure(SQLiteError(message: "The loaded libsqlite3 lacks \(missing.joined(separator: ", ")); SQLite 3.20 or later is needed."))
        }
        return .success(library)
    }
}
