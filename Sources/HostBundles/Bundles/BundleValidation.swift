/// What `intents validate` finds beyond the scan's faults: intent classes missing from the
/// libraries, App Intents metadata that could not be had, and App Shortcut rule faults.
/// `intents lint` reports the same faults, so that a bundle that fails validation never lints clean.
public enum BundleValidation {
    /// The faults of `catalog`'s bundles beyond those it holds.
    /// - Parameters:
    ///   - appShortcuts: the checked apps' App Shortcuts; nil when none has App Intents.
    ///   - installed: the installed apps' App Shortcuts, which a checked phrase must not repeat.
    public static func faults(of catalog: BundleCatalog, appShortcuts: AppShortcutsSnapshot?,
                              installed: AppShortcutsSnapshot) -> [BundleFault] {
        var faults = IntentClassCheck.faults(in: catalog)
        if let appShortcuts {
            faults += appShortcuts.problems.map { BundleFault(.appIntentsMetadata, path: "", $0) }
            faults += AppShortcutChecks.faults(appShortcuts, checking: Set(catalog.apps.map(\.bundleIdentifier)), others: installed)
        }
        return faults
    }
}
