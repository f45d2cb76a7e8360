/// One thing `intents lint` found: one sentence naming the file, the key and the value.
public struct LintFinding: Hashable, Sendable {
    public var rule: LintRule
    /// The file at fault: a plist, or the library an App Shortcut phrase comes from.
    public var path: String
    /// The plist key at fault (`NSExtension > NSExtensionAttributes > IntentsRestrictedWhileLocked`),
    /// or for a phrase in a library, the declaration it comes from (`Kit.Shortcuts.appShortcuts`).
    public var key: String?
    public var message: String

    public init(_ rule: LintRule, path: String, key: String? = nil, _ message: String) {
        self.rule = rule
        self.path = path
        self.key = key
        self.message = message
    }

    public var severity: LintSeverity { rule.severity }

    /// Report order: by path, then the most severe first, then by rule and message.
    public static func reportOrder(_ lhs: LintFinding, _ rhs: LintFinding) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
        if lhs.rule.id != rhs.rule.id { return lhs.rule.id < rhs.rule.id }
        return lhs.message < rhs.message
    }
}
