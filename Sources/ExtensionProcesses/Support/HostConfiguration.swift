import Deadlines
import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy
import SystemCalls
import SystemStore

/// Where the host finds apps, keeps its state and finds its runner, and how long it waits.
public struct HostConfiguration: Sendable {
    public var appsFolders: [String]
    public var stateFolder: String
    /// The `intents-extension` executable.
    public var runnerPath: String
    /// The deadline of each resolve, confirm and handle step (10 s by default, as Siri's).
    public var stepTimeout: Duration
    /// The deadline for an extension process to start and say it is ready.
    public var startTimeout: Duration
    /// Each extension's resource limits; a plist may ask for less.
    public var sandboxLimits: SandboxPolicy.Limits
    /// Runs extensions with no confinement at all. Only for debugging; said loudly.
    public var unsafeNoSandbox: Bool
    /// How long an extension process stays warm after its last conversation.
    public var idleTimeout: Duration = .seconds(30)
    /// How many extension processes may live at once.
    public var maximumLiveExtensions = 8
    /// Keeps a spare runner confined and waiting, so that a first request skips the spawn.
    /// Worth it for a long-running host; a one-shot command gains nothing from it.
    public var keepSpareRunner = false
    /// Refuses SiriKit domain intents of apps the user has not authorized (see
    /// `AuthorizationPolicy`). Tests of extension logic turn it off.
    public var requiresSiriAuthorization = true
    /// The lock state every request is judged in, instead of the stored one: replayed
    /// transcripts and tests choose it without changing the device's.
    public var lockStateOverride: LockState?
    /// Every app's Siri authorization, and its consent to agents, instead of the stored ones
    /// (replays and tests).
    public var authorizationOverride: SiriAuthorization?
    /// What the extensions' step and start deadlines are kept in: real time, or a test's manual
    /// clock (`DeadlineClock.manual()`), which the test moves past a deadline once a step waits.
    public var deadlineClock: DeadlineClock = .realTime
    /// The vCard file or folder of the user's contacts, instead of the one `intents contacts use`
    /// stored in the system store (`INTENTS_CONTACTS`); nil for the stored one.
    public var contactsPath: String?

    public init(appsFolders: [String], stateFolder: String, runnerPath: String,
                stepTimeout: Duration = .seconds(10), startTimeout: Duration = .seconds(10),
                sandboxLimits: SandboxPolicy.Limits = .standard, unsafeNoSandbox: Bool = false) {
        self.appsFolders = appsFolders
        self.stateFolder = stateFolder
        self.runnerPath = runnerPath
        self.stepTimeout = stepTimeout
        self.startTimeout = startTimeout
        self.sandboxLimits = sandboxLimits
        self.unsafeNoSandbox = unsafeNoSandbox
    }

    /// The base policy of spare runners, with the container parents created; nil when spares
    /// are off or the host runs unsafe.
    public func spareBasePolicy(for catalog: BundleCatalog) throws -> SandboxPolicy? {
        guard keepSpareRunner, !unsafeNoSandbox else { return nil }
        let layout = try ContainerLayout(resolving: stateFolder)
        try layout.prepareParents()
        return SandboxPolicy.spareBase(for: catalog, layout: layout, limits: sandboxLimits, taskCgroup: TaskCgroup.parent)
    }

    /// The sandbox policy of `bundle`, found in `catalog`, under this configuration, with the
    /// extension's container and its app groups' containers created.
    /// - Throws: `HostError` (`.badState`) naming a container that cannot be made.
    public func preparedSandboxPolicy(for bundle: ExtensionBundle, in catalog: BundleCatalog) throws -> SandboxPolicy {
        let layout = try ContainerLayout(resolving: stateFolder)
        let app = catalog.app(containing: bundle)
        _ = try layout.prepareContainer(for: bundle.bundleIdentifier)
        for group in app?.entitlements.applicationGroups ?? [] { _ = try layout.prepareAppGroupContainer(group) }
        return SandboxPolicy.forExtension(bundle, app: app, layout: layout, limits: sandboxLimits, confine: !unsafeNoSandbox,
                                          taskCgroup: unsafeNoSandbox ? nil : TaskCgroup.parent)
    }

    /// The state folder: `INTENTS_STATE`, else `$XDG_STATE_HOME/intents`, else `~/.local/state/intents`.
    public static func defaultStateFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        StateFolder.path(environment: environment)
    }

    /// The folder holding the running executable (and, in a build, the runner and the sample
    /// libraries), by `/proc/self/exe`; where that cannot be read, the folder of the program's
    /// first argument. When the path is not UTF-8 (`ThisExecutable.isInFolderNotUTF8`), a folder
    /// that cannot exist: decoded, the path would name another folder, a look-alike, and nothing
    /// is looked for there. The host and the command refuse to run so before they get here.
    public static var executableFolder: String {
        if let folder = ThisExecutable.folder() { return folder }
        if ThisExecutable.isInFolderNotUTF8 { return "/proc/self/fdinfo/this-program-s-path-is-not-utf-8" }
        return (CommandLine.arguments[0] as NSString).deletingLastPathComponent
    }

    /// The runner: `INTENTS_RUNNER`, else `intents-extension` beside the running executable.
    public static func defaultRunnerPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["INTENTS_RUNNER"], !explicit.isEmpty { return explicit }
        return executableFolder + "/intents-extension"
    }
}
