import Foundation
import HostBundles
import IntentsHost
import Logging
import ServiceLifecycle
import Synchronization

/// Live drop-in: watches the server's apps folders and swaps the catalog once a change has
/// settled (a bundle added, replaced or removed), at once for a removal, and at most
/// `AppsFolderWatcher.maximumSettle` after a change began, until graceful shutdown.
struct AppsWatchService: Service {
    let watcher: AppsFolderWatcher
    let logger: Logger

    /// Makes the watcher before the server's first scan, so that no change between the two is missed.
    init(folders: [String], mode: AppsFolderWatcher.Mode, target: ReloadTarget, logger: Logger) {
        self.logger = logger
        watcher = AppsFolderWatcher(folders: folders, mode: mode) { await target.host?.reload() }
    }

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            try await watcher.run()
        }
    }
}

/// The host a watcher reloads, set once the host exists.
final class ReloadTarget: Sendable {
    private let current = Mutex<ServedHost?>(nil)

    var host: ServedHost? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}
