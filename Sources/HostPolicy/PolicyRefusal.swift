import HostBundles

/// Why the host refuses a request, before any extension code runs: the rule and one sentence.
public struct PolicyRefusal: Hashable, Sendable, CustomStringConvertible {
    public var rule: PolicyRule
    public var message: String

    public init(_ rule: PolicyRule, _ message: String) {
        self.rule = rule
        self.message = message
    }

    public var description: String { message }

    /// The error a request refused this way ends with.
    public var error: HostError { HostError(.refusedByPolicy, message, policyRule: rule) }
}
