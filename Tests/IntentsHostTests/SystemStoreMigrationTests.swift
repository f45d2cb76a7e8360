import ExtensionProtocol
import Foundation
import SQLiteSupport
import SystemCalls
@testable import SystemStore
import Testing

/// A store file written by an earlier schema version, opened by this one.
@Suite struct SystemStoreMigrationTests {
    let state = TemporaryFolder()
    var path: String { state.path + "/" + SystemStore.fileName }

    func donation(_ identifier: String, _ app: String, _ name: String, at seconds: TimeInterval) -> Donation {
        Donation(identifier: identifier, app: app, kind: .interaction, date: Date(timeIntervalSince1970: seconds),
                 action: .intent(IntentPayload(name: name), className: nil), groupIdentifier: "g")
    }

    /// Writes a version 2 store (the first two migrations, as that version ran them) holding
    /// `donations`, then deletes the last one, so that the highest `seq` handed out is not in
    /// the table any more.
    func writeVersion2Store(with donations: [Donation]) throws {
        let connection = try RawSQLiteConnection(path: path, create: true)
        try connection.immediateTransaction {
            for migration in SystemStoreSchema.migrations.prefix(2) {
                for statement in migration.split(separator: ";") where !statement.allSatisfy(\.isWhitespace) {
                    try connection.run(String(statement))
                }
            }
            try connection.run("PRAGMA user_version = 2")
            for donation in donations {
                try connection.run("""
                    INSERT INTO donations (identifier, app, kind, date, group_identifier, persistent_identifier, record)
                    VALUES (?, ?, ?, ?, ?, NULL, ?)
                    """, [.text(donation.identifier), .text(donation.app), .text(donation.kind.rawValue),
                          .real(donation.date.timeIntervalSince1970), .text(donation.groupIdentifier ?? ""),
                          .blob(try JSONEncoder().encode(donation))])
            }
            try connection.run("DELETE FROM donations WHERE seq = (SELECT max(seq) FROM donations)")
        }
    }

    @Test func donationsOfAVersion2StoreSurviveAndTheirIdentifiersBecomeEachAppsOwn() throws {
        let kept = [donation("d1", "com.example.A", "One", at: 10), donation("d2", "com.example.B", "Two", at: 20),
                    donation("d3", "com.example.A", "Three", at: 30)]
        try writeVersion2Store(with: kept + [donation("d4", "com.example.A", "Deleted", at: 40)])

        let store = try SystemStore(path: path)
        #expect(try store.read("PRAGMA user_version").first?.first?.integer == Int64(SystemStoreSchema.migrations.count))
        #expect(try store.donations() == kept)
        #expect(try store.read("SELECT seq, identifier FROM donations ORDER BY seq") ==
                [[.integer(1), .text("d1")], [.integer(2), .text("d2")], [.integer(3), .text("d3")]])
        #expect(try store.deleteDonations(app: "com.example.A", .groupIdentifier("g")) == 2)
        #expect(try store.donations() == [kept[1]])

        // B's identifier is B's own: A may use it too, and neither replaces the other's.
        let reused = donation("d2", "com.example.A", "A's own", at: 50)
        try store.donate(reused)
        #expect(try store.donations(app: "com.example.B") == [kept[1]])
        #expect(try store.donations(app: "com.example.A") == [reused])
        // A seq handed out before the migration is never handed out again.
        #expect(try store.read("SELECT seq FROM donations WHERE app = 'com.example.A'") == [[.integer(5)]])
        // The index the listings use is back.
        #expect(try store.read("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'donations' AND name = 'donations_by_app'").count == 1)
    }
}

/// The raw connection's failures carry a stable code beside their sentence.
@Suite struct SQLiteErrorCodeTests {
    let folder = TemporaryFolder()

    @Test func eachFailureHasItsCode() throws {
        let missing = #expect(throws: SQLiteError.self) { try RawSQLiteConnection(path: folder.path + "/none/at/all.sqlite") }
        #expect(missing?.code == .cannotOpen)
        #expect(missing?.message.hasPrefix("The database \(folder.path)/none/at/all.sqlite cannot be opened: ") == true)
        let connection = try RawSQLiteConnection(path: folder.path + "/store.sqlite", create: true)
        let bad = #expect(throws: SQLiteError.self) { try connection.run("SELECT FROM nowhere") }
        #expect(bad?.code == .failed)
        #expect(bad?.message.contains("failed on \"SELECT FROM nowhere\"") == true)
    }
}
