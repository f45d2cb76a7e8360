import SystemStore

/// Which app had which executable file first, as a host's scans accepted them: when apps share
/// an executable file (hard links), the one that had it first keeps it (`BundleScanner`),
/// across restarts. The records are kept in the host's system store.
public protocol AppInstallLedger: Sendable {
    /// The executable file each app had when a scan last accepted it, by app identifier.
    /// - Throws: any error when the ledger cannot be read; a scan then counts every app as new.
    func appExecutables() throws -> [String: AppExecutableRecord]

    /// Records that each app has the file given with it, unless another app's record holds
    /// that file (it stays with the app that had it first); returns the apps recorded.
    /// - Throws: any error when the ledger cannot be written; the scan's catalog stands.
    @discardableResult
    func recordAppExecutables(_ executables: [(app: String, device: UInt64, inode: UInt64)]) throws -> [String]
}

extension SystemStore: AppInstallLedger {}

extension AppExecutableRecord {
    /// The file recorded.
    var file: FileIdentity { FileIdentity(device: device, inode: inode) }
}
