import ExtensionProtocol
import HostBundles
import SystemCalls
import SystemStore

/// What the host does with each installed intent, and each app's user activities, in each
/// `PolicyContext`, computed by `IntentPolicy`, the code the policy gate runs for every
/// request, and without running any extension (App Intents are judged from their cached metadata).
public struct PolicyMatrix: Sendable {
    /// One intent of one extension, or one user activity type of an app, and its verdict in
    /// every column of `PolicyContext.all`.
    public struct Row: Sendable {
        public enum Kind: String, Sendable {
            case siriKit = "sirikit"
            case appIntent = "app-intent"
            /// A user activity type the app continues (`NSUserActivityTypes`).
            case userActivity = "user-activity"
        }

        public var app: AppBundle?
        /// The extension that runs the intent; nil for a user activity, which its app continues.
        public var bundle: ExtensionBundle?
        /// The intent's name, or the user activity's type.
        public var intent: String
        public var kind: Kind
        /// In the order of `PolicyContext.all`.
        public var cells: [Cell]

        /// The cell of `context`.
        public func cell(_ context: PolicyContext) -> Cell? { cells.first { $0.context == context } }
    }

    public struct Cell: Sendable {
        public enum Verdict: String, Sendable {
            case allowed, refused
            /// The source cannot invoke this intent (an App Shortcut runs App Intents only).
            case notApplicable = "not-applicable"
        }

        public var context: PolicyContext
        public var verdict: Verdict
        /// The rule that refuses it (`refused` only).
        public var rule: PolicyRule?
        /// The refusal's sentence, or why the source cannot invoke the intent.
        public var reason: String?
    }

    public var rows: [Row]
    /// Why some extensions' App Intents are shown as not known: one sentence each.
    public var problems: [String] = []

    /// The matrix of every intent of `catalog`'s extensions and every user activity type of its
    /// apps, apps in catalog order, each app's activities after its extensions' intents.
    /// - Parameters:
    ///   - appIntents: an extension's known App Intents metadata, or nil when not known yet.
    ///   - checksAuthorization: whether the host checks Siri authorization (as `HostConfiguration`).
    public static func of(_ catalog: BundleCatalog, appIntents: (ExtensionBundle) throws -> AppIntentsMetadata?,
                          checksAuthorization: Bool = true) rethrows -> PolicyMatrix {
        var rows: [Row] = []
        for app in catalog.apps {
            // As `intents say` holds them: the usable phrases of the app's first ten App Shortcuts.
            var position = 0
            for bundle in app.extensions {
                let metadata = bundle.appIntents.isEmpty ? nil : try appIntents(bundle)
                let shortcuts = metadata.map { AppShortcutsSnapshot.shortcuts(of: $0, bundle: bundle, app: app, position: &position) } ?? []
                let runnable = Set(shortcuts.filter { !$0.usedPhrases.isEmpty }.map(\.intent.name))
                rows += Self.rows(of: bundle, app: app, metadata: metadata, shortcutIntents: runnable, checksAuthorization: checksAuthorization)
            }
            for type in app.userActivityTypes {
                rows.append(row(.userActivity(type, of: app), kind: .userActivity, app: app, checksAuthorization: checksAuthorization,
                                shortcutIntents: nil))
            }
        }
        return PolicyMatrix(rows: rows)
    }

    /// The rows of one extension: its SiriKit intents, then its App Intents.
    /// - Parameters:
    ///   - metadata: its App Intents metadata, nil when not known yet (or when it has none).
    ///   - shortcutIntents: the App Intents an App Shortcut phrase of its can run.
    private static func rows(of bundle: ExtensionBundle, app: AppBundle, metadata: AppIntentsMetadata?, shortcutIntents: Set<String>,
                             checksAuthorization: Bool) -> [Row] {
        var rows: [Row] = []
        let appIntentNames = bundle.appIntents.names
        let appIntentSet = Set(appIntentNames)
        for intent in bundle.intentsSupported where !appIntentSet.contains(intent) {
            rows.append(row(.siriKitIntent(intent, of: bundle), kind: .siriKit, app: app, checksAuthorization: checksAuthorization,
                            shortcutIntents: []))
        }
        for name in appIntentNames {
            rows.append(row(.appIntent(name, schema: metadata?.intent(named: name), of: bundle), kind: .appIntent, app: app,
                            checksAuthorization: checksAuthorization, shortcutIntents: metadata == nil ? nil : shortcutIntents))
        }
        return rows
    }

    /// - Parameter shortcutIntents: the App Intents the extension's App Shortcuts run; nil when not known yet.
    private static func row(_ subject: PolicySubject, kind: Row.Kind, app: AppBundle?,
                            checksAuthorization: Bool, shortcutIntents: Set<String>?) -> Row {
        let cells = PolicyContext.all.map { context -> Cell in
            // An agent's column is judged with the user's consent to agents, which every host checks.
            let checked = checksAuthorization || context.source == .agent
            let status: SiriAuthorization? = checked ? (context.authorized ? .authorized : .notDetermined) : nil
            switch IntentPolicy.decision(on: subject, app: app, from: context.source, lock: LockReading(state: context.lockState),
                                         authorization: { status }, shortcutIntents: shortcutIntents) {
            case .allowed: return Cell(context: context, verdict: .allowed)
            case .refused(let refusal): return Cell(context: context, verdict: .refused, rule: refusal.rule, reason: refusal.message)
            case .notApplicable(let why): return Cell(context: context, verdict: .notApplicable, reason: why)
            }
        }
        return Row(app: app, bundle: subject.extensionBundle, intent: subject.name, kind: kind, cells: cells)
    }
}
