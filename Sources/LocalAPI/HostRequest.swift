import ExtensionProtocol

/// A typed request of the host API (local API version 2). A connection carries one request at
/// a time: the server answers each with `HostReply` values (a conversation with several, the
/// last a `conversation`; a catalog watch with one `catalog` per change until the client hangs
/// up), then reads the next request on the same connection.
public enum HostRequest: Hashable, Sendable {
    /// The installed apps, their extensions and intents: answered by `catalog`.
    case catalog
    /// The catalog now and after each change of the apps folders: `catalog` replies until the
    /// client hangs up. The connection carries nothing else.
    case watchCatalog
    /// What the host does with each installed intent in each lock state, authorization and
    /// source (the rows the request names): answered by `policyMatrix`.
    case policyMatrix(PolicyMatrixRequest)
    /// Runs a conversation: `question` replies (each answered by an `answer` request),
    /// `notice` replies, then `conversation`; or `failure`.
    case run(RunRequest)
    /// The answer to the last `question` of a conversation under way.
    case answer(Answer)
    /// Asks an App Intents extension's entity query: answered by `entities`.
    case entities(EntitiesRequest)
    /// The cases of an App Enum, from the metadata the host knows (no extension runs):
    /// answered by `enumCases`.
    case enumCases(app: String?, enumeration: String)
    /// Matches a phrase against the voice shortcuts, vocabulary and App Shortcuts: answered by
    /// `phraseMatches`. Nothing runs.
    case matchPhrase(String)
    /// The lock state, and the apps waiting for a Siri decision: answered by `status`.
    case status
    /// Locks or unlocks the host's simulated device: answered by `status`. Only the user's
    /// `intents` command, or a client of a server started with `--test-control`, may ask.
    case setLockState(LockStateValue)
    /// Lists the apps' Siri authorizations, or records the user's decision for one: answered
    /// by `authorizations` (the one app's after a decision). Same peers as `setLockState`.
    case authorize(AuthorizeRequest)
    /// The server's folders, catalog counts and sandbox, for `intents status`: answered by
    /// `setup`. Only the user's `intents` command may ask (it names the host's paths); when the
    /// folders given are not the server's, a `usage` failure.
    case setup(appsFolders: [String]?)
    /// The user vocabulary apps set and the apps' `AppIntentVocabulary.plist`: answered by
    /// `vocabulary`. Same peers as `setLockState` (what apps set is the user's).
    case vocabulary(appsFolders: [String]?)
    /// What `intents apps` shows, with the paths: answered by `apps`. Only the user's `intents`
    /// command may ask. Extensions whose App Intents are not known yet are asked for them once,
    /// in their sandbox, through the policy gate.
    case apps(appsFolders: [String]?)
    /// Runs what a phrase asks: answered by `spoken`, then, for a matched phrase, as `run` is
    /// (an intent) or by `continuation` (a user activity continued by its app); or `failure`.
    case say(SayRequest)
    /// The user's commands on donations, voice shortcuts and suggestions; only the user's
    /// `intents` command may ask (or a client of a `--test-control` server).
    case records(RecordsCommand)
}

/// Which intent to run and with what.
public struct RunRequest: Hashable, Sendable {
    /// The SiriKit intent's class name (`INSendMessageIntent`) or the App Intent's name.
    public var intent: String
    /// The app whose extension must run it (bundle identifier or name); needed only when
    /// several apps support the intent, else a `question` asks which.
    public var app: String?
    /// Parameters as the user would type them (`recipients` = `Bobo`), parsed by the intent's schema.
    public var text: [TextParameter]
    /// Parameters as typed values, taken as they are.
    public var values: [String: IntentValue]
    /// Answer yes to the system's own confirmation before `handle` ("Ready to send it?").
    public var agreesToSystemConfirmation: Bool
    /// Whether the client can answer questions; when false, a question ends the conversation
    /// with an `inputRequired` failure that quotes it.
    public var interactive: Bool
    /// The apps folders the client means (absolute paths); when the server serves other ones,
    /// the run is refused with a `usage` failure. Nil: the server's, whatever they are.
    public var appsFolders: [String]?
    /// Each step's deadline (`allowedStepTimeouts`); nil: the server's own (`intents serve --timeout`).
    public var stepTimeout: Duration?
    /// The invocation source the policy judges the run as; nil: `direct`, as every typed run is.
    /// Only a client of a server started with `--test-control` may name another (a test of the
    /// lock policy for App Shortcuts, voice shortcuts or agents): any other is refused by policy.
    /// The MCP bridge's runs are judged as `agent` whatever they name.
    public var source: RunSource?

    /// The longest text a parameter or an answer may hold, in UTF-8 bytes: far above anything a
    /// person says, far below what would make a reply too large to send.
    public static let maximumTextBytes = 64 << 10
    /// The step deadlines a run may ask for: a millisecond to a day, as `--timeout` takes them.
    public static let allowedStepTimeouts: ClosedRange<Duration> = .milliseconds(1) ... .seconds(86_400)

    public init(intent: String, app: String? = nil, text: [TextParameter] = [], values: [String: IntentValue] = [:],
                agreesToSystemConfirmation: Bool = false, interactive: Bool = true, appsFolders: [String]? = nil,
                stepTimeout: Duration? = nil, source: RunSource? = nil) {
        self.intent = intent
        self.app = app
        self.text = text
        self.values = values
        self.agreesToSystemConfirmation = agreesToSystemConfirmation
        self.interactive = interactive
        self.appsFolders = appsFolders
        self.stepTimeout = stepTimeout
        self.source = source
    }
}

/// How a run is invoked, as the policy judges it: the sources that run a conversation.
public enum RunSource: String, Hashable, Sendable, CaseIterable {
    /// Asked for directly (`intents send`, a typed run).
    case direct
    /// A phrase the user attached to a donated intent.
    case voiceShortcut
    /// An App Shortcut's phrase.
    case appShortcut
    /// An AI agent, through the MCP bridge: the server judges every run of the bridge
    /// (`intents-mcp`) so; another client names it only on a `--test-control` server.
    case agent
}

/// A parameter given as text.
public struct TextParameter: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An answer to a `Question`.
public enum Answer: Hashable, Sendable {
    /// Text, for a `value` question (parsed by the parameter's type, as typed on a terminal).
    case value(String)
    /// The index of a choice (from 0) for a `choice` question.
    case choice(Int)
    /// Yes or no, for a `confirmation` question.
    case confirmation(Bool)
    /// No answer: the conversation ends with an `inputRequired` failure.
    case none
    /// The user's input ended (end of file on a terminal) before an answer: the conversation
    /// ends with an `inputRequired` failure that says so.
    case inputEnded
}

/// An entity query of an App Intents extension, run in its sandbox through the policy gate.
public struct EntitiesRequest: Hashable, Sendable {
    /// The app (bundle identifier or name) whose extension declares the entity; nil when only one does.
    public var app: String?
    /// The entity's type name, as its metadata names it.
    public var entity: String
    public var query: EntityQueryRequest

    public init(app: String? = nil, entity: String, query: EntityQueryRequest) {
        self.app = app
        self.entity = entity
        self.query = query
    }
}

/// The simulated device's lock state, as the policy judges requests in it.
public enum LockStateValue: String, Hashable, Sendable, CaseIterable {
    case unlocked
    case locked
    /// Locked and not unlocked since boot: `IntentsRestrictedWhileProtectedDataUnavailable` applies too.
    case lockedBeforeFirstUnlock
}

/// An app's Siri authorization status, numbered as `INSiriAuthorizationStatus`.
public enum SiriAuthorizationValue: Int, Hashable, Sendable, CaseIterable {
    case notDetermined = 0, restricted = 1, denied = 2, authorized = 3
}
