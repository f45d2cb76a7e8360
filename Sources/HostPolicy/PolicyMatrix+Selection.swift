import HostBundles

extension PolicyMatrix {
    /// The rows `names` select: each name is an app (its display name, an alternative name or
    /// its bundle identifier), an extension's bundle identifier, an intent or a user activity
    /// type; no names, all rows.
    /// - Throws: `HostError` (`.usage`) naming the first name that selects nothing.
    public func selecting(_ names: [String]) throws -> PolicyMatrix {
        guard !names.isEmpty else { return self }
        var selected = Set<Int>()
        for name in names {
            let matches = rows.indices.filter { rows[$0].isNamed(name) }
            guard !matches.isEmpty else {
                throw HostError(.usage, "No installed app, extension or intent is named \(name.quotedForDisplay); `intents apps` lists them.")
            }
            selected.formUnion(matches)
        }
        return PolicyMatrix(rows: rows.indices.filter(selected.contains).map { rows[$0] }, problems: problems)
    }
}

extension PolicyMatrix.Row {
    /// Whether `name` names this row's app, extension or intent (app names case-insensitively).
    func isNamed(_ name: String) -> Bool {
        if intent == name || bundle?.bundleIdentifier == name { return true }
        guard let app else { return false }
        if app.bundleIdentifier == name { return true }
        let folded = name.lowercased()
        return app.spokenNames.contains { $0.lowercased() == folded }
    }
}
