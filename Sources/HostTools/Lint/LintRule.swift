/// One thing `intents lint` checks: a stable kebab-case identifier scripts can rely on, a
/// severity, and what it means in one line.
public struct LintRule: Hashable, Sendable {
    public let id: String
    public let severity: LintSeverity
    public let summary: String

    init(_ id: String, _ severity: LintSeverity, _ summary: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
    }

    public static let bundleFault = LintRule(
        "bundle-fault", .error, "A fault `intents validate` reports; the bundle, or the part at fault, is not used.")
    public static let intentClassMissing = LintRule(
        "intent-class-missing", .error, "An IntentsSupported entry that no class in the extension's libraries provides.")
    public static let messagingNotRestricted = LintRule(
        "messaging-not-restricted", .warning, "A messaging or calls intent missing from IntentsRestrictedWhileLocked: it runs while the device is locked.")
    public static let protectedDataNotLocked = LintRule(
        "protected-data-not-locked", .warning, "An intent in IntentsRestrictedWhileProtectedDataUnavailable that is not restricted while locked too.")
    public static let siriUsageDescriptionMissing = LintRule(
        "siri-usage-description-missing", .warning, "An app with SiriKit domain intents but no NSSiriUsageDescription: it can never ask for Siri authorization.")
    public static let phraseTooLong = LintRule(
        "phrase-too-long", .warning, "An App Shortcut phrase of more than \(Linter.maximumPhraseWords) spoken words (the app's name and a parameter count as one).")
    public static let phraseCollision = LintRule(
        "phrase-collision", .warning, "An App Shortcut phrase that, said with the app's names and known parameter values, another app's phrase matches too.")
    public static let vocabularyExampleUnmatched = LintRule(
        "vocabulary-example-unmatched", .warning, "An AppIntentVocabulary.plist example that `intents say` would not run as its own intent.")
    public static let alwaysRestrictedNotListed = LintRule(
        "always-restricted-not-listed", .info, "An intent always restricted while locked (payments, ride booking...) that IntentsRestrictedWhileLocked does not list.")

    /// Every rule, the most severe first.
    public static let all: [LintRule] = [
        .bundleFault, .intentClassMissing, .messagingNotRestricted, .protectedDataNotLocked, .siriUsageDescriptionMissing,
        .phraseTooLong, .phraseCollision, .vocabularyExampleUnmatched, .alwaysRestrictedNotListed,
    ]
}
