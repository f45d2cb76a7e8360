/// How much a lint finding matters, from least to most.
public enum LintSeverity: String, CaseIterable, Comparable, Sendable {
    /// Worth knowing; nothing is wrong.
    case info
    /// Most likely a mistake: the bundle works, but not as its author meant.
    case warning
    /// The bundle, or part of it, is not used (a fault `intents validate` reports).
    case error

    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
