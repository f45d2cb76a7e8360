import Foundation
import GRDB
import SQLiteSupport

/// The store's table and its versioned migrations.
///
/// `entries` holds one row per key, with the version of its last change; a removed key keeps
/// its row with a NULL value (a tombstone), so that observers in other processes learn what
/// changed by asking for versions above the last one they saw.
enum SharedStoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: versioned entries") { db in
            try db.execute(sql: """
                CREATE TABLE entries (key TEXT PRIMARY KEY NOT NULL, value BLOB, version INTEGER NOT NULL) WITHOUT ROWID;
                CREATE INDEX entries_by_version ON entries (version);
                """)
        }
        return migrator
    }

    static let selectValue = "SELECT value FROM entries WHERE key = ? AND value IS NOT NULL"
    static let selectAll = "SELECT value, key FROM entries WHERE value IS NOT NULL"
    static let changesSince = "SELECT version, key FROM entries WHERE version > ? ORDER BY version"

    /// Stores `data` under `key` (nil leaves a tombstone) with the next version, on a
    /// connection inside a transaction.
    static func store(_ data: Data?, for key: String, on connection: RawSQLiteConnection) throws {
        try connection.run("""
            INSERT INTO entries (key, value, version) VALUES (?1, ?2, (SELECT coalesce(max(version), 0) + 1 FROM entries))
            ON CONFLICT(key) DO UPDATE SET value = excluded.value, version = excluded.version
            """, [.text(key), data.map { .blob($0) } ?? .null])
    }
}
