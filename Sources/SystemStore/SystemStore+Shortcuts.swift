import Foundation
import SQLiteSupport
import SystemCalls

extension SystemStore {
    /// Adds a voice shortcut.
    /// - Throws: `SystemStoreError` (`.duplicatePhrase`) when another shortcut has the same phrase
    ///   once normalized; `.invalid` for an empty phrase.
    public func addVoiceShortcut(_ shortcut: VoiceShortcutRecord) throws {
        let normalized = try Self.checkedPhrase(shortcut.phrase)
        try write {
            if let other = try connection.query("SELECT record FROM voice_shortcuts WHERE normalized_phrase = ?", [.text(normalized)]).first {
                let existing = try decode(VoiceShortcutRecord.self, other[0])
                throw SystemStoreError(.duplicatePhrase, "The phrase \"\(shortcut.phrase)\" is already used by the shortcut \(existing.identifier) (\(existing.action.summary)).")
            }
            try connection.run("INSERT INTO voice_shortcuts (identifier, normalized_phrase, app, created, record) VALUES (?, ?, ?, ?, ?)",
                               [.text(shortcut.identifier.uuidString), .text(normalized), .text(shortcut.app),
                                .real(Date().timeIntervalSince1970), try Self.encode(shortcut)])
        }
    }

    /// Adds voice shortcuts in one transaction: all of them, or none when one fails as
    /// `addVoiceShortcut` would.
    public func addVoiceShortcuts(_ shortcuts: [VoiceShortcutRecord]) throws {
        let rows = try shortcuts.map { (try Self.checkedPhrase($0.phrase), $0) }
        try write {
            let now = Date().timeIntervalSince1970
            for (normalized, shortcut) in rows {
                if try !connection.query("SELECT 1 FROM voice_shortcuts WHERE normalized_phrase = ?", [.text(normalized)]).isEmpty {
                    throw SystemStoreError(.duplicatePhrase, "The phrase \"\(shortcut.phrase)\" is already used by another shortcut.")
                }
                try connection.run("INSERT INTO voice_shortcuts (identifier, normalized_phrase, app, created, record) VALUES (?, ?, ?, ?, ?)",
                                   [.text(shortcut.identifier.uuidString), .text(normalized), .text(shortcut.app), .real(now),
                                    try Self.encode(shortcut)])
            }
        }
    }

    /// Voice shortcuts in the order they were made; only `app`'s when given.
    public func voiceShortcuts(app: String? = nil) throws -> [VoiceShortcutRecord] {
        let rows = try app.map { try read("SELECT identifier, app, record FROM voice_shortcuts WHERE app = ? ORDER BY created, identifier", [.text($0)]) }
            ?? read("SELECT identifier, app, record FROM voice_shortcuts ORDER BY created, identifier")
        return rows.compactMap { decodedRow(VoiceShortcutRecord.self, $0, kind: "voice shortcut") }
    }

    /// The voice shortcuts whose phrase is `utterance` once normalized (at most one: phrases are
    /// unique so): one lookup in the phrase column, whatever the number of shortcuts. Nil when
    /// the column may not hold this build's normalization (it could not be brought up to date):
    /// the caller then reads every shortcut.
    public func voiceShortcuts(saying utterance: String) throws -> [VoiceShortcutRecord]? {
        guard phraseColumnIsCurrent else { return nil }
        return try read("SELECT identifier, app, record FROM voice_shortcuts WHERE normalized_phrase = ?", [.text(PhraseText.normalized(utterance))])
            .compactMap { decodedRow(VoiceShortcutRecord.self, $0, kind: "voice shortcut") }
    }

    /// Phrases whose normalization differs when the normalization does (case, width and
    /// diacritic folding, marks, the letters and digits Foundation knows): their normalized
    /// forms, joined, name the normalization a store's phrase column was written with.
    static let normalizationProbes = ["Ça va, café?", "Ｆｕｌｌ ｗｉｄｔｈ １２", "Straße İstanbul", "e\u{301}te\u{301} ǅ", "x\u{308}y - \u{301} ok", "Ωmega δ"]

    /// Rewrites every voice shortcut's `normalized_phrase` from its phrase when the store's
    /// recorded normalization (the `phrase-normalization` setting) is not this build's, then
    /// records this build's; true once the column is current. A shortcut whose phrase now
    /// normalizes as another's keeps its old column (phrases stay unique).
    static func renormalizePhrasesIfNeeded(_ connection: RawSQLiteConnection) throws -> Bool {
        let fingerprint = normalizationProbes.map(PhraseText.normalized).joined(separator: "|")
        let current = { () throws -> Bool in
            guard case .text(let recorded)? = try connection.query("SELECT value FROM settings WHERE name = 'phrase-normalization'").first?.first else {
                return false
            }
            return recorded == fingerprint
        }
        if try connection.serialized(current) { return true }
        try connection.serialized {
            try connection.immediateTransaction {
                guard try !current() else { return }
                for row in try connection.query("SELECT identifier, record FROM voice_shortcuts") {
                    guard case .text(let identifier) = row[0], case .blob(let data) = row[1],
                          let record = try? JSONDecoder().decode(VoiceShortcutRecord.self, from: data) else { continue }
                    try? connection.run("UPDATE voice_shortcuts SET normalized_phrase = ? WHERE identifier = ?",
                                        [.text(PhraseText.normalized(record.phrase)), .text(identifier)])
                }
                try connection.run("INSERT OR REPLACE INTO settings (name, value) VALUES ('phrase-normalization', ?)", [.text(fingerprint)])
            }
        }
        return true
    }

    public func voiceShortcut(identifier: UUID) throws -> VoiceShortcutRecord? {
        try read("SELECT record FROM voice_shortcuts WHERE identifier = ?", [.text(identifier.uuidString)])
            .first.map { try decode(VoiceShortcutRecord.self, $0[0]) }
    }

    /// Gives a voice shortcut a new phrase.
    /// - Throws: `.notFound`, `.duplicatePhrase`, `.invalid`.
    public func renameVoiceShortcut(identifier: UUID, to phrase: String) throws {
        let normalized = try Self.checkedPhrase(phrase)
        try write {
            guard let row = try connection.query("SELECT record FROM voice_shortcuts WHERE identifier = ?", [.text(identifier.uuidString)]).first else {
                throw SystemStoreError(.notFound, "No voice shortcut has the identifier \(identifier).")
            }
            if let other = try connection.query("SELECT identifier FROM voice_shortcuts WHERE normalized_phrase = ? AND identifier != ?",
                                                [.text(normalized), .text(identifier.uuidString)]).first {
                throw SystemStoreError(.duplicatePhrase, "The phrase \"\(phrase)\" is already used by the shortcut \(other[0].text ?? "?").")
            }
            var shortcut = try decode(VoiceShortcutRecord.self, row[0])
            shortcut.phrase = phrase
            try connection.run("UPDATE voice_shortcuts SET normalized_phrase = ?, record = ? WHERE identifier = ?",
                               [.text(normalized), try Self.encode(shortcut), .text(identifier.uuidString)])
        }
    }

    /// Deletes a voice shortcut; false when there was none.
    @discardableResult
    public func deleteVoiceShortcut(identifier: UUID) throws -> Bool {
        try write {
            try connection.run("DELETE FROM voice_shortcuts WHERE identifier = ?", [.text(identifier.uuidString)])
            return connection.changedRows > 0
        }
    }

    /// Replaces `app`'s shortcut suggestions (`INVoiceShortcutCenter.setShortcutSuggestions`).
    public func setShortcutSuggestions(_ actions: [ShortcutAction], app: String) throws {
        try replaceList(table: "shortcut_suggestions", app: app, records: actions)
    }

    /// Shortcut suggestions, app by app.
    public func shortcutSuggestions(app: String? = nil) throws -> [(app: String, action: ShortcutAction)] {
        try list(table: "shortcut_suggestions", app: app, as: ShortcutAction.self, kind: "shortcut suggestion")
    }

    /// Replaces `app`'s relevant shortcuts (`INRelevantShortcutStore.setRelevantShortcuts`).
    public func setRelevantShortcuts(_ shortcuts: [RelevantShortcutRecord], app: String) throws {
        try replaceList(table: "relevant_shortcuts", app: app, records: shortcuts)
    }

    public func relevantShortcuts(app: String? = nil) throws -> [(app: String, action: RelevantShortcutRecord)] {
        try list(table: "relevant_shortcuts", app: app, as: RelevantShortcutRecord.self, kind: "relevant shortcut")
    }

    private func replaceList(table: String, app: String, records: [some Encodable]) throws {
        try write {
            try connection.run("DELETE FROM \(table) WHERE app = ?", [.text(app)])
            for (position, record) in records.enumerated() {
                try connection.run("INSERT INTO \(table) (app, position, record) VALUES (?, ?, ?)",
                                   [.text(app), .integer(Int64(position)), try Self.encode(record)])
            }
        }
    }

    private func list<Record: Decodable>(table: String, app: String?, as type: Record.Type, kind: String) throws -> [(app: String, action: Record)] {
        let rows = try app.map { try read("SELECT position, app, record FROM \(table) WHERE app = ? ORDER BY position", [.text($0)]) }
            ?? read("SELECT position, app, record FROM \(table) ORDER BY app, position")
        return rows.compactMap { row in decodedRow(type, row, kind: kind).map { (app: row[1].text ?? "", action: $0) } }
    }

    private static func checkedPhrase(_ phrase: String) throws -> String {
        let normalized = PhraseText.normalized(phrase)
        guard !normalized.isEmpty else {
            throw SystemStoreError(.invalid, "A voice shortcut needs a phrase with at least one word; got \"\(phrase)\".")
        }
        return normalized
    }
}
