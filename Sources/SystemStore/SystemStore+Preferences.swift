import Foundation
import SQLiteSupport
import SystemCalls

/// One app's user vocabulary of one type, in order of importance.
public struct VocabularyRecord: Hashable, Sendable {
    public var app: String
    /// `INVocabularyStringType`'s raw value.
    public var type: Int
    public var strings: [String]

    public init(app: String, type: Int, strings: [String]) {
        self.app = app
        self.type = type
        self.strings = strings
    }
}

extension SystemStore {
    /// Replaces `app`'s strings of `type`, keeping their order.
    public func setVocabulary(_ strings: [String], type: Int, app: String) throws {
        try write {
            try connection.run("DELETE FROM vocabulary WHERE app = ? AND type = ?", [.text(app), .integer(Int64(type))])
            for (position, string) in strings.enumerated() {
                try connection.run("INSERT INTO vocabulary (app, type, position, string) VALUES (?, ?, ?, ?)",
                                   [.text(app), .integer(Int64(type)), .integer(Int64(position)), .text(string)])
            }
        }
    }

    /// Removes every vocabulary string of `app`.
    public func removeAllVocabulary(app: String) throws {
        try write { try connection.run("DELETE FROM vocabulary WHERE app = ?", [.text(app)]) }
    }

    /// User vocabulary, app by app and type by type; only `app`'s when given.
    public func vocabulary(app: String? = nil) throws -> [VocabularyRecord] {
        let rows = try app.map { try read("SELECT app, type, string FROM vocabulary WHERE app = ? ORDER BY app, type, position", [.text($0)]) }
            ?? read("SELECT app, type, string FROM vocabulary ORDER BY app, type, position")
        var records: [VocabularyRecord] = []
        for row in rows {
            let app = row[0].text ?? "", type = Int(row[1].integer ?? 0), string = row[2].text ?? ""
            if records.last?.app == app && records.last?.type == type {
                records[records.count - 1].strings.append(string)
            } else {
                records.append(VocabularyRecord(app: app, type: type, strings: [string]))
            }
        }
        return records
    }

    /// `app`'s Siri authorization; `.notDetermined` until it asked or the user decided.
    public func authorization(app: String) throws -> SiriAuthorization {
        let status = try read("SELECT status FROM authorizations WHERE app = ?", [.text(app)]).first?.first?.integer
        return status.flatMap { SiriAuthorization(rawValue: Int($0)) } ?? .notDetermined
    }

    /// Every recorded decision, by app.
    public func authorizations() throws -> [String: SiriAuthorization] {
        var decisions: [String: SiriAuthorization] = [:]
        for row in try read("SELECT app, status FROM authorizations") {
            decisions[row[0].text ?? ""] = row[1].integer.flatMap { SiriAuthorization(rawValue: Int($0)) } ?? .notDetermined
        }
        return decisions
    }

    /// Records `status` for `app`; `.notDetermined` forgets the decision (the app may ask again).
    public func setAuthorization(_ status: SiriAuthorization, app: String) throws {
        try write {
            if status == .notDetermined {
                try connection.run("DELETE FROM authorizations WHERE app = ?", [.text(app)])
            } else {
                try connection.run("INSERT INTO authorizations (app, status, date) VALUES (?, ?, ?) ON CONFLICT(app) DO UPDATE SET status = excluded.status, date = excluded.date",
                                   [.text(app), .integer(Int64(status.rawValue)), .real(Date().timeIntervalSince1970)])
            }
        }
    }

    /// Asks once: when `app` has no decision yet, records what `decide` answers; returns the status.
    public func requestAuthorization(app: String, decide: () -> SiriAuthorization) throws -> SiriAuthorization {
        let current = try authorization(app: app)
        guard current == .notDetermined else { return current }
        let decided = decide()
        if decided != .notDetermined { try setAuthorization(decided, app: app) }
        return decided
    }

    /// Whether the user let AI agents (`intents mcp`) run `app`'s intents: `.authorized` when
    /// granted, `.denied` when refused, `.restricted` when the user hid the app from agents
    /// (not listed to them either), `.notDetermined` until the user decided.
    public func agentConsent(app: String) throws -> SiriAuthorization {
        let status = try read("SELECT status FROM agent_consents WHERE app = ?", [.text(app)]).first?.first?.integer
        return status.flatMap { SiriAuthorization(rawValue: Int($0)) } ?? .notDetermined
    }

    /// Every recorded consent to agents, by app.
    public func agentConsents() throws -> [String: SiriAuthorization] {
        var decisions: [String: SiriAuthorization] = [:]
        for row in try read("SELECT app, status FROM agent_consents") {
            decisions[row[0].text ?? ""] = row[1].integer.flatMap { SiriAuthorization(rawValue: Int($0)) } ?? .notDetermined
        }
        return decisions
    }

    /// Records the user's consent to agents for `app`; `.notDetermined` forgets it.
    public func setAgentConsent(_ status: SiriAuthorization, app: String) throws {
        try write {
            if status == .notDetermined {
                try connection.run("DELETE FROM agent_consents WHERE app = ?", [.text(app)])
            } else {
                try connection.run("INSERT INTO agent_consents (app, status, date) VALUES (?, ?, ?) ON CONFLICT(app) DO UPDATE SET status = excluded.status, date = excluded.date",
                                   [.text(app), .integer(Int64(status.rawValue)), .real(Date().timeIntervalSince1970)])
            }
        }
    }
}
