import Foundation
import SQLiteSupport
import SystemCalls

extension SystemStore {
    /// Records a donation; the donating app's own donation with the same identifier is replaced,
    /// never another app's (an identifier is its app's own choice). Past the per-app cap, the
    /// app's oldest donations (by date) are evicted in the same transaction.
    public func donate(_ donation: Donation) throws {
        try write {
            try connection.run("DELETE FROM donations WHERE app = ? AND identifier = ?", [.text(donation.app), .text(donation.identifier)])
            try connection.run("""
                INSERT INTO donations (identifier, app, kind, date, group_identifier, persistent_identifier, record)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(donation.identifier), .text(donation.app), .text(donation.kind.rawValue),
                      .real(donation.date.timeIntervalSince1970), donation.groupIdentifier.map { .text($0) } ?? .null,
                      donation.persistentIdentifier.map { .text($0) } ?? .null, try Self.encode(donation)])
            try connection.run("""
                DELETE FROM donations WHERE app = ?1 AND seq NOT IN
                    (SELECT seq FROM donations WHERE app = ?1 ORDER BY date DESC, seq DESC LIMIT ?2)
                """, [.text(donation.app), .integer(Int64(donationCap))])
        }
    }

    /// Donations, oldest first; only `app`'s when given. Records that do not decode are skipped
    /// (`skippedRecords` lists them).
    public func donations(app: String? = nil) throws -> [Donation] {
        let rows = try app.map { try read("SELECT identifier, app, record FROM donations WHERE app = ? ORDER BY date, seq", [.text($0)]) }
            ?? read("SELECT identifier, app, record FROM donations ORDER BY date, seq")
        return rows.compactMap { decodedRow(Donation.self, $0, kind: "donation") }
    }

    /// Every app's donation with this identifier, app by app: an identifier is unique among one
    /// app's donations only. Records that do not decode are skipped (`skippedRecords` lists them).
    public func donations(identifier: String) throws -> [Donation] {
        try read("SELECT identifier, app, record FROM donations WHERE identifier = ? ORDER BY app", [.text(identifier)])
            .compactMap { decodedRow(Donation.self, $0, kind: "donation") }
    }

    /// `app`'s donation with this identifier.
    /// - Throws: `SystemStoreError` (`.corrupt`) when its record does not decode.
    public func donation(identifier: String, app: String) throws -> Donation? {
        try read("SELECT record FROM donations WHERE app = ? AND identifier = ?", [.text(app), .text(identifier)])
            .first.map { try decode(Donation.self, $0[0]) }
    }

    /// What a deletion removes (the app's call's own type).
    public typealias DonationSelection = SystemCalls.DonationSelection

    /// Deletes `app`'s donations matching `selection` (every app's when `app` is nil); returns how many.
    @discardableResult
    public func deleteDonations(app: String?, _ selection: DonationSelection) throws -> Int {
        var conditions: [String] = []
        var arguments: [SQLiteValue] = []
        if let app {
            conditions.append("app = ?")
            arguments.append(.text(app))
        }
        switch selection {
        case .identifiers(let identifiers):
            if identifiers.isEmpty { return 0 }
            conditions.append("identifier IN (\(identifiers.map { _ in "?" }.joined(separator: ", ")))")
            arguments += identifiers.map { .text($0) }
        case .groupIdentifier(let group):
            conditions.append("group_identifier = ?")
            arguments.append(.text(group))
        case .persistentIdentifiers(let identifiers):
            if identifiers.isEmpty { return 0 }
            conditions.append("kind = 'userActivity' AND persistent_identifier IN (\(identifiers.map { _ in "?" }.joined(separator: ", ")))")
            arguments += identifiers.map { .text($0) }
        case .all(let kind):
            if let kind {
                conditions.append("kind = ?")
                arguments.append(.text(kind.rawValue))
            }
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return try write {
            try connection.run("DELETE FROM donations" + filter, arguments)
            return connection.changedRows
        }
    }
}
