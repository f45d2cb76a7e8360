import Crypto
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

/// Which scanner read an app folder: a version of what a scan reads, this program's file, and
/// the runtime libraries that parse what it reads (Foundation's, which read property lists and
/// list folders, and the Swift runtime's). A record from another build, another program, or a
/// toolchain updated in place is never trusted: the checks, or their parsing, may differ.
enum BundleScannerIdentity {
    /// Raised when the record format or what `BundleScanner.readApp` reads changes in a way the
    /// program's file would not show (a rebuilt program always shows).
    static let version = 3

    /// `version`, then a SHA-256 over the device, inode, size and change time of
    /// `/proc/self/exe` and of each mapped `libFoundation*`, `lib_Foundation*` (its ICU) and
    /// `libswiftCore` file; nil when the program's file cannot be described (then nothing is
    /// kept or reused).
    static let current: String? = {
        guard let program = described("/proc/self/exe") else { return nil }
        var parts = ["program=" + program]
        // Linked when the program starts, so present at every scan of every command alike.
        for path in mappedLibraries() where path.hasPrefix("/") {
            let name = (path as NSString).lastPathComponent
            guard name.hasPrefix("libFoundation") || name.hasPrefix("lib_Foundation") || name.hasPrefix("libswiftCore.") else { continue }
            parts.append(path + "=" + (described(path) ?? "?"))
        }
        let digest = SHA256.hash(data: Data(parts.joined(separator: "\n").utf8))
        return "\(version):" + LibraryContentHash.hex(digest)
    }()

    /// Device, inode, size and change time of the file at `path` (through links).
    private static func described(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }

    /// The files mapped executable into this process, sorted, each once.
    private static func mappedLibraries() -> [String] {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"), let data = try? handle.readToEnd() else { return [] }
        try? handle.close()
        var paths: Set<String> = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[1].contains("x") else { continue }
            paths.insert(String(fields[5].drop { $0 == " " }))
        }
        return paths.sorted()
    }
}
