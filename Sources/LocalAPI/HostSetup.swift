/// What `intents status` shows beyond `HostStatus`: the server's folders, what it found there
/// and its sandbox. Only the user's `intents` command is told it (it names the host's paths).
public struct HostSetup: Hashable, Sendable {
    /// `unlocked`, `locked` or `lockedBeforeFirstUnlock`.
    public var lockState: String
    /// Why the saved lock state could not be read, when it could not: the host then assumes
    /// locked (failing closed).
    public var lockStateProblem: String?
    public var stateFolder: String
    public var appsFolders: [String]
    /// The extension runner's path (`intents-extension`).
    public var runner: String
    /// How many apps, extensions, faults and conflicts the catalog holds.
    public var apps: Int
    public var extensions: Int
    public var faults: Int
    public var conflicts: Int
    /// What the runner's sandbox engages here.
    public var sandbox: SandboxSetup

    public init(lockState: String, lockStateProblem: String?, stateFolder: String, appsFolders: [String], runner: String,
                apps: Int, extensions: Int, faults: Int, conflicts: Int, sandbox: SandboxSetup) {
        self.lockState = lockState
        self.lockStateProblem = lockStateProblem
        self.stateFolder = stateFolder
        self.appsFolders = appsFolders
        self.runner = runner
        self.apps = apps
        self.extensions = extensions
        self.faults = faults
        self.conflicts = conflicts
        self.sandbox = sandbox
    }
}

/// What the runner's probe found: the sandbox's layers on this machine. When the probe could not
/// run, `problem` says why and the rest is empty.
public struct SandboxSetup: Hashable, Sendable {
    /// Why the runner could not be probed; nil when it was.
    public var problem: String?
    /// The layers that engaged, by name (`landlock`, `seccomp`...).
    public var layers: [String]
    /// The Landlock ABI used; 0 without Landlock.
    public var landlockABI: Int
    /// The required layers that did not engage: extensions will not run without
    /// `--unsafe-no-sandbox`.
    public var missingRequired: [String]
    /// What did not engage and why, one sentence each.
    public var problems: [String]
    /// What bounds an extension's threads here, as a phrase.
    public var threadCap: String

    /// Whether the probe ran.
    public var isAvailable: Bool { problem == nil }

    public init(problem: String? = nil, layers: [String] = [], landlockABI: Int = 0, missingRequired: [String] = [],
                problems: [String] = [], threadCap: String = "") {
        self.problem = problem
        self.layers = layers
        self.landlockABI = landlockABI
        self.missingRequired = missingRequired
        self.problems = problems
        self.threadCap = threadCap
    }
}

/// `authorize`: lists the apps' Siri authorizations (or their consents to agents), or records
/// the user's decision for one.
public struct AuthorizeRequest: Hashable, Sendable {
    /// The app, by name or bundle identifier; nil for every app (listing only).
    public var app: String?
    /// The decision to record for `app`; nil to list.
    public var status: SiriAuthorizationValue?
    /// The apps folders the client means (absolute paths); when the server serves other ones,
    /// the request is refused with a `usage` failure. Nil: the server's.
    public var appsFolders: [String]?
    /// Whether the request is about the user's consent to AI agents (`intents mcp`) running the
    /// apps' intents instead of Siri authorization: `authorized` grants it, `denied` refuses it.
    public var agents: Bool

    public init(app: String? = nil, status: SiriAuthorizationValue? = nil, appsFolders: [String]? = nil, agents: Bool = false) {
        self.app = app
        self.status = status
        self.appsFolders = appsFolders
        self.agents = agents
    }
}

/// An app's Siri authorization as the user sees it.
public struct AppAuthorization: Hashable, Sendable {
    /// The app's bundle identifier.
    public var app: String
    /// Its display name.
    public var name: String
    public var status: SiriAuthorizationValue
    /// Whether the app can ask (it declares `NSSiriUsageDescription`).
    public var canAsk: Bool
    /// The usage description of the app's request waiting for the user's decision, if one waits.
    public var pendingRequest: String?

    public init(app: String, name: String, status: SiriAuthorizationValue, canAsk: Bool, pendingRequest: String?) {
        self.app = app
        self.name = name
        self.status = status
        self.canAsk = canAsk
        self.pendingRequest = pendingRequest
    }
}

extension SiriAuthorizationValue {
    /// The status's name, as `INSiriAuthorizationStatus` spells its case (`notDetermined`...).
    public var name: String {
        switch self {
        case .notDetermined: "notDetermined"
        case .restricted: "restricted"
        case .denied: "denied"
        case .authorized: "authorized"
        }
    }
}
