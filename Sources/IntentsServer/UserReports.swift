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

    /// What `intents apps` (and `validate`) show of `catalog`, with the App Intents metadata of
    /// `appIntents` when given (else the App Intents are listed by name, not described yet).
    public static func apps(_ catalog: BundleCatalog, appIntents: AppShortcutsSnapshot?) -> AppsListing {
        AppsListing(apps: catalog.apps.map { app in
            ListedApp(bundleIdentifier: app.bundleIdentifier, displayName: app.displayName, path: app.path, extensions: app.extensions.map { bundle in
                let metadata = bundle.appIntents.isEmpty ? nil : appIntents?.metadata[bundle.bundleIdentifier]
                let names = bundle.intentsSupported + (metadata?.intents.map(\.name) ?? [])
                return ListedExtension(
                    bundleIdentifier: bundle.bundleIdentifier, displayName: bundle.displayName, path: bundle.path,
                    principalClass: bundle.principalClass, library: bundle.libraryPath, intentsSupported: bundle.intentsSupported,
                    restrictedWhileLocked: bundle.restrictedWhileLocked,
                    restrictedWhileProtectedDataUnavailable: bundle.restrictedWhileProtectedDataUnavailable,
                    alwaysRestricted: bundle.intentsSupported.filter(LockPolicy.alwaysRestricted.contains),
                    shared: names.filter { catalog.routes[$0] == nil }, appIntentNames: bundle.appIntents.names,
                    appIntents: metadata?.intents,
                    appShortcuts: metadata?.shortcuts.map { ListedAppShortcut(intent: AppIntentsDeclaration.shortName($0.intent), phrases: $0.phrases) } ?? [],
                    installedShortcuts: metadata == nil ? [] : (appIntents?.shortcuts ?? []).filter { $0.bundle.bundleIdentifier == bundle.bundleIdentifier }.map {
                        InstalledShortcut(position: $0.position, primaryPhrase: $0.primaryPhrase, intent: $0.intent.name, phraseCount: $0.shortcut.phrases.count)
                    })
            })
        }, faults: catalog.faults.map { ListedFault(code: $0.code.rawValue, path: $0.path, key: $0.key, message: $0.message) },
        conflicts: catalog.conflicts.map { ListedConflict(intent: $0.intent, extensions: $0.extensions, paths: $0.paths, message: $0.description) },
        notes: (appIntents?.problems ?? []).filter { problem in !catalog.faults.contains { $0.message == problem } })
    }

    /// Says, once each, which records the store's listings skipped because they do not decode.
    public static func skippedWarnings(in store: SystemStore) -> [String] {
        store.skippedRecords.map { "warning: skipped \($0.kind) \($0.identifier) of \($0.app) in \(store.path): \($0.problem)." }
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
