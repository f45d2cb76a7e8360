import LocalAPI

/// How `intents say` reports what a phrase asked, before (or instead of) a conversation: lines
/// of text (not yet escaped for a terminal) or JSON. The embedded host and the client print the
/// same bytes from it; a conversation ends as `ConversationReport` says, with `matched` added.
public enum SayReport {
    /// Whether `utterance` surely has a word as `PhraseText.words` reads words: a letter or a
    /// number (general category L or N) of the Basic Multilingual Plane that Foundation's folding
    /// keeps and its Unicode data knows (up to Unicode 15.1; the standard library's is newer;
    /// Foundation's misses some ideographs beyond the plane, such as Tangut). Alphabetic is not
    /// enough: a circled letter (So) or a lone vowel sign (Mc, Mn) is alphabetic and no word, and
    /// the parser refuses such an utterance with its usage. False sends the command line to it.
    public static func hasWords(_ utterance: String) -> Bool {
        utterance.unicodeScalars.contains { scalar in
            // The halfwidth sound marks fold to combining marks, which start no word.
            guard scalar.value < 0x10000, scalar != "\u{FF9E}", scalar != "\u{FF9F}", let age = scalar.properties.age,
                  age.major < 15 || (age.major == 15 && age.minor <= 1) else { return false }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber: return true
            default: return false
            }
        }
    }

    /// "You can ask Meditation:" and its App Shortcuts' primary phrases, app by app.
    public static func lines(_ help: SpokenHelp) -> [String] {
        guard !help.shortcuts.isEmpty else { return [help.everyApp ? "No app has App Shortcuts." : "This app has no App Shortcuts."] }
        var lines: [String] = []
        var lastApp = ""
        for shortcut in help.shortcuts {
            if shortcut.app != lastApp {
                lines.append("You can ask \(shortcut.appName):")
                lastApp = shortcut.app
            }
            lines.append("  \"\(shortcut.phrase)\"" + (shortcut.description.map { "  \u{2014} \($0)" } ?? ""))
        }
        return lines
    }

    /// `{"status": "help", "shortcuts": [...]}`.
    public static func json(_ help: SpokenHelp) -> JSONValue {
        .object(["status": .string("help"), "shortcuts": .array(help.shortcuts.map { shortcut in
            var object: [String: JSONValue] = ["app": .string(shortcut.app), "intent": .string(shortcut.intent), "phrase": .string(shortcut.phrase)]
            if let title = shortcut.shortTitle { object["shortTitle"] = .string(title) }
            if let description = shortcut.description { object["description"] = .string(description) }
            return .object(object)
        })])
    }

    /// `{"status": "noMatch", "utterance": ..., "nearest": [...], "error": {...}}`.
    public static func json(_ miss: SpokenMiss, utterance: String) -> JSONValue {
        .object(["status": .string(miss.status), "utterance": .string(utterance), "nearest": .array(miss.nearest.map(JSONValue.string)),
                 "error": .object(["code": .string("usage"), "message": .string(miss.message)])])
    }

    /// `Matched "pizza time" (voice shortcut: ...).`
    public static func matchedLine(phrase: String, description: String) -> String {
        "Matched \"\(phrase)\" (\(description))."
    }

    /// The `matched` member of `say --json`: the phrase, its kind and the values its slots caught
    /// (the first of a name wins).
    public static func matchedJSON(phrase: String, kind: String, parameters: [TextParameter]) -> JSONValue {
        .object(["phrase": .string(phrase), "kind": .string(kind),
                 "parameters": .object(Dictionary(parameters.map { ($0.name, JSONValue.string($0.value)) }, uniquingKeysWith: { first, _ in first }))])
    }

    /// A continued user activity: how its app ended and what it printed.
    public static func continuationJSON(_ result: ActivityContinuationResult, matched: JSONValue) -> JSONValue {
        .object(["matched": matched, "status": .string(result.status == 0 ? "continued" : "failed"), "app": .string(result.app),
                 "exitStatus": .integer(Int(result.status)), "appOutput": .string(result.output)])
    }

    /// A user activity its app could not be started for (refused by the policy gate, or failed).
    public static func continuationJSON(_ failure: HostFailure, matched: JSONValue) -> JSONValue {
        var error: [String: JSONValue] = ["code": .string(failure.code), "message": .string(failure.message)]
        if let rule = failure.rule { error["rule"] = .string(rule) }
        return .object(["matched": matched, "status": .string(failure.code == "refusedByPolicy" ? "refused" : "error"),
                        "app": .string(failure.extensionBundle ?? ""), "error": .object(error)])
    }
}
