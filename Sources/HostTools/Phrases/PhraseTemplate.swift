import SystemCalls
import SystemStore

/// One phrase `intents say` can match: its words, with slots where a parameter value or the
/// app's name goes, and what it runs.
public struct PhraseTemplate: Sendable {
    public enum Token: Hashable, Sendable {
        case word(String)
        /// A parameter value: any known value of `parameter` (words to value in `values`).
        case parameter(String)
        /// One of the app's names.
        case appName
    }

    /// What a matched phrase runs.
    public enum Target: Hashable, Sendable {
        /// A phrase the user attached to a shortcut.
        case voiceShortcut(VoiceShortcutRecord)
        /// An example from an app's `IntentPhrases`, run with the values its slots caught.
        case intentPhrase(app: String, intent: String, example: String)
        /// An App Shortcut phrase of an app's extension: runs its App Intent with the value its
        /// parameter slot caught (an entity's identifier or an enum's raw value).
        case appShortcut(app: String, extension: String, intent: String, phrase: String)
    }

    public var tokens: [Token]
    public var target: Target
    /// The phrase as written, shown when listing the nearest phrases.
    public var text: String

    /// The literal words, which must all appear in an utterance for it to match.
    var literals: [String] {
        tokens.compactMap { if case .word(let word) = $0 { word } else { nil } }
    }

    /// The app (bundle identifier) the phrase belongs to.
    public var app: String {
        switch target {
        case .voiceShortcut(let shortcut): shortcut.app
        case .intentPhrase(let app, _, _): app
        case .appShortcut(let app, _, _, _): app
        }
    }
}

/// Known values of parameters and names of apps, as word sequences.
struct SlotValues: Sendable {
    /// `Intent.parameter` to (normalized words joined by spaces, to the value to send).
    var parameters: [String: [String: String]] = [:]
    /// App bundle identifier to its spoken names, normalized.
    var appNames: [String: Set<String>] = [:]
    /// The longest value or name, in words: slots never take more.
    var longest = 1

    mutating func add(value: String, saying phrase: String, for parameter: String) {
        let words = PhraseText.words(phrase)
        guard !words.isEmpty else { return }
        longest = max(longest, words.count)
        let spoken = words.joined(separator: " ")
        // The first value to claim these words keeps them.
        if parameters[parameter]?[spoken] == nil { parameters[parameter, default: [:]][spoken] = value }
    }

    mutating func add(appName: String, for app: String) {
        let words = PhraseText.words(appName)
        guard !words.isEmpty else { return }
        longest = max(longest, words.count)
        appNames[app, default: []].insert(words.joined(separator: " "))
    }
}
