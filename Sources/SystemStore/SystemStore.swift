import ExtensionProtocol
import Foundation
import SQLiteSupport

/// The host's system store, `<state>/System.sqlite`: donations, voice shortcuts, shortcut
/// suggestions, relevant shortcuts, user vocabulary and Siri authorizations.
///
/// The host and app processes open it at once (an app donates while the host runs): WAL, a busy
/// timeout, durable commits, every write in one immediate transaction. Records are JSON in a
/// BLOB column beside the columns queries filter on.
public final class SystemStore: Sendable {
    public static let fileName = "System.sqlite"
    /// Donations kept per app; a new one past the cap evicts that app's oldest (by date).
    public static let defaultDonationCap = 1000

    public let path: String
    public let donationCap: Int
    let connection: RawSQLiteConnection

    /// Opens (creating and migrating if needed) the system store of the state folder `stateFolder`.
    /// - Throws: `SystemStoreError` (`.unavailable`) naming the file.
    public convenience init(stateFolder: String, donationCap: Int = defaultDonationCap) throws {
        do {
            try FileManager.default.createDirectory(atPath: stateFolder, withIntermediateDirectories: true)
        } catch {
            throw SystemStoreError(.unavailable, "The state folder \(stateFolder) cannot be created: \(error.localizedDescription)")
        }
        try self.init(path: stateFolder + "/" + Self.fileName, donationCap: donationCap)
    }

    public init(path: String, donationCap: Int = defaultDonationCap) throws {
        self.path = path
        self.donationCap = max(1, donationCap)
        connection = try RawSQLiteConnection(path: path, create: true) { SystemStoreError(.unavailable, $0) }
        try connection.serialized { try SystemStoreSchema.migrate(connection) }
    }

    /// Runs `body` in one immediate transaction on the store's connection.
    func write<Result>(_ body: () throws -> Result) throws -> Result {
        try connection.serialized { try connection.immediateTransaction(body) }
    }

    /// Runs a query on the store's connection.
    func read(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
        try connection.serialized { try connection.query(sql, arguments) }
    }

    static func encode(_ value: some Encodable) throws -> SQLiteValue {
        .blob(try JSONEncoder().encode(value))
    }

    func decode<Value: Decodable>(_ type: Value.Type, _ column: SQLiteValue) throws -> Value {
        guard let data = column.blob else { throw SystemStoreError(.corrupt, "A record in \(path) is empty.") }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw SystemStoreError(.corrupt, "A \(type) record in \(path) cannot be read: \(error).")
        }
    }
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
