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
        if catalog.apps.isEmpty { Swift.print("No app bundles found.") }
        for app in catalog.apps {
            Swift.print("\(app.displayName) (\(app.bundleIdentifier))  \(app.path)")
            if app.extensions.isEmpty { Swift.print("  no Intents extensions") }
            for bundle in app.extensions {
                Swift.print("  \(bundle.bundleIdentifier)  \(bundle.principalClass)")
                for intent in bundle.intentsSupported {
                    var notes: [String] = []
                    if bundle.restrictedWhileLocked.contains(intent) || LockPolicy.alwaysRestricted.contains(intent) {
                        notes.append("restricted while locked")
                    }
                    if bundle.restrictedWhileProtectedDataUnavailable.contains(intent) {
                        notes.append("restricted before first unlock")
                    }
                    let routed = catalog.routes[intent] != nil ? "" : " (other apps support it too: send asks which, or takes --app)"
                    Swift.print("    \(intent)\(notes.isEmpty ? "" : " [\(notes.joined(separator: ", "))]")\(routed)")
                }
            }
        }
        if !catalog.faults.isEmpty {
            Swift.print("Problems:")
            catalog.faults.forEach { Swift.print("  error: \($0.message)") }
        }
        if !catalog.conflicts.isEmpty {
            Swift.print("Notes:")
            catalog.conflicts.forEach { Swift.print("  \($0.description)") }
        }
    }
}
