import ExtensionProtocol

/// What the server answers a `HostRequest` with.
public enum HostReply: Hashable, Sendable {
    case catalog(CatalogSnapshot)
    case policyMatrix(PolicyTable)
    /// The conversation needs an answer: reply with an `answer` request.
    case question(Question)
    /// Something the host tells the user during a conversation (why an answer was not usable).
    case notice(Question)
    /// How a conversation ended.
    case conversation(ConversationResult)
    case entities([IntentValue])
    case enumCases([AppEnumCase])
    case phraseMatches([PhraseMatch])
    case status(HostStatus)
    /// Apps' Siri authorizations, in the catalog's order.
    case authorizations([AppAuthorization])
    /// What `intents status` shows.
    case setup(HostSetup)
    /// What `intents vocabulary` shows.
    case vocabulary(VocabularyListing)
    /// What `intents apps` shows.
    case apps(AppsListing)
    /// What a `say` phrase asked: the first reply to `say`.
    case spoken(SpokenOutcome)
    /// How a user activity a `say` phrase matched was continued by its app.
    case continuation(ActivityContinuationResult)
    /// Donations (`RecordsRequest.donations`).
    case donations(DonationListing)
    /// How many donations were deleted.
    case deleted(Int)
    /// Voice shortcuts and App Shortcuts (`RecordsRequest.voiceShortcuts`).
    case voiceShortcuts(VoiceShortcutListing)
    /// The voice shortcut just added.
    case voiceShortcut(ListedVoiceShortcut)
    /// Suggestions ranked for a moment.
    case suggestions(SuggestionListing)
    /// The request was carried out and has nothing to say.
    case done
    /// The request failed: nothing of it was carried out beyond what the message says.
    case failure(HostFailure)
}

/// Why a request failed: a stable code, and one sentence for a person.
public struct HostFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The host error's code (`usage`, `noExtension`, `refusedByPolicy`, `inputRequired`,
    /// `extensionFailed`, `requestTimedOut`, `busy`, `badState`, `cancelled`), or `protocol`
    /// for a message the server could not read or did not expect.
    public var code: String
    public var message: String
    /// The policy rule that refused it (`refusedByPolicy` only), as the matrix names it.
    public var rule: String?
    /// For a conversation: the extension its intent routes to, when one does (a failure may
    /// come before any extension ran, for example a refusal by the policy gate).
    public var extensionBundle: String?

    public init(code: String, message: String, rule: String? = nil, extensionBundle: String? = nil) {
        self.code = code
        self.message = message
        self.rule = rule
        self.extensionBundle = extensionBundle
    }

    public var description: String { message }
}

/// A question of a conversation.
public struct Question: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Free text for a parameter.
        case value
        /// One of `choices` (answer with its index).
        case choice
        /// Yes or no.
        case confirmation
        /// A notice: no answer is expected.
        case notice
    }

    public var kind: Kind
    /// The parameter the question is about, if any.
    public var parameter: String?
    /// What Siri would say: the extension's dialog, or the host's sentence.
    public var text: String
    /// What the user picks from, as each is shown (`choice` only).
    public var choices: [String]
    /// Whether it asks which app should handle the intent (several support it). The `intents`
    /// command answers it only from its terminal, never from `--answer`, so that a newly
    /// installed app cannot take answers scripted for another.
    public var choosesApp: Bool

    public init(kind: Kind, parameter: String? = nil, text: String, choices: [String] = [], choosesApp: Bool = false) {
        self.kind = kind
        self.parameter = parameter
        self.text = text
        self.choices = choices
        self.choosesApp = choosesApp
    }
}

/// How a conversation ended.
public struct ConversationResult: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable {
        /// The extension's response is a success (or ready, in progress, continue in app).
        case success
        /// The extension's response is a failure code, or `perform()` threw.
        case failure
        /// The user answered no to a confirmation; the intent was not handled.
        case declined
    }

    /// The extension that ran it.
    public var extensionBundle: String
    /// The intent as resolved: its parameters' final values.
    public var intent: IntentPayload
    /// The intent's parameters, in the extension's order, with titles.
    public var schema: IntentSchema
    public var status: Status
    /// The step that gave the final answer: `confirm`, `handle`, or `perform` (App Intents).
    public var step: String
    /// The SiriKit response (code, output, user activity); for an App Intent, its success or failure code.
    public var response: ResponsePayload
    /// What an App Intent's `perform()` returned or threw.
    public var appIntentResult: AppIntentResultPayload?
    /// Everything asked and said, with the answers, in order.
    public var transcript: [AnsweredQuestion]

    public init(extensionBundle: String, intent: IntentPayload, schema: IntentSchema, status: Status, step: String,
                response: ResponsePayload, appIntentResult: AppIntentResultPayload?, transcript: [AnsweredQuestion]) {
        self.extensionBundle = extensionBundle
        self.intent = intent
        self.schema = schema
        self.status = status
        self.step = step
        self.response = response
        self.appIntentResult = appIntentResult
        self.transcript = transcript
    }
}

/// A question and the answer it got, as text (nil for a notice).
public struct AnsweredQuestion: Hashable, Sendable {
    public var question: Question
    public var answer: String?

    public init(question: Question, answer: String?) {
        self.question = question
        self.answer = answer
    }
}

/// What a phrase matched: the intent it would run, how, and with which values.
public struct PhraseMatch: Hashable, Sendable {
    /// The app that owns the phrase (a bundle identifier).
    public var app: String
    /// The intent (SiriKit class or App Intent name) or user activity type it runs.
    public var intent: String
    /// `voiceShortcut`, `appShortcut` or `intentPhrase` (an example from the app's `IntentPhrases`).
    public var kind: String
    /// The phrase as written.
    public var phrase: String
    /// How many literal words matched: of several matches, the strongest wins.
    public var strength: Int
    /// The values the phrase's slots caught.
    public var parameters: [TextParameter]

    public init(app: String, intent: String, kind: String, phrase: String, strength: Int, parameters: [TextParameter]) {
        self.app = app
        self.intent = intent
        self.kind = kind
        self.phrase = phrase
        self.strength = strength
        self.parameters = parameters
    }
}

/// The host's simulated device and the Siri requests waiting for the user.
public struct HostStatus: Hashable, Sendable {
    /// `unlocked`, `locked` or `lockedBeforeFirstUnlock`.
    public var lockState: String
    /// Apps (bundle identifiers) whose Siri request waits for the user's decision, oldest first.
    public var pendingAuthorizations: [String]
    /// Whether this server lets its clients set the lock state and authorizations (a test
    /// host's private server, started with `--test-control`).
    public var testControl: Bool

    public init(lockState: String, pendingAuthorizations: [String], testControl: Bool) {
        self.lockState = lockState
        self.pendingAuthorizations = pendingAuthorizations
        self.testControl = testControl
    }
}
