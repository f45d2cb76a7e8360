import HostBundles
import HostPolicy
import IntentsHost

/// Prints what discovery or validation found, as text or JSON.
enum CatalogReport {
    static func print(_ catalog: BundleCatalog, json: Bool, appIntents: AppShortcutsSnapshot? = nil) {
        if json {
            JSONOutput.print(["apps": catalog.apps.map { JSONOutput.plain($0, appIntents: appIntents) },
                              "faults": catalog.faults.map(JSONOutput.plain),
                              "conflicts": catalog.conflicts.map(JSONOutput.plain)])
            return
        }
        if catalog.apps.isEmpty { printLine("No app bundles found.") }
        for app in catalog.apps {
            printLine("\(app.displayName) (\(app.bundleIdentifier))  \(app.path)")
            if app.extensions.isEmpty { printLine("  no Intents extensions") }
            for bundle in app.extensions {
                printLine("  \(bundle.bundleIdentifier)  \(bundle.principalClass)")
                for intent in bundle.intentsSupported {
                    var notes: [String] = []
                    if bundle.restrictedWhileLocked.contains(intent) || LockPolicy.alwaysRestricted.contains(intent) {
                        notes.append("restricted while locked")
                    }
                    if bundle.restrictedWhileProtectedDataUnavailable.contains(intent) {
                        notes.append("restricted before first unlock")
                    }
                    let routed = catalog.routes[intent] != nil ? "" : " (other apps support it too: send asks which, or takes --app)"
                    printLine("    \(intent)\(notes.isEmpty ? "" : " [\(notes.joined(separator: ", "))]")\(routed)")
                }
                printAppIntents(of: bundle, catalog: catalog, appIntents: appIntents)
            }
        }
        for problem in appIntents?.problems ?? [] where !catalog.faults.contains(where: { $0.message == problem }) {
            printLine("note: \(problem)")
        }
        if !catalog.faults.isEmpty {
            printLine("Problems:")
            catalog.faults.forEach { printLine("  error: \($0.message)") }
        }
        if !catalog.conflicts.isEmpty {
            printLine("Notes:")
            catalog.conflicts.forEach { printLine("  \($0.description)") }
        }
    }

    /// Each App Intent with its lock policy, then the App Shortcuts by primary phrase.
    private static func printAppIntents(of bundle: ExtensionBundle, catalog: BundleCatalog, appIntents: AppShortcutsSnapshot?) {
        guard !bundle.appIntents.isEmpty else { return }
        guard let metadata = appIntents?.metadata[bundle.bundleIdentifier] else {
            for name in bundle.appIntents.names { printLine("    \(name) [App Intent; not described yet]") }
            return
        }
        for intent in metadata.intents {
            let policy = intent.authenticationPolicy == .alwaysAllowed ? "runs while locked"
                : "restricted while locked: \(intent.authenticationPolicy.rawValue)"
            let routed = catalog.routes[intent.name] != nil ? "" : " (other apps support it too)"
            printLine("    \(intent.name) [App Intent, \(policy)]\(routed)")
        }
        let shortcuts = appIntents?.shortcuts.filter { $0.bundle.bundleIdentifier == bundle.bundleIdentifier } ?? []
        for item in shortcuts {
            printLine("    App Shortcut \(item.position + 1): \"\(item.primaryPhrase)\" -> \(item.intent.name) (\(item.shortcut.phrases.count) phrases)")
        }
    }
}
