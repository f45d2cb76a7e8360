import ExtensionProtocol
import LocalAPI

/// How `intents donations`, `shortcuts` and `suggestions` show the store's records: lines of
/// text (not yet escaped for a terminal) or one JSON object. The embedded host and the client
/// print the same bytes from it.
public enum RecordsReport {
    // MARK: Donations

    public static func lines(_ listing: DonationListing) -> [String] {
        if listing.donations.isEmpty { return ["No donations."] }
        return listing.donations.map { donation in
            let phrase = donation.suggestedInvocationPhrase.map { "  suggested phrase \"\($0)\"" } ?? ""
            return "\(donation.identifier)  \(donation.date)  \(donation.app): \(donation.action.summary)\(phrase)"
        }
    }

    /// `{"donations": [...], "invalid": [...]}`.
    public static func json(_ listing: DonationListing) -> JSONValue {
        .object(["invalid": invalid(listing.invalid), "donations": .array(listing.donations.map { donation in
            var object: [String: JSONValue] = ["identifier": .string(donation.identifier), "app": .string(donation.app), "kind": .string(donation.kind),
                                               "date": .string(donation.date), "shortcut": json(donation.action)]
            if let group = donation.groupIdentifier { object["groupIdentifier"] = .string(group) }
            if let code = donation.responseCode { object["responseCode"] = .string(code) }
            if let phrase = donation.suggestedInvocationPhrase { object["suggestedInvocationPhrase"] = .string(phrase) }
            if let persistent = donation.persistentIdentifier { object["persistentIdentifier"] = .string(persistent) }
            return .object(object)
        })])
    }

    /// `Deleted 2 donations.`
    public static func deletedLine(_ count: Int) -> String {
        "Deleted \(count) donation\(count == 1 ? "" : "s")."
    }

    // MARK: Voice shortcuts

    public static func lines(_ listing: VoiceShortcutListing) -> [String] {
        var lines = listing.shortcuts.isEmpty ? ["No voice shortcuts; add one with `intents shortcuts add PHRASE --donation ID`."] : []
        lines += listing.shortcuts.map { "\($0.identifier)  \"\($0.phrase)\"  \($0.app): \($0.action.summary)" }
        if !listing.appShortcuts.isEmpty { lines.append("App Shortcuts (no setup needed):") }
        for item in listing.appShortcuts {
            lines.append("  \"\(item.phrase)\"  \(item.app): \(item.intent) (\(item.phrases.count) phrases)")
            if let description = item.description { lines.append("      \(description)") }
            if let summary = item.parameterSummary { lines.append("      Summary: \(AppIntentText.summary(summary))") }
        }
        return lines
    }

    /// `{"shortcuts": [...], "appShortcuts": [...], "invalid": [...]}`.
    public static func json(_ listing: VoiceShortcutListing) -> JSONValue {
        .object(["invalid": invalid(listing.invalid), "shortcuts": .array(listing.shortcuts.map(json)),
                 "appShortcuts": .array(listing.appShortcuts.map { item in
                     var object: [String: JSONValue] = ["app": .string(item.app), "extension": .string(item.extensionBundle),
                                                        "intent": .string(item.intent), "phrase": .string(item.phrase),
                                                        "phrases": .array(item.phrases.map(JSONValue.string))]
                     if let description = item.description { object["description"] = .string(description) }
                     if let summary = item.parameterSummary { object["parameterSummary"] = .string(summary) }
                     return .object(object)
                 })])
    }

    /// A voice shortcut: its identifier, phrase, app, what it runs, and its donation.
    public static func json(_ shortcut: ListedVoiceShortcut) -> JSONValue {
        var object: [String: JSONValue] = ["identifier": .string(shortcut.identifier), "phrase": .string(shortcut.phrase),
                                           "app": .string(shortcut.app), "shortcut": json(shortcut.action)]
        if let donation = shortcut.donation { object["donation"] = .string(donation) }
        return .object(object)
    }

    /// A voice shortcut just added, as `shortcuts add --json` prints it (no donation).
    public static func addedJSON(_ shortcut: ListedVoiceShortcut) -> JSONValue {
        .object(["identifier": .string(shortcut.identifier), "phrase": .string(shortcut.phrase), "app": .string(shortcut.app),
                 "shortcut": json(shortcut.action)])
    }

    /// `Added 2B7E...: "pizza time" runs OrderPizzaIntent(...).`
    public static func addedLine(_ shortcut: ListedVoiceShortcut) -> String {
        "Added \(shortcut.identifier): \"\(shortcut.phrase)\" runs \(shortcut.action.summary)."
    }

    /// `2B7E... is now "pizza night".`, the identifier as the user gave it.
    public static func renamedLine(identifier: String, phrase: String) -> String {
        "\(identifier) is now \"\(phrase)\"."
    }

    /// `Deleted 2B7E....`
    public static func deletedLine(shortcut identifier: String) -> String {
        "Deleted \(identifier)."
    }

    // MARK: Suggestions

    public static func lines(_ listing: SuggestionListing) -> [String] {
        var lines = ["Suggestions for \(listing.at):"]
        if listing.suggestions.isEmpty { lines.append("  none: no donation happened before then.") }
        for (rank, suggestion) in listing.suggestions.enumerated() {
            let why = suggestion.isRelevantNow ? "relevant now"
                : "score \(threeDecimals(suggestion.score)) over \(suggestion.occurrences) donation\(suggestion.occurrences == 1 ? "" : "s")"
            lines.append("  \(rank + 1). \(suggestion.app): \(suggestion.action.summary)  (\(why))\(suggestion.donation.map { "  donation \($0)" } ?? "")")
        }
        if !listing.suggestedByApps.isEmpty {
            lines.append("Suggested by apps (add a phrase with `intents shortcuts add`):")
            lines += listing.suggestedByApps.map { "  \($0.app): \($0.action.summary)" }
        }
        return lines
    }

    /// `{"at": ..., "suggestions": [...], "suggestedByApps": [...]}`; scores to three decimals.
    public static func json(_ listing: SuggestionListing) -> JSONValue {
        .object([
            "at": .string(listing.at),
            "suggestions": .array(listing.suggestions.map { suggestion in
                var object: [String: JSONValue] = ["app": .string(suggestion.app), "score": .number((suggestion.score * 1000).rounded() / 1000),
                                                   "occurrences": .integer(suggestion.occurrences), "relevantNow": .bool(suggestion.isRelevantNow),
                                                   "shortcut": json(suggestion.action)]
                if let donation = suggestion.donation { object["donation"] = .string(donation) }
                return .object(object)
            }),
            "suggestedByApps": .array(listing.suggestedByApps.map { .object(["app": .string($0.app), "shortcut": json($0.action)]) }),
        ])
    }

    /// A score as `%.3f` writes it: three decimals, rounded half to even.
    static func threeDecimals(_ score: Double) -> String {
        let thousandths = Int((score * 1000).rounded(.toNearestOrEven))
        let fraction = String(abs(thousandths) % 1000)
        return "\(thousandths < 0 ? "-" : "")\(abs(thousandths) / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    // MARK: Shared

    /// What a shortcut runs: `{"kind": "intent", "intent": ..., "parameters": {...}}` or the user activity.
    public static func json(_ action: ListedAction) -> JSONValue {
        switch action.kind {
        case .intent(let payload):
            return .object(["kind": .string("intent"), "intent": .string(payload.name), "parameters": .object(payload.parameters.mapValues(\.jsonValue))])
        case .userActivity(let activity):
            var object: [String: JSONValue] = ["kind": .string("userActivity"), "activityType": .string(activity.activityType),
                                               "userInfo": .object(activity.userInfo.mapValues(\.jsonValue))]
            if let title = activity.title { object["title"] = .string(title) }
            return .object(object)
        }
    }

    private static func invalid(_ records: [ListedInvalidRecord]) -> JSONValue {
        .array(records.map { .object(["kind": .string($0.kind), "identifier": .string($0.identifier), "app": .string($0.app), "problem": .string($0.problem)]) })
    }
}
