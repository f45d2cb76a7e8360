import ExtensionProtocol
import Foundation
import IntentsHost
import Logging
import Synchronization
import SystemStore

/// The host `intents serve` runs: one dispatcher for every client (warm extensions, one
/// catalog kept current), and the phrase index, rebuilt only when what it is made of changed.
final class ServedHost: Sendable {
    let configuration: HostConfiguration
    let dispatcher: IntentDispatcher
    let logger: Logger
    /// Apps' Siri requests waiting for the user.
    let authorizationRequests = AuthorizationRequests()
    /// Bumped at each catalog swap.
    private let catalogGeneration = Atomic<Int>(0)
    private let phraseIndexCache = Mutex<(key: String, index: PhraseIndex)?>(nil)

    init(configuration: HostConfiguration, logger: Logger) {
        self.configuration = configuration
        self.dispatcher = IntentDispatcher(configuration: configuration, logger: Logger(label: "intents.host"))
        self.logger = logger
    }

    /// The phrase index of the current catalog, voice shortcuts and vocabulary.
    func phraseIndex() throws -> PhraseIndex {
        let store = try dispatcher.openSystemStore()
        let key = "\(catalogGeneration.load(ordering: .acquiring)):\(try store.changeStamp())"
        if let cached = phraseIndexCache.withLock({ $0 }), cached.key == key { return cached.index }
        let index = PhraseCatalog.index(apps: dispatcher.catalog.apps, voiceShortcuts: try store.voiceShortcuts(),
                                        vocabulary: try store.vocabulary())
        phraseIndexCache.withLock { $0 = (key, index) }
        return index
    }

    /// Scans the apps folders again and swaps the catalog: replaced or removed extensions end
    /// once their conversations have, and their next request starts the new library.
    func reload() async {
        let catalog = BundleScanner.scan(appsFolders: configuration.appsFolders)
        let changed = dispatcher.replaceCatalog(catalog)
        catalogGeneration.add(1, ordering: .releasing)
        HostMetrics.catalogReloaded()
        await dispatcher.supervisor.retire(changed.map(\.bundleIdentifier))
        for fault in catalog.faults { logger.warning("bundle fault: \(fault.description)") }
        logger.info("catalog reloaded", metadata: ["apps": "\(catalog.apps.count)", "extensions": "\(catalog.extensions.count)",
                                                   "faults": "\(catalog.faults.count)", "retired": "\(changed.count)"])
    }
}
