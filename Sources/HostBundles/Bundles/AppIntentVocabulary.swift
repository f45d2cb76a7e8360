import Foundation
import SystemStore

/// An app's `AppIntentVocabulary.plist`: words for parameter values and example phrases per intent.
public struct AppIntentVocabulary: Codable, Hashable, Sendable {
    /// One value a parameter can take, with the phrases that say it.
    public struct Item: Codable, Hashable, Sendable {
        public var identifier: String
        public var phrases: [String]

        public init(identifier: String, phrases: [String]) {
            self.identifier = identifier
            self.phrases = phrases
        }
    }

    /// An intent's example phrases.
    public struct IntentPhrases: Codable, Hashable, Sendable {
        public var intent: String
        public var examples: [String]

        public init(intent: String, examples: [String]) {
            self.intent = intent
            self.examples = examples
        }
    }

    /// `Intent.parameter` to the values its words map to.
    public var parameterVocabularies: [String: [Item]] = [:]
    /// Each intent's example phrases, in the file's order.
    public var intentPhrases: [IntentPhrases] = []

    public static let fileName = "AppIntentVocabulary.plist"

    /// The most values all `ParameterVocabularies` together may give (each item counts once per
    /// parameter name it serves), and the most phrases: a binary plist can reference one item
    /// thousands of times in a few bytes, and the host must not multiply them without bound.
    public static let maximumValues = 10_000
    public static let maximumPhrases = 50_000

    public init() {}

    /// Reads and checks `<app>/AppIntentVocabulary.plist`; nil when the app has none.
    /// - Throws: `BundleFault` naming the file and the key: wrong shapes, empty phrases, a
    ///   parameter name that is not `Intent.parameter`, an example that does not name the app,
    ///   says "please" or addresses the assistant.
    static func read(appFolder: String, appNames: [String]) throws -> AppIntentVocabulary? {
        let path = appFolder + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let plist = try PropertyListFile(path: path)
        var vocabulary = AppIntentVocabulary()
        var values = 0, phraseCount = 0
        let names = AppNameWords(appNames)
        func tooLarge(_ key: [String], _ what: String) -> BundleFault {
            plist.fault(.invalidValue, key, "In \(path), \(key.joined(separator: " > ")) gives more than \(what); keep the vocabulary smaller.")
        }
        for (index, entry) in try plist.dictionaries(["ParameterVocabularies"]).enumerated() {
            let key = ["ParameterVocabularies", "[\(index)]"]
            let names = try plist.strings(key + ["ParameterNames"], in: entry) ?? []
            guard !names.isEmpty else {
                throw plist.fault(.missingKey, key + ["ParameterNames"], "In \(path), ParameterVocabularies entry \(index) needs a non-empty ParameterNames array.")
            }
            for name in names where name.split(separator: ".").count != 2 {
                throw plist.fault(.invalidValue, key + ["ParameterNames"], "In \(path), the parameter name \"\(name)\" must be Intent.parameter, like OrderPizzaIntent.kind.")
            }
            var items: [Item] = []
            for (itemIndex, item) in try plist.dictionaries(key + ["ParameterVocabulary"], in: entry, required: true).enumerated() {
                let itemKey = key + ["ParameterVocabulary", "[\(itemIndex)]"]
                let identifier = try plist.string(["VocabularyItemIdentifier"], in: item)
                var phrases: [String] = []
                for synonym in try plist.dictionaries(itemKey + ["VocabularyItemSynonyms"], in: item, required: true) {
                    let phrase = try plist.string(["VocabularyItemPhrase"], in: synonym)
                    guard !PhraseText.words(phrase).isEmpty else {
                        throw plist.fault(.invalidValue, itemKey + ["VocabularyItemPhrase"], "In \(path), the phrase \"\(phrase)\" of \(identifier) has no words.")
                    }
                    phrases.append(phrase)
                    phraseCount += names.count
                    guard phraseCount <= maximumPhrases else { throw tooLarge(["ParameterVocabularies"], "\(maximumPhrases) phrases") }
                }
                items.append(Item(identifier: identifier, phrases: phrases))
                values += names.count
                guard values <= maximumValues else { throw tooLarge(["ParameterVocabularies"], "\(maximumValues) values") }
            }
            for name in names { vocabulary.parameterVocabularies[name, default: []] += items }
        }
        for (index, entry) in try plist.dictionaries(["IntentPhrases"]).enumerated() {
            let key = ["IntentPhrases", "[\(index)]"]
            let intent = try plist.string(["IntentName"], in: entry)
            let examples = try plist.strings(key + ["IntentExamples"], in: entry) ?? []
            guard !examples.isEmpty else {
                throw plist.fault(.missingKey, key + ["IntentExamples"], "In \(path), the IntentPhrases entry for \(intent) needs a non-empty IntentExamples array.")
            }
            phraseCount += examples.count
            guard phraseCount <= maximumPhrases else { throw tooLarge(["IntentPhrases"], "\(maximumPhrases) phrases") }
            for example in examples {
                if let problem = problem(with: example, appNames: names) {
                    throw plist.fault(.invalidValue, key + ["IntentExamples"], "In \(path), the example \"\(example)\" for \(intent) \(problem).")
                }
            }
            vocabulary.intentPhrases.append(IntentPhrases(intent: intent, examples: examples))
        }
        return vocabulary
    }

    /// The app's names split into words once, looked up by their word count: checking an
    /// example costs its words x the distinct name lengths, not its words x every name.
    private struct AppNameWords {
        let names: [String]
        let words: Set<[String]>
        let lengths: [Int]

        init(_ names: [String]) {
            self.names = names
            words = Set(names.map(PhraseText.words).filter { !$0.isEmpty })
            lengths = Set(words.map(\.count)).sorted()
        }

        /// Whether some run of `example` is one of the names.
        func named(in example: [String]) -> Bool {
            example.indices.contains { start in
                lengths.contains { length in
                    start + length <= example.count && words.contains(Array(example[start..<(start + length)]))
                }
            }
        }
    }

    /// Apple's rules for examples: name the app, never address the assistant, no "please".
    private static func problem(with example: String, appNames: AppNameWords) -> String? {
        let words = PhraseText.words(example)
        if words.contains("please") { return "says \"please\"; examples are short commands" }
        if words.first == "siri" || words.starts(with: ["hey", "siri"]) { return "addresses the assistant; start with what the user wants" }
        return appNames.named(in: words) ? nil : "does not name the app (\(appNames.names.joined(separator: " or ")))"
    }
}
