#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ExtensionProcesses
import ExtensionProtocol
import HostBundles
import HostPolicy
import IntentsHost
import LocalAPI
import SystemCalls
import SystemStore

/// What `intents status` and `intents authorize` show, as host-API values: the server answers
/// with them, and the embedded host builds the same ones, so that both print the same bytes.
public enum UserReports {
    /// The host's folders, what was found there and what the sandbox engages here. Runs the
    /// runner's probe (`intents-extension --probe`), a short-lived process.
    public static func setup(configuration: HostConfiguration, catalog: BundleCatalog, lock: LockReading) -> HostSetup {
        let sandbox: SandboxSetup
        do {
            let report = try SandboxProbe.run(runnerPath: configuration.runnerPath, stateFolder: configuration.stateFolder)
            sandbox = SandboxSetup(layers: report.engagedLayers, landlockABI: report.landlockABI, missingRequired: report.missingRequiredLayers,
                                   problems: report.problems, threadCap: threadCap(report))
        } catch {
            sandbox = SandboxSetup(problem: (error as? HostError)?.message ?? "\(error)")
        }
        return HostSetup(lockState: lock.state.rawValue, lockStateProblem: lock.problem, stateFolder: configuration.stateFolder,
                         appsFolders: configuration.appsFolders, runner: configuration.runnerPath, apps: catalog.apps.count,
                         extensions: catalog.extensions.count, faults: catalog.faults.count, conflicts: catalog.conflicts.count,
                         sandbox: sandbox)
    }

    /// What bounds an extension's threads on this machine, as a phrase.
    static func threadCap(_ report: ConfinementReport) -> String {
        if report.threadsCgroup { return "a pids cgroup (binds root too)" }
        return geteuid() == 0
            ? "the address-space limit only (no writable pids cgroup; RLIMIT_NPROC does not bind root)"
            : "RLIMIT_NPROC (this user's processes)"
    }

    /// The user vocabulary and the apps' `AppIntentVocabulary.plist` (the apps that have one,
    /// in `apps`' order, their parameters sorted by name).
    public static func vocabulary(user: [VocabularyRecord], apps: [AppBundle]) -> VocabularyListing {
        VocabularyListing(user: user.map { UserVocabulary(app: $0.app, type: $0.type, strings: $0.strings) },
                          apps: apps.compactMap { app in
                              guard let vocabulary = app.vocabulary else { return nil }
                              return AppVocabulary(app: app.bundleIdentifier, name: app.displayName,
                                                   parameters: vocabulary.parameterVocabularies.sorted { $0.key < $1.key }.map { name, items in
                                                       AppVocabulary.Parameter(name: name, values: items.map { AppVocabulary.Value(identifier: $0.identifier, phrases: $0.phrases) })
                                                   },
                                                   intentPhrases: vocabulary.intentPhrases.map { AppVocabulary.Examples(intent: $0.intent, examples: $0.examples) })
                          })
    }

    /// Each app's Siri authorization, in `apps`' order: its stored decision (not determined
    /// when there is none), whether it can ask, and its request waiting for the user.
    public static func authorizations(of apps: [AppBundle], decisions: [String: SiriAuthorization],
                                      pending: [AuthorizationRequests.Pending]) -> [AppAuthorization] {
        let waiting = Dictionary(pending.map { ($0.app, $0.usageDescription) }, uniquingKeysWith: { first, _ in first })
        return apps.map { app in
            let status = SiriAuthorizationValue(rawValue: (decisions[app.bundleIdentifier] ?? .notDetermined).rawValue) ?? .notDetermined
            return AppAuthorization(app: app.bundleIdentifier, name: app.displayName, status: status,
                                    canAsk: app.siriUsageDescription != nil, pendingRequest: waiting[app.bundleIdentifier])
        }
    }
}
