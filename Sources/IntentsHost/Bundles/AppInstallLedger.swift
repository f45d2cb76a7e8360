import SystemStore

/// Which apps a host has installed, in the order its scans first accepted them. When apps
/// share an executable file, the one installed first keeps it (`BundleScanner`), across
/// restarts: the order is kept in the host's system store.
public protocol AppInstallLedger: Sendable {
    /// Every app recorded so far, with its place in the order (lower is earlier).
    /// - Throws: any error when the ledger cannot be read; a scan then counts every app as new.
    func appInstallOrder() throws -> [String: Int]

    /// Records `apps`, in this order, after every app recorded so far; an app already recorded
    /// keeps its place.
    /// - Throws: any error when the ledger cannot be written; the scan's catalog stands.
    func recordAppInstalls(_ apps: [String]) throws
}

extension SystemStore: AppInstallLedger {}
