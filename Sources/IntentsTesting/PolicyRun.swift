import HostBundles
import IntentsHost

/// What running a `PolicyCase` did, and how it contradicts the case's verdict, if it does.
public struct PolicyRun: Sendable {
    /// The case that was run, with the verdict it was checked against.
    public var policyCase: PolicyCase
    /// The conversation's result, when it ran to the end.
    public var result: SendResult?
    /// The refusal, when policy refused the request.
    public var refusal: HostError?
    /// How many requests reached the extension.
    public var extensionRequestCount: Int
    /// What the run contradicts in `intents policy`'s verdict; nil when it agrees.
    public var mismatch: PolicyMismatch?
}

/// A run of a `PolicyCase` that did not do what `intents policy` says for its cell.
public struct PolicyMismatch: Hashable, Sendable, CustomStringConvertible {
    /// The case whose verdict the run contradicted.
    public var policyCase: PolicyCase
    /// What happened instead, in a clause: `the extension ran (3 requests) and answered success`.
    public var observed: String

    /// The issue's text: the intent, the context, what `intents policy` says and what happened
    /// instead, as one sentence.
    public var description: String {
        "\(policyCase.intent) in \(policyCase.context.inWords): intents policy says \(policyCase.verdict), but \(observed)\(observed.hasSuffix(".") ? "" : ".")"
    }
}
