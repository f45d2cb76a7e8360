import HostBundles
import SystemStore

extension HostConfiguration {
    /// The apps installed for this host: its apps folders scanned with the install ledger of
    /// its state folder's system store (`store`, else opened now), so that of apps sharing an
    /// executable file the one installed first keeps it, across restarts. The store also keeps
    /// what each scan read (`BundleScanCache`): an app folder unchanged since is not read again.
    /// A store that cannot be opened counts as no ledger and no cache: every app is new and
    /// read, and apps sharing a file are all at fault.
    /// Never throws: what is wrong is in the catalog's faults.
    public func scanInstalledApps(store: SystemStore? = nil) -> BundleCatalog {
        let store = store ?? (try? SystemStore(stateFolder: stateFolder))
        return BundleScanner.scan(appsFolders: appsFolders, ledger: store, cache: store)
    }
}
