import Foundation
import SystemStore

/// Where a host keeps what its scans read from each app folder (`BundleScanRecord`), so that a
/// scan reads again only the folders that changed: a `say` with a hundred apps installed need
/// not parse a hundred plists and libraries. The records are kept in the host's system store.
public protocol BundleScanCache: Sendable {
    /// Every app folder's kept scan, by path.
    /// - Throws: any error when the cache cannot be read; a scan then reads every folder.
    func bundleScans() throws -> [String: BundleScanRecord]

    /// Keeps `records` and forgets the scans of the paths `removing`.
    /// - Throws: any error when the cache cannot be written; the scan's catalog stands.
    func recordBundleScans(_ records: [BundleScanRecord], removing: [String]) throws
}

extension SystemStore: BundleScanCache {}

/// Which scanner read an app folder: this program's file and a version of what a scan reads. A
/// record from another build (or another program) is never trusted: the checks may differ.
enum BundleScannerIdentity {
    /// Raised when what `BundleScanner.readApp` reads or checks changes in a way the program's
    /// file would not show (it always does; the number documents the record format).
    static let version = 1

    /// `version`, then the device, inode, size and change time of `/proc/self/exe`; nil when the
    /// program's file cannot be described (then nothing is kept or reused).
    static let current: String? = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else { return nil }
        return "\(version):\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }()
}
