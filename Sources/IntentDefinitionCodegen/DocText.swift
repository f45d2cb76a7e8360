/// The words of generated doc comments that say how the host treats a declaration: response
/// codes by their category, parameters by the order it resolves them. System intents and custom
/// intents share them, as the host drives both the same way (`ConversationDriver` in
/// IntentsHost); the exit statuses are those of `intents send` and `intents say`.
enum DocText {
    /// `outgoingMessageText` -> `outgoing message text`, `GIF` -> `gif`, for prompts and prose.
    static func words(_ name: String) -> String {
        var text = ""
        var previous: Character?
        for character in name {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { text += " " }
            text += character.lowercased()
            previous = character
        }
        return text
    }

    /// `a` or `an` before `word`: `an INTask`, `an OrderPizzaKindResolutionResult`, `a task list`.
    static func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeio".contains(first) || word.hasPrefix("IN") ? "an" : "a"
    }

    /// `1st`, `2nd`, `3rd`, `4th`... for "the 2nd of the 4 parameters".
    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    /// `a`, `b` and `c`, each in code voice.
    static func codeList(_ names: [String], conjunction: String = "and") -> String {
        let quoted = names.map { "`\($0)`" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted[quoted.count - 1]
    }

    /// The category the SDK gives a code named `name` (`ResponseCategory`'s case name): the
    /// rule of `responseCategory(ofCodeNamed:)` in the Intents module, which decides at run time.
    static func category(ofCodeNamed name: String) -> String {
        switch name {
        case "unspecified", "ready", "inProgress", "userConfirmationRequired": return name
        case "continueInApp", "handleInApp": return "continueInApp"
        case _ where name.hasPrefix("success"): return "success"
        case _ where name.hasPrefix("failureRequiringAppLaunch"): return "failureRequiringAppLaunch"
        default: return "failure"
        }
    }

    /// Whether the host counts a code of `category` as a failure (exit status 4 when it ends
    /// the conversation).
    static func isFailure(category: String) -> Bool {
        ["failure", "failureRequiringAppLaunch", "unspecified"].contains(category)
    }

    /// How the host treats a code of `category`, answered by `confirm` or by `handle`.
    static func treatment(ofCategory category: String) -> String {
        switch category {
        case "unspecified":
            return "The host counts it as a failure (category `unspecified`): answered by `confirm`, it ends the conversation without `handle`; either way `intents send` exits 4."
        case "ready", "inProgress", "success":
            return "Category `\(category)`: answered by `confirm`, the conversation goes on to `handle`; as `handle`'s answer it ends the conversation, and `intents send` exits 0."
        case "continueInApp":
            return "Category `continueInApp`: the host reports the response's user activity for the app to go on with; answered by `confirm`, it ends the conversation without `handle`. `intents send` exits 0."
        case "userConfirmationRequired":
            return "Category `userConfirmationRequired`: answered by `confirm`, the host asks the user whether to go ahead and calls `handle` only after a yes (after a no, `intents send` exits 6); as `handle`'s answer, `intents send` exits 0."
        case "failureRequiringAppLaunch":
            return "Category `failureRequiringAppLaunch`: the conversation ends there (answered by `confirm`, without `handle`), the host reports the response's user activity for the app, and `intents send` exits 4."
        default:
            return "Category `failure`: the conversation ends there (answered by `confirm`, without `handle`), and `intents send` exits 4."
        }
    }

    /// The paragraph after a code enum's summary: how the host reads its codes.
    static func codeEnumDiscussion(success custom: Bool) -> String {
        "The host treats each code by its category, which follows its name\(custom ? " (or, for a custom code, whether the definition marks it a success)" : ""): "
            + "from `confirm`, `ready`, `inProgress` and success codes go on to `handle`, `userConfirmationRequired` asks the user first, "
            + "and any other code ends the conversation. As the final answer, a failure code or `unspecified` makes `intents send` exit 4, any other code 0."
    }
}
