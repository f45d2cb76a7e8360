import ExtensionProtocol

/// The installed apps as the host's last scan found them, with what each extension runs.
public struct CatalogSnapshot: Hashable, Sendable {
    public var apps: [CatalogApp]
    /// Bundles the host refused, one sentence each (naming the file, key and value).
    public var faults: [String]
    /// Increases with each rescan of the apps folders that changed something: a client can tell
    /// two snapshots apart.
    public var generation: Int

    public init(apps: [CatalogApp], faults: [String], generation: Int) {
        self.apps = apps
        self.faults = faults
        self.generation = generation
    }
}

public struct CatalogApp: Hashable, Sendable {
    public var bundleIdentifier: String
    public var displayName: String
    public var extensions: [CatalogExtension]

    public init(bundleIdentifier: String, displayName: String, extensions: [CatalogExtension]) {
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.extensions = extensions
    }
}

public struct CatalogExtension: Hashable, Sendable {
    public var bundleIdentifier: String
    /// The SiriKit intents of `IntentsSupported`.
    public var siriKitIntents: [CatalogSiriKitIntent]
    /// The App Intents as their metadata describes them; empty until the host learned it
    /// (`appIntentsKnown` false), which it does once, in the extension's sandbox.
    public var appIntents: [AppIntentSchema]
    public var appIntentsKnown: Bool
    /// The entity and enum types of its App Intents.
    public var entities: [AppEntitySchema]
    public var enums: [AppEnumSchema]

    public init(bundleIdentifier: String, siriKitIntents: [CatalogSiriKitIntent], appIntents: [AppIntentSchema], appIntentsKnown: Bool,
                entities: [AppEntitySchema], enums: [AppEnumSchema]) {
        self.bundleIdentifier = bundleIdentifier
        self.siriKitIntents = siriKitIntents
        self.appIntents = appIntents
        self.appIntentsKnown = appIntentsKnown
        self.entities = entities
        self.enums = enums
    }
}

/// A SiriKit intent an extension supports, and its lock policy.
public struct CatalogSiriKitIntent: Hashable, Sendable {
    public var name: String
    /// Refused while the device is locked (`IntentsRestrictedWhileLocked`, or a system intent
    /// that always is).
    public var restrictedWhileLocked: Bool
    /// Whether other apps support it too (a run must then name its app).
    public var isShared: Bool
    /// The system intent's parameters, when it is one of SiriKit's; empty for a custom intent,
    /// whose extension describes it when it runs.
    public var parameters: [CatalogParameter]

    public init(name: String, restrictedWhileLocked: Bool, isShared: Bool, parameters: [CatalogParameter]) {
        self.name = name
        self.restrictedWhileLocked = restrictedWhileLocked
        self.isShared = isShared
        self.parameters = parameters
    }
}

/// A SiriKit system intent's parameter, as Apple's SDK declares it.
public struct CatalogParameter: Hashable, Sendable {
    public var name: String
    /// The Swift type of a value (`INPerson`, `String`, `INDateComponentsRange`).
    public var type: String
    public var isList: Bool
    public var isRequired: Bool

    public init(name: String, type: String, isList: Bool, isRequired: Bool) {
        self.name = name
        self.type = type
        self.isList = isList
        self.isRequired = isRequired
    }
}

/// The policy matrix: for each installed intent (and user activity), its verdict in each
/// lock state, authorization and invocation source.
public struct PolicyTable: Hashable, Sendable {
    public struct Column: Hashable, Sendable {
        /// `unlocked`, `locked` or `lockedBeforeFirstUnlock`.
        public var lockState: String
        public var authorized: Bool
        /// `direct`, `voiceShortcut`, `appShortcut` or `activityContinuation`.
        public var source: String

        public init(lockState: String, authorized: Bool, source: String) {
            self.lockState = lockState
            self.authorized = authorized
            self.source = source
        }
    }

    public struct Cell: Hashable, Sendable {
        /// `allowed`, `refused` or `not-applicable`.
        public var verdict: String
        /// The refusing rule, as `intents policy` names it.
        public var rule: String?
        public var reason: String?

        public init(verdict: String, rule: String?, reason: String?) {
            self.verdict = verdict
            self.rule = rule
            self.reason = reason
        }
    }

    public struct Row: Hashable, Sendable {
        /// The app's bundle identifier, and its display name.
        public var app: String?
        public var appName: String?
        public var extensionBundle: String?
        /// The intent's name, or the user activity's type.
        public var name: String
        /// `sirikit`, `app-intent` or `user-activity`.
        public var kind: String
        /// One per column, in the order of `columns`.
        public var cells: [Cell]

        public init(app: String?, appName: String? = nil, extensionBundle: String?, name: String, kind: String, cells: [Cell]) {
            self.app = app
            self.appName = appName
            self.extensionBundle = extensionBundle
            self.name = name
            self.kind = kind
            self.cells = cells
        }
    }

    /// A rule that refuses requests: its name (as cells name it) and what it means.
    public struct Rule: Hashable, Sendable {
        public var name: String
        public var meaning: String

        public init(name: String, meaning: String) {
            self.name = name
            self.meaning = meaning
        }
    }

    public var columns: [Column]
    public var rows: [Row]
    /// Why some extensions' App Intents are not known yet, one sentence each.
    public var problems: [String]
    /// Every rule the host has, in its order, whether or not a cell names it.
    public var rules: [Rule]
    /// The device's lock state now; when it cannot be read, `lockedBeforeFirstUnlock`, with
    /// `lockStateProblem` saying why.
    public var currentLockState: String
    public var lockStateProblem: String?

    public init(columns: [Column], rows: [Row], problems: [String], rules: [Rule] = [], currentLockState: String = "unlocked",
                lockStateProblem: String? = nil) {
        self.columns = columns
        self.rows = rows
        self.problems = problems
        self.rules = rules
        self.currentLockState = currentLockState
        self.lockStateProblem = lockStateProblem
    }
}

/// Which rows of the policy matrix to show, for which apps folders.
public struct PolicyMatrixRequest: Hashable, Sendable {
    /// Apps (by name or bundle identifier), extensions, intents or activity types: the rows
    /// any of them names. Empty: every row. A name that names nothing is a `usage` failure.
    public var names: [String]
    /// The apps folders the client means (absolute paths); when the server serves other ones,
    /// the request is refused with a `usage` failure. Nil: the server's.
    public var appsFolders: [String]?

    public init(names: [String] = [], appsFolders: [String]? = nil) {
        self.names = names
        self.appsFolders = appsFolders
    }
}
