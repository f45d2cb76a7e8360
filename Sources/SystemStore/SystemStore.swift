import ExtensionProtocol
import Foundation
import SQLiteSupport
import Synchronization
import SystemCalls
import WorkerThreads

/// The host's system store, `<state>/System.sqlite`: donations, voice shortcuts, shortcut
/// suggestions, relevant shortcuts, user vocabulary, Siri authorizations, and the order in which
/// the host installed apps.
///
/// The host and app processes open it at once (an app donates while the host runs): WAL, a busy
/// timeout, durable commits, every write in one immediate transaction. Records are JSON in a
/// BLOB column beside the columns queries filter on.
///
/// Writes and reads go through two connections: a write that waits (up to the busy timeout) for
/// another process's lock never holds up a read, which WAL lets go on beside that lock. Async
/// code runs writes with `writing(_:)`, on a thread of the store's own, never on a thread of the
/// concurrency pool; reads need not leave the pool (no lock blocks them while this store is
/// open: no other process can take the file out of WAL meanwhile).
public final class SystemStore: Sendable {
    public static let fileName = "System.sqlite"
    /// Donations kept per app; a new one past the cap evicts that app's oldest (by date).
    public static let defaultDonationCap = 1000

    public let path: String
    public let donationCap: Int
    /// The connection every write goes through (and the reads inside a write's transaction).
    let connection: RawSQLiteConnection
    /// The connection of reads outside a write.
    private let reader: RawSQLiteConnection
    private let writer = WorkerThread(name: "store-writes")
    private let readerThread = WorkerThread(name: "store-reads")
    private let skipped = Mutex<[InvalidRecord]>([])
    /// Whether every voice shortcut's `normalized_phrase` was computed by this build's phrase
    /// normalization (`PhraseText`), so that a lookup in it finds what matching the phrases
    /// would; `voiceShortcuts(saying:)` is nil otherwise.
    let phraseColumnIsCurrent: Bool

    /// The records the listings skipped so far because they do not decode, each once.
    public var skippedRecords: [InvalidRecord] { skipped.withLock { $0 } }

    /// Opens (creating and migrating if needed) the system store of the state folder `stateFolder`.
    /// - Throws: `SystemStoreError` (`.unavailable`) naming the file.
    public convenience init(stateFolder: String, donationCap: Int = defaultDonationCap) throws {
        if let problem = StateFolder.problemCreating(stateFolder) { throw SystemStoreError(.unavailable, problem) }
        try self.init(path: stateFolder + "/" + Self.fileName, donationCap: donationCap)
    }

    public init(path: String, donationCap: Int = defaultDonationCap) throws {
        self.path = path
        self.donationCap = max(1, donationCap)
        let connection = try RawSQLiteConnection(path: path, create: true) { SystemStoreError(.unavailable, $0.message) }
        try connection.serialized { try SystemStoreSchema.migrate(connection) }
        self.connection = connection
        let current = try? Self.renormalizePhrasesIfNeeded(connection)
        phraseColumnIsCurrent = current ?? false
        reader = try RawSQLiteConnection(path: path) { SystemStoreError(.unavailable, $0.message) }
    }

    /// Changes whenever the store's contents may have: a commit by any connection but the
    /// reading one, which never writes (`PRAGMA data_version`), this store's writing one too.
    /// Caches of what the store holds compare it.
    public func changeStamp() throws -> String {
        let version = try read("PRAGMA data_version").first?.first
        return String(describing: version)
    }

    /// Runs `body` with this store on the store's writing thread: a write waiting for another
    /// process's lock holds that thread, not one of the concurrency pool. Writes queue there in
    /// order, as they would on the one writing connection anyway.
    public func writing<Result: Sendable>(_ body: @escaping @Sendable (SystemStore) throws -> Result) async throws -> Result {
        try await writer.perform { [self] in try body(self) }
    }

    /// Runs `body` with this store on the store's reading thread, which no write holds up. For
    /// reads only: a write in `body` would queue on the pool's behalf behind other reads.
    public func reading<Result: Sendable>(_ body: @escaping @Sendable (SystemStore) throws -> Result) async throws -> Result {
        try await readerThread.perform { [self] in try body(self) }
    }

    /// SQLite's `PRAGMA integrity_check`: `["ok"]` for a whole store, else the problems it found.
    public func integrityCheck() throws -> [String] {
        try read("PRAGMA integrity_check").map { row in
            if case .text(let line)? = row.first { return line }
            return String(describing: row.first)
        }
    }

    /// Runs `body` in one immediate transaction on the store's connection.
    func write<Result>(_ body: () throws -> Result) throws -> Result {
        try connection.serialized { try connection.immediateTransaction(body) }
    }

    /// Runs a query on the store's reading connection (outside a write's transaction: it sees
    /// what is committed).
    func read(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        try reader.serialized { try reader.query(sql, arguments) }
    }

    static func encode(_ value: some Encodable) throws -> SQLiteValue {
        .blob(try JSONEncoder().encode(value))
    }

    func decode<Value: Decodable>(_ type: Value.Type, _ column: SQLiteValue) throws -> Value {
        switch Self.decoded(type, column) {
        case .success(let value): return value
        case .failure(let problem): throw SystemStoreError(.corrupt, "A \(type) record in \(path) cannot be read: \(problem.reason).")
        }
    }

    /// The record of a row (`identifier, app, record` columns), or nil when it does not decode:
    /// then it is remembered in `skippedRecords` (once), so that one bad row never hides the
    /// good ones. `kind` names the record in messages ("donation").
    func decodedRow<Value: Decodable>(_ type: Value.Type, _ row: [SQLiteValue], kind: String) -> Value? {
        switch Self.decoded(type, row[2]) {
        case .success(let value):
            return value
        case .failure(let problem):
            let identifier = row[0].text ?? row[0].integer.map(String.init) ?? "?"
            let invalid = InvalidRecord(kind: kind, identifier: identifier, app: row[1].text ?? "?", problem: problem.reason)
            skipped.withLock { known in if !known.contains(invalid) { known.append(invalid) } }
            return nil
        }
    }

    private static func decoded<Value: Decodable>(_ type: Value.Type, _ column: SQLiteValue) -> Result<Value, RecordProblem> {
        guard let data = column.blob else { return .failure(RecordProblem(reason: "it is not a JSON record")) }
        guard !data.isEmpty else { return .failure(RecordProblem(reason: "it is empty")) }
        do {
            return .success(try JSONDecoder().decode(type, from: data))
        } catch let error as DecodingError {
            return .failure(RecordProblem(reason: Self.reason(error)))
        } catch {
            return .failure(RecordProblem(reason: "\(error)"))
        }
    }

    /// A decoding error in a few words: what is wrong, and where in the record.
    private static func reason(_ error: DecodingError) -> String {
        func at(_ context: DecodingError.Context) -> String {
            context.codingPath.isEmpty ? "" : " at " + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "it is not valid JSON" : "a value is invalid\(at(context))"
        case .keyNotFound(let key, let context): return "it lacks \(key.stringValue)\(at(context))"
        case .typeMismatch(let type, let context): return "a value is not \(type)\(at(context))"
        case .valueNotFound(let type, let context): return "a \(type) is missing\(at(context))"
        @unknown default: return "it does not decode"
        }
    }
}

/// Why a stored record does not decode.
struct RecordProblem: Error {
    var reason: String
}

/// A stored record that does not decode (written by another version, or damaged), skipped.
public struct InvalidRecord: Hashable, Sendable {
    /// What the record is: "donation", "voice shortcut", "relevant shortcut", "shortcut suggestion".
    public var kind: String
    /// Its identifier, or its position in its app's list.
    public var identifier: String
    public var app: String
    /// What is wrong with it, in a few words ("it is not valid JSON").
    public var problem: String
}

/// An error of the system store: one sentence, with a code.
public struct SystemStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        case unavailable, corrupt, notFound, duplicatePhrase, invalid
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
