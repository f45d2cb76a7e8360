import LocalAPI

/// Why a host-API call failed: a stable `code` to branch on, and one sentence for a person.
public struct IntentsClientError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No server listens for the state folder and none could be started (or starting one was not allowed).
        public static let serverUnavailable = Code(rawValue: "serverUnavailable")
        /// The connection broke, or no reply came within the client's reply timeout.
        public static let connectionLost = Code(rawValue: "connectionLost")
        /// The server speaks another version of the local API, or sent what was not asked for.
        public static let protocolMismatch = Code(rawValue: "protocol")
        /// Bad arguments or parameter values.
        public static let usage = Code(rawValue: "usage")
        /// No installed extension supports the intent (or several do and none was named).
        public static let noExtension = Code(rawValue: "noExtension")
        /// The policy gate refused it; `rule` names the rule.
        public static let refusedByPolicy = Code(rawValue: "refusedByPolicy")
        /// A question needed an answer and none was given.
        public static let inputRequired = Code(rawValue: "inputRequired")
        public static let cancelled = Code(rawValue: "cancelled")
        /// The extension crashed, broke the protocol or could not answer.
        public static let extensionFailed = Code(rawValue: "extensionFailed")
        /// The extension did not answer a step in time.
        public static let requestTimedOut = Code(rawValue: "requestTimedOut")
        /// Every extension process the host allows is busy.
        public static let busy = Code(rawValue: "busy")
        /// The host's state folder holds something it cannot read.
        public static let badState = Code(rawValue: "badState")
    }

    public var code: Code
    public var message: String
    /// The policy rule that refused the request (`refusedByPolicy`), as `intents policy` names it.
    public var rule: String?
    /// For a conversation: the extension its intent routes to, when one does.
    public var extensionBundle: String?

    public init(_ code: Code, _ message: String, rule: String? = nil, extensionBundle: String? = nil) {
        self.code = code
        self.message = message
        self.rule = rule
        self.extensionBundle = extensionBundle
    }

    /// The server's failure, with its code as the server gave it.
    init(_ failure: HostFailure) {
        self.init(Code(rawValue: failure.code), failure.message, rule: failure.rule, extensionBundle: failure.extensionBundle)
    }

    /// The failure as the host API carries it.
    public var hostFailure: HostFailure {
        HostFailure(code: code.rawValue, message: message, rule: rule, extensionBundle: extensionBundle)
    }

    public var description: String { message }
}
