import HostBundles
import SystemStore

extension HostConfiguration {
    /// The apps installed for this host: its apps folders scanned with the install ledger of
    /// its state folder's system store (`store`, else opened now), so that of apps sharing an
    /// executable file the one installed first keeps it, across restarts. A store that cannot
    /// be opened counts as no ledger: every app is new, and apps sharing a file are all at fault.
    /// Never throws: what is wrong is in the catalog's faults.
    public func scanInstalledApps(store: SystemStore? = nil) -> BundleCatalog {
        BundleScanner.scan(appsFolders: appsFolders, ledger: store ?? (try? SystemStore(stateFolder: stateFolder)))
    }
}
