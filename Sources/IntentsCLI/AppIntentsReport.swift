import HostBundles
import IntentsHost

/// The App Intents part of `intents apps`, `validate` and `lint`: each extension's metadata (from the
/// cache, or described once in its sandbox) and the App Shortcut rules.
enum AppIntentsReport {
    /// The App Shortcuts snapshot of `catalog`, or nil when no extension in it has App Intents.
    static func snapshot(of catalog: BundleCatalog, global: GlobalOptions) async -> AppShortcutsSnapshot? {
        guard catalog.extensions.contains(where: { !$0.appIntents.isEmpty }),
              let configuration = try? global.hostConfiguration() else { return nil }
        let dispatcher = IntentDispatcher(configuration: configuration, catalog: catalog)
        let snapshot = await dispatcher.appShortcuts()
        await HostSession.finish(dispatcher)
        return snapshot
    }

    /// The installed apps' App Shortcuts, which a validated phrase must not repeat.
    static func installed(global: GlobalOptions) async -> AppShortcutsSnapshot {
        guard let catalog = try? global.catalog() else { return AppShortcutsSnapshot() }
        return await snapshot(of: catalog, global: global) ?? AppShortcutsSnapshot()
    }
}
