import ExtensionProtocol
import HostBundles
import HostPolicy
import SystemCalls
import SystemStore

/// A conversation as `intents send --record` and `intents say --record` write it, and as
/// `intents test` replays it: what was asked for, in which lock state, authorization and
/// invocation source, every prompt with its answer, and how it ended.
public struct Transcript: Hashable, Sendable {
    /// The format version this build writes and reads.
    public static let formatVersion = 1

    /// What the user asked for: an intent by name (`send`), or a phrase (`say`).
    public enum Invocation: Hashable, Sendable {
        /// `intents send INTENT [--app APP] --param NAME=VALUE...`, parameters in order.
        case send(intent: String, app: String?, parameters: [Parameter])
        /// `intents say PHRASE`, and what it matched (nil when it matched no intent).
        case say(phrase: String, matched: Match?)
    }

    /// One `--param NAME=VALUE`.
    public struct Parameter: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// An intent a replay must not call (`disallowedCalls`): of any app, or of `app` only.
    public struct DisallowedCall: Hashable, Sendable {
        public var intent: String
        public var app: String?

        public init(intent: String, app: String? = nil) {
            self.intent = intent
            self.app = app
        }

        /// Whether a phrase's match runs this call.
        public func forbids(_ match: Match) -> Bool {
            match.intent == intent && (app == nil || app == match.app)
        }
    }

    /// The intent a phrase matched, and the app (bundle identifier) it belongs to.
    public struct Match: Hashable, Sendable {
        public var intent: String
        public var app: String

        public init(intent: String, app: String) {
            self.intent = intent
            self.app = app
        }
    }

    /// How the conversation ended: the extension's answer, or the host's error.
    public enum Result: Hashable, Sendable {
        case response(Response)
        /// A refusal by policy (with its rule) or another error. The message is for the reader
        /// and is not compared: it may name paths, processes and signals.
        case error(HostError.Code, policyRule: PolicyRule?, message: String)
    }

    /// The extension's final answer.
    public struct Response: Hashable, Sendable {
        /// The extension that answered (bundle identifier).
        public var extensionBundle: String
        /// The response code's name (`success`, `failurePizzeriaClosed`...).
        public var code: String
        /// The step that gave it: `confirm` or `handle`, `perform` for an App Intent.
        public var step: String
        /// The response's output values (an App Intent's result value is its output `value`).
        public var outputs: [String: TranscriptValue]
        /// What an App Intent said, showed, or threw.
        public var dialog: String?
        public var snippet: String?
        public var failure: String?

        public init(extensionBundle: String, code: String, step: String, outputs: [String: TranscriptValue] = [:],
                    dialog: String? = nil, snippet: String? = nil, failure: String? = nil) {
            self.extensionBundle = extensionBundle
            self.code = code
            self.step = step
            self.outputs = outputs
            self.dialog = dialog
            self.snippet = snippet
            self.failure = failure
        }
    }

    public var invocation: Invocation
    public var lockState: LockState
    /// The Siri authorization of the app that handled (or would handle) the intent.
    public var authorization: SiriAuthorization
    public var source: InvocationSource
    /// `--yes`: the system's own confirmation before `handle` was agreed in advance.
    public var agreesToSystemConfirmation: Bool
    /// Every prompt in order, with its answer.
    public var conversation: [TranscriptPrompt]
    public var result: Result
    /// The exit status `intents send` or `intents say` gave.
    public var exitStatus: Int32
    /// Intents the phrase must not run (`say` only): a replay that matches one of them fails,
    /// naming it (catches a phrase that collides with another app's). Written by hand.
    public var disallowedCalls: [DisallowedCall] = []
    /// Whether the phrase must match nothing (`say` only): such a transcript has no prompts, no
    /// result and no exit status, and its replay fails when the phrase matches any phrase.
    /// Written by hand.
    public var expectsNoMatch = false

    public init(invocation: Invocation, lockState: LockState, authorization: SiriAuthorization, source: InvocationSource,
                agreesToSystemConfirmation: Bool, conversation: [TranscriptPrompt], result: Result, exitStatus: Int32) {
        self.invocation = invocation
        self.lockState = lockState
        self.authorization = authorization
        self.source = source
        self.agreesToSystemConfirmation = agreesToSystemConfirmation
        self.conversation = conversation
        self.result = result
        self.exitStatus = exitStatus
    }
}
