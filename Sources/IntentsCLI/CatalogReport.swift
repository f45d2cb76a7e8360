import IntentsHost

/// Prints what discovery or validation found, as text or JSON.
enum CatalogReport {
    static func print(_ catalog: BundleCatalog, json: Bool) {
        if json {
            JSONOutput.print(["apps": catalog.apps.map(JSONOutput.plain),
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
            }
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
}
