import SQLiteSupport
import SystemCalls

/// The system store's tables, versioned with `PRAGMA user_version`. Migrations run in one
/// immediate transaction, so two processes opening a new store at once do not race.
enum SystemStoreSchema {
    static let migrations: [String] = [
        """
        CREATE TABLE donations (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            identifier TEXT NOT NULL UNIQUE,
            app TEXT NOT NULL,
            kind TEXT NOT NULL,
            date REAL NOT NULL,
            group_identifier TEXT,
            persistent_identifier TEXT,
            record BLOB NOT NULL);
        CREATE INDEX donations_by_app ON donations (app, date);
        CREATE TABLE voice_shortcuts (
            identifier TEXT PRIMARY KEY NOT NULL,
            normalized_phrase TEXT NOT NULL UNIQUE,
            app TEXT NOT NULL,
            created REAL NOT NULL,
            record BLOB NOT NULL);
        CREATE TABLE shortcut_suggestions (
            app TEXT NOT NULL, position INTEGER NOT NULL, record BLOB NOT NULL, PRIMARY KEY (app, position));
        CREATE TABLE relevant_shortcuts (
            app TEXT NOT NULL, position INTEGER NOT NULL, record BLOB NOT NULL, PRIMARY KEY (app, position));
        CREATE TABLE vocabulary (
            app TEXT NOT NULL, type INTEGER NOT NULL, position INTEGER NOT NULL, string TEXT NOT NULL,
            PRIMARY KEY (app, type, position));
        CREATE TABLE authorizations (app TEXT PRIMARY KEY NOT NULL, status INTEGER NOT NULL, date REAL NOT NULL);
        """,
        """
        CREATE TABLE app_intents_metadata (
            library_hash TEXT PRIMARY KEY NOT NULL, identity TEXT NOT NULL, created REAL NOT NULL, record BLOB NOT NULL);
        CREATE INDEX app_intents_metadata_by_identity ON app_intents_metadata (identity);
        CREATE TABLE app_shortcut_parameter_requests (app TEXT PRIMARY KEY NOT NULL, generation INTEGER NOT NULL);
        CREATE TABLE app_shortcut_parameters (
            extension TEXT NOT NULL, library_hash TEXT NOT NULL, generation INTEGER NOT NULL, record BLOB NOT NULL,
            PRIMARY KEY (extension));
        """,
        // A donation's identifier is its app's own choice: unique among that app's donations only,
        // so that no app can replace another's. SQLite cannot change a UNIQUE constraint: the
        // table is made anew, keeping each row's seq and the last seq handed out. And the
        // executable file each app had when a scan last accepted it, one app's each
        // (`recordAppExecutables`).
        """
        CREATE TABLE donations_scoped (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            identifier TEXT NOT NULL,
            app TEXT NOT NULL,
            kind TEXT NOT NULL,
            date REAL NOT NULL,
            group_identifier TEXT,
            persistent_identifier TEXT,
            record BLOB NOT NULL,
            UNIQUE (app, identifier));
        INSERT INTO donations_scoped (seq, identifier, app, kind, date, group_identifier, persistent_identifier, record)
            SELECT seq, identifier, app, kind, date, group_identifier, persistent_identifier, record FROM donations;
        DELETE FROM sqlite_sequence WHERE name = 'donations_scoped';
        INSERT INTO sqlite_sequence (name, seq) SELECT 'donations_scoped', seq FROM sqlite_sequence WHERE name = 'donations';
        DROP TABLE donations;
        ALTER TABLE donations_scoped RENAME TO donations;
        CREATE INDEX donations_by_app ON donations (app, date);
        CREATE TABLE app_executables (
            app TEXT PRIMARY KEY NOT NULL, device INTEGER NOT NULL, inode INTEGER NOT NULL, seq INTEGER NOT NULL UNIQUE,
            UNIQUE (device, inode));
        """,
        // The user's settings, by name (`contacts`: the vCard file or folder `intents contacts use` chose).
        """
        CREATE TABLE settings (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
        """,
        // The user's consent to AI agents (`intents mcp`) running each app's intents, as Siri
        // authorizations are kept.
        """
        CREATE TABLE agent_consents (app TEXT PRIMARY KEY NOT NULL, status INTEGER NOT NULL, date REAL NOT NULL);
        """,
        // What a scan read from each app folder, with the folder's fingerprint and the scanner
        // that read it (`recordBundleScans`): a cache, rebuilt from the bundles whenever either differs.
        """
        CREATE TABLE bundle_scans (
            path TEXT PRIMARY KEY NOT NULL, scanner TEXT NOT NULL, fingerprint BLOB NOT NULL, record BLOB NOT NULL);
        """,
    ]

    static func migrate(_ connection: RawSQLiteConnection) throws {
        let current = try connection.query("PRAGMA user_version").first?.first?.integer ?? 0
        guard current < Int64(migrations.count) else { return }
        try connection.immediateTransaction {
            // Read again inside the transaction: another process may have migrated meanwhile.
            let version = Int(try connection.query("PRAGMA user_version").first?.first?.integer ?? 0)
            for migration in migrations.dropFirst(version) {
                for statement in migration.split(separator: ";") where !statement.allSatisfy(\.isWhitespace) {
                    try connection.run(String(statement))
                }
            }
            try connection.run("PRAGMA user_version = \(migrations.count)")
        }
    }
}
