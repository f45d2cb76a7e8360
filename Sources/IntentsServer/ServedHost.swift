import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import HostTools
import IntentsHost
import Logging
import Synchronization
import SystemStore

/// The host `intents serve` runs: one dispatcher for every client (warm extensions, one
/// catalog kept current), and the phrase index, rebuilt only when what it is made of changed.
public final class ServedHost: Sendable {
    public let configuration: HostConfiguration
    public let dispatcher: IntentDispatcher
    public let logger: Logger
    /// Apps' Siri requests waiting for the user.
    public let authorizationRequests: AuthorizationRequests
    /// Bumped at each catalog swap and when App Intents are learned; watched by `watchCatalog` clients.
    let catalogChanges = CatalogChanges()
    /// Host-API connections between requests, closed when the server stops.
    let idleConnections = IdleConnections()
    /// Whether clients other than the user's `intents` command may set the lock state and
    /// authorizations (`intents serve --test-control`, for a test library's private server).
    let allowsTestControl: Bool
    private let phraseIndexCache = Mutex<(key: String, index: PhraseIndex, shortcuts: AppShortcutsSnapshot)?>(nil)
    /// Whether a background task is building a whole phrase index.
    private let phraseIndexBuild = Mutex(false)

    init(configuration: HostConfiguration, logger: Logger, allowsTestControl: Bool = false) {
        self.configuration = configuration
        self.allowsTestControl = allowsTestControl
        self.authorizationRequests = AuthorizationRequests(clock: configuration.deadlineClock)
        self.dispatcher = IntentDispatcher(configuration: configuration, logger: Logger(label: "intents.host"))
        self.logger = logger
    }

    /// The phrase index of the current catalog, voice shortcuts, vocabulary and App Shortcuts,
    /// rebuilt when one of them changed; App Shortcut parameters are refreshed first.
    ///
    /// With the `utterance` to match, while the index of every shortcut is not built for the
    /// current state: an index holding the one voice shortcut saying it (a lookup in the store's
    /// phrase column) gives the same match, and the whole index is built meanwhile, in the
    /// background, for the next phrase. Only a phrase matching nothing waits for the whole index
    /// (its nearest phrases are listed).
    public func phraseIndex(for utterance: String? = nil) async throws -> (PhraseIndex, AppShortcutsSnapshot) {
        let store = try dispatcher.openSystemStore()
        let generation = catalogChanges.generation
        let hasAppIntents = dispatcher.catalog.extensions.contains { !$0.appIntents.isEmpty }
        let shortcuts = hasAppIntents ? await dispatcher.appShortcuts() : AppShortcutsSnapshot()
        // The store's reads on its reading thread: another process's locks hold them up there.
        let key = "\(generation):\(try await store.reading { try $0.changeStamp() })"
        if let cached = phraseIndexCache.withLock({ $0 }), cached.key == key { return (cached.index, cached.shortcuts) }
        let apps = dispatcher.catalog.apps
        let vocabulary = try await store.reading { try $0.vocabulary() }
        if let utterance, let saying = try await store.reading({ try $0.voiceShortcuts(saying: utterance) }) {
            let narrow = PhraseCatalog.index(apps: apps, voiceShortcuts: saying,
                                             vocabulary: vocabulary, appShortcuts: shortcuts)
            if case .noMatch = narrow.match(utterance) {} else {
                buildWholeIndex(key: key, apps: apps, vocabulary: vocabulary, shortcuts: shortcuts)
                return (narrow, shortcuts)
            }
        }
        let all = try await store.reading { try $0.voiceShortcuts() }
        let index = PhraseCatalog.index(apps: apps, voiceShortcuts: all, vocabulary: vocabulary, appShortcuts: shortcuts)
        phraseIndexCache.withLock { $0 = (key, index, shortcuts) }
        return (index, shortcuts)
    }

    /// Builds the index of every shortcut for state `key` in a task of its own, unless one is
    /// building already (one at a time, whatever the state: writes to the store cannot pile
    /// builds up). It is kept only if the state is still `key` when it is done.
    private func buildWholeIndex(key: String, apps: [AppBundle], vocabulary: [VocabularyRecord], shortcuts: AppShortcutsSnapshot) {
        guard phraseIndexBuild.withLock({ building in
            guard !building else { return false }
            building = true
            return true
        }) else { return }
        Task.detached(priority: .utility) { [self] in
            defer { phraseIndexBuild.withLock { $0 = false } }
            guard let store = try? dispatcher.openSystemStore(), let all = try? await store.reading({ try $0.voiceShortcuts() }) else { return }
            let index = PhraseCatalog.index(apps: apps, voiceShortcuts: all, vocabulary: vocabulary, appShortcuts: shortcuts)
            guard let now = try? await store.reading({ try $0.changeStamp() }), "\(catalogChanges.generation):\(now)" == key else { return }
            phraseIndexCache.withLock { cached in
                if cached?.key != key { cached = (key, index, shortcuts) }
            }
        }
    }

    /// Scans the apps folders again and swaps the catalog: replaced or removed extensions end
    /// once their conversations have, and their next request starts the new library.
    func reload() async {
        // On the store's writing thread: the scan records the apps' executables in the store,
        // a write that may wait for another process's lock.
        let configuration = self.configuration
        let scanned = try? await dispatcher.openSystemStore().writing { configuration.scanInstalledApps(store: $0) }
        let catalog = scanned ?? configuration.scanInstalledApps(store: nil)
        let changed = dispatcher.replaceCatalog(catalog)
        catalogChanges.changed()
        HostMetrics.catalogReloaded()
        await dispatcher.supervisor.retire(changed.map(\.bundleIdentifier))
        for fault in catalog.faults { logger.warning("bundle fault: \(fault.description)") }
        logger.info("catalog reloaded", metadata: ["apps": "\(catalog.apps.count)", "extensions": "\(catalog.extensions.count)",
                                                   "faults": "\(catalog.faults.count)", "retired": "\(changed.count)"])
        await learnAppIntents()
    }

    /// Learns the App Intents of extensions installed or changed (described once in their
    /// sandbox, or read from the cache), so that their phrases and policies are known before
    /// their first request.
    func learnAppIntents() async {
        guard dispatcher.catalog.extensions.contains(where: { !$0.appIntents.isEmpty }) else { return }
        let snapshot = await dispatcher.appShortcuts()
        for problem in snapshot.problems { logger.warning("App Intents: \(problem)") }
        logger.info("App Intents known", metadata: ["shortcuts": "\(snapshot.shortcuts.count)"])
        catalogChanges.changed()
    }
}
