import HostBundles
import HostPolicy
import IntentsHost

/// One cell of `intents policy`'s matrix for one intent: a lock state, an authorization and an
/// invocation source, with the verdict the host's policy gives there. Made by
/// `IntentsTestHost.policyCases(for:includingAgents:)` for `@Test(arguments:)`, run by `IntentsTestHost.check(_:conversation:)`.
public struct PolicyCase: Hashable, Sendable, CustomStringConvertible {
    /// What the host does with the request, before any extension code runs.
    public enum Verdict: Hashable, Sendable, CustomStringConvertible {
        /// The request reaches the extension.
        case allowed
        /// The host refuses the request by this rule (restricted while locked, not authorized...)
        /// before the extension runs.
        case refused(PolicyRule)

        /// `allowed`, or `refused (rule)` with the rule's name, as in `intents policy`'s matrix.
        public var description: String {
            switch self {
            case .allowed: "allowed"
            case .refused(let rule): "refused (\(rule.rawValue))"
            }
        }
    }

    /// The intent's name, as in `IntentsSupported` (`INStartCallIntent`).
    public var intent: String
    /// The cell's column: lock state, authorization and invocation source.
    public var context: PolicyContext
    /// What the host's policy does there, computed when the case was made.
    public var verdict: Verdict

    /// A case written by hand, to check a host against a verdict of your own rather than the
    /// policy's.
    public init(intent: String, context: PolicyContext, verdict: Verdict) {
        self.intent = intent
        self.context = context
        self.verdict = verdict
    }

    /// The case of `cell`, or nil when its source cannot invoke the intent.
    init?(intent: String, cell: PolicyMatrix.Cell) {
        switch (cell.verdict, cell.rule) {
        case (.allowed, _): self.init(intent: intent, context: cell.context, verdict: .allowed)
        case (.refused, let rule?): self.init(intent: intent, context: cell.context, verdict: .refused(rule))
        case (.refused, nil), (.notApplicable, _): return nil
        }
    }

    /// How Swift Testing names the case: `INStartCallIntent, locked, authorized, direct: refused (restricted-while-locked)`.
    public var description: String {
        "\(intent), \(context.inWords): \(verdict)"
    }
}

extension PolicyContext {
    /// `locked, not authorized, voice shortcut`.
    var inWords: String {
        "\(lockState.rawValue), \(authorized ? "authorized" : "not authorized"), \(source.label)"
    }
}
