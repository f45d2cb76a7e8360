import HostBundles

/// Checks bundles for policy and bundle mistakes beyond `intents validate`'s faults (which it
/// reports too, as `bundle-fault` and `intent-class-missing`). It runs no extension code: App
/// Intents come in described, as `intents validate` has them (`IntentDispatcher.appShortcuts()`).
public struct Linter: Sendable {
    /// The bundles to lint, as scanned or validated, with the faults found on the way.
    public var catalog: BundleCatalog
    /// Their App Shortcuts; nil when none of them has App Intents.
    public var appShortcuts: AppShortcutsSnapshot?
    /// The installed apps, whose phrases the linted ones must not collide with (an app that
    /// is linted too counts as linted).
    public var installed: BundleCatalog
    public var installedShortcuts: AppShortcutsSnapshot

    public init(catalog: BundleCatalog, appShortcuts: AppShortcutsSnapshot?,
                installed: BundleCatalog = BundleCatalog(), installedShortcuts: AppShortcutsSnapshot = AppShortcutsSnapshot()) {
        self.catalog = catalog
        self.appShortcuts = appShortcuts
        self.installed = installed
        self.installedShortcuts = installedShortcuts
    }

    /// Every finding, in report order (`LintFinding.reportOrder`).
    public func findings() -> [LintFinding] {
        let phrases = phraseIndex()
        let findings = faultFindings() + lockFindings() + siriUsageFindings()
            + appShortcutFindings(phrases) + vocabularyFindings(phrases)
        return findings.sorted(by: LintFinding.reportOrder)
    }

    /// The linted apps, then the installed apps that are not linted.
    var apps: [AppBundle] {
        let linted = Set(catalog.apps.map(\.bundleIdentifier))
        return catalog.apps + installed.apps.filter { !linted.contains($0.bundleIdentifier) }
    }

    /// Every App Shortcut, the linted apps' first.
    var allShortcuts: AppShortcutsSnapshot {
        (appShortcuts ?? AppShortcutsSnapshot()).adding(installedShortcuts)
    }

    /// The index `intents say` would match against with these apps installed, without the
    /// user's own phrases and vocabulary: a bundle is linted for every user.
    func phraseIndex() -> PhraseIndex {
        PhraseCatalog.index(apps: apps, voiceShortcuts: [], vocabulary: [], appShortcuts: allShortcuts)
    }

    /// `validate`'s faults: a missing intent class as `intent-class-missing`, any other as `bundle-fault`.
    func faultFindings() -> [LintFinding] {
        let faults = catalog.faults + BundleValidation.faults(of: catalog, appShortcuts: appShortcuts, installed: installedShortcuts)
        return faults.map { fault in
            LintFinding(fault.code == .intentClassNotFound ? .intentClassMissing : .bundleFault, path: fault.path, key: fault.key, fault.message)
        }
    }
}
