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

    init(configuration: HostConfiguration, logger: Logger, allowsTestControl: Bool = false) {
        self.configuration = configuration
        self.allowsTestControl = allowsTestControl
        self.authorizationRequests = AuthorizationRequests(clock: configuration.deadlineClock)
        self.dispatcher = IntentDispatcher(configuration: configuration, logger: Logger(label: "intents.host"))
        self.logger = logger
    }

    /// The phrase index of the current catalog, voice shortcuts, vocabulary and App Shortcuts,
    /// rebuilt when one of them changed; App Shortcut parameters are refreshed first.
    public func phraseIndex() async throws -> (PhraseIndex, AppShortcutsSnapshot) {
        let store = try dispatcher.openSystemStore()
        let generation = catalogChanges.generation
        let hasAppIntents = dispatcher.catalog.extensions.contains { !$0.appIntents.isEmpty }
        let shortcuts = hasAppIntents ? await dispatcher.appShortcuts() : AppShortcutsSnapshot()
        let key = "\(generation):\(try store.changeStamp())"
        if let cached = phraseIndexCache.withLock({ $0 }), cached.key == key { return (cached.index, cached.shortcuts) }
        let index = PhraseCatalog.index(apps: dispatcher.catalog.apps, voiceShortcuts: try store.voiceShortcuts(),
                                        vocabulary: try store.vocabulary(), appShortcuts: shortcuts)
        phraseIndexCache.withLock { $0 = (key, index, shortcuts) }
        return (index, shortcuts)
    }

    /// Scans the apps folders again and swaps the catalog: replaced or removed extensions end
    /// once their conversations have, and their next request starts the new library.
    func reload() async {
        let catalog = configuration.scanInstalledApps(store: try? dispatcher.openSystemStore())
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
