/// What `intents vocabulary` shows: the user vocabulary apps set (`INVocabulary`), and each
/// installed app's `AppIntentVocabulary.plist`.
public struct VocabularyListing: Hashable, Sendable {
    /// The user vocabulary, as the store keeps it.
    public var user: [UserVocabulary]
    /// The apps that have an `AppIntentVocabulary.plist`, in the catalog's order.
    public var apps: [AppVocabulary]

    public init(user: [UserVocabulary], apps: [AppVocabulary]) {
        self.user = user
        self.apps = apps
    }
}

/// Strings an app set with `INVocabulary.setVocabularyStrings(_:of:)`.
public struct UserVocabulary: Hashable, Sendable {
    /// The app's bundle identifier.
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

/// An app's `AppIntentVocabulary.plist`.
public struct AppVocabulary: Hashable, Sendable {
    /// A value a parameter can take, with the phrases that say it.
    public struct Value: Hashable, Sendable {
        public var identifier: String
        public var phrases: [String]

        public init(identifier: String, phrases: [String]) {
            self.identifier = identifier
            self.phrases = phrases
        }
    }

    /// A parameter (`Intent.parameter`) and the values its words map to.
    public struct Parameter: Hashable, Sendable {
        public var name: String
        public var values: [Value]

        public init(name: String, values: [Value]) {
            self.name = name
            self.values = values
        }
    }

    /// An intent's example phrases.
    public struct Examples: Hashable, Sendable {
        public var intent: String
        public var examples: [String]

        public init(intent: String, examples: [String]) {
            self.intent = intent
            self.examples = examples
        }
    }

    /// The app's bundle identifier, and its display name.
    public var app: String
    public var name: String
    /// Sorted by name.
    public var parameters: [Parameter]
    /// In the file's order.
    public var intentPhrases: [Examples]

    public init(app: String, name: String, parameters: [Parameter], intentPhrases: [Examples]) {
        self.app = app
        self.name = name
        self.parameters = parameters
        self.intentPhrases = intentPhrases
    }
}
