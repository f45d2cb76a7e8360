/// `say`: runs what a phrase asks, as `intents say` does: a voice shortcut, an App Shortcut or
/// an app's example phrase. Only the user's `intents` command may ask; the server judges the
/// run from the source the phrase is (a voice shortcut, an App Shortcut), never from the request.
public struct SayRequest: Hashable, Sendable {
    /// What the user says.
    public var phrase: String
    /// Answer yes to the system's own confirmation before `handle`.
    public var agreesToSystemConfirmation: Bool
    /// Whether the client can answer questions (as `RunRequest.interactive`).
    public var interactive: Bool
    /// The apps folders the client means (as `RunRequest.appsFolders`).
    public var appsFolders: [String]?
    /// Each step's deadline (as `RunRequest.stepTimeout`).
    public var stepTimeout: Duration?

    public init(phrase: String, agreesToSystemConfirmation: Bool = false, interactive: Bool = true, appsFolders: [String]? = nil,
                stepTimeout: Duration? = nil) {
        self.phrase = phrase
        self.agreesToSystemConfirmation = agreesToSystemConfirmation
        self.interactive = interactive
        self.appsFolders = appsFolders
        self.stepTimeout = stepTimeout
    }
}

/// What a phrase asked, the first reply to `say`. A `matched` phrase is then run: an intent as a
/// `run` is (questions, notices, then `conversation` or `failure`), a user activity by its app
/// (`continuation`, or `failure`). Nothing follows the other kinds.
public struct SpokenOutcome: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// "What can I do with APP?": the App Shortcuts it has.
        case help(SpokenHelp)
        /// Why the phrase runs nothing: it matches no phrase, or several equally well.
        case unmatched(SpokenMiss)
        /// It runs nothing, for this reason (a help phrase naming an app several apps answer to).
        case failed(HostFailure)
        case matched(SpokenMatch)
    }

    /// Lines for standard error, before anything else: extensions whose App Intents could not be
    /// had, store records skipped.
    public var warnings: [String]
    public var kind: Kind

    public init(warnings: [String], kind: Kind) {
        self.warnings = warnings
        self.kind = kind
    }
}

/// The App Shortcuts a help phrase asks about, by their primary phrases.
public struct SpokenHelp: Hashable, Sendable {
    public struct Shortcut: Hashable, Sendable {
        /// The app's bundle identifier and display name.
        public var app: String
        public var appName: String
        public var intent: String
        /// The primary phrase, with the app's name.
        public var phrase: String
        public var shortTitle: String?
        /// The intent's `description`, when it has one.
        public var description: String?

        public init(app: String, appName: String, intent: String, phrase: String, shortTitle: String?, description: String? = nil) {
            self.app = app
            self.appName = appName
            self.intent = intent
            self.phrase = phrase
            self.shortTitle = shortTitle
            self.description = description
        }
    }

    /// Whether it asked about every app ("What can I do here?").
    public var everyApp: Bool
    public var shortcuts: [Shortcut]

    public init(everyApp: Bool, shortcuts: [Shortcut]) {
        self.everyApp = everyApp
        self.shortcuts = shortcuts
    }
}

/// Why a phrase runs nothing.
public struct SpokenMiss: Hashable, Sendable {
    /// `noMatch` or `ambiguous`.
    public var status: String
    public var message: String
    /// The phrases nearest to it, or the ones it matches equally well.
    public var nearest: [String]

    public init(status: String, message: String, nearest: [String]) {
        self.status = status
        self.message = message
        self.nearest = nearest
    }
}

/// The phrase a `say` matched, and what it runs.
public struct SpokenMatch: Hashable, Sendable {
    /// The phrase as written, and `voiceShortcut`, `appShortcut` or `intentPhrase`.
    public var phrase: String
    public var kind: String
    /// What it runs, for a person (`App Shortcut: StartMeditationIntent of com.example.Meditation`).
    public var description: String
    /// The values its slots caught, in order.
    public var parameters: [TextParameter]
    /// The intent it runs, and the app (bundle identifier) whose extension runs it; nil when it
    /// continues a user activity in its app.
    public var intent: String?
    public var app: String?
    /// When several apps support the intent: each, with its folder (the phrase's app runs it).
    public var claimants: [String]

    public init(phrase: String, kind: String, description: String, parameters: [TextParameter], intent: String?, app: String?,
                claimants: [String]) {
        self.phrase = phrase
        self.kind = kind
        self.description = description
        self.parameters = parameters
        self.intent = intent
        self.app = app
        self.claimants = claimants
    }
}

/// A user activity continued by its app: how the app ended and what it printed.
public struct ActivityContinuationResult: Hashable, Sendable {
    /// The app's bundle identifier.
    public var app: String
    /// The app process's exit status.
    public var status: Int32
    /// What it wrote (standard output and error): the last `maximumOutputBytes` at most.
    public var output: String

    /// The most output a reply carries, in UTF-8 bytes: a reply must fit the local API's 1 MiB frame.
    public static let maximumOutputBytes = 960 << 10

    public init(app: String, status: Int32, output: String) {
        self.app = app
        self.status = status
        self.output = output
    }
}
