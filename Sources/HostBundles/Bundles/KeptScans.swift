import Foundation
import SystemStore

/// One scan's use of a `BundleScanCache`: reads an app folder again only when its fingerprint
/// is not the one kept with its last scan by this program, and keeps what it read.
struct KeptScans {
    private let cache: (any BundleScanCache)?
    private let scanner: String?
    private let now: TimeInterval
    private let kept: [String: BundleScanRecord]
    private var keeping: [BundleScanRecord] = []
    private var removing: [String] = []
    private var read: Set<String> = []
    /// The apps folders scanned, as named: kept scans of apps no longer in them are forgotten.
    var folders: Set<String> = []

    init(cache: (any BundleScanCache)?, now: TimeInterval) {
        self.cache = cache
        self.now = now
        scanner = cache == nil ? nil : BundleScannerIdentity.current
        // A cache that cannot be read is an empty one: every folder is read, and kept again.
        kept = scanner == nil ? [:] : (try? cache?.bundleScans()) ?? [:]
    }

    /// `BundleScanner.readApp(at:)`, or the app its kept scan made when the folder is unchanged.
    mutating func readApp(at path: String) -> (AppBundle?, [BundleFault]) {
        read.insert(path)
        guard let scanner, let fingerprint = AppFolderFingerprint.taken(path, now: now) else {
            if kept[path] != nil { removing.append(path) }
            return BundleScanner.readApp(at: path)
        }
        if let record = kept[path], record.scanner == scanner, record.fingerprint == fingerprint.bytes,
           let app = try? JSONDecoder().decode(AppBundle.self, from: record.record), app.path == path {
            return (app, [])
        }
        let parsed = ParsedPropertyLists()
        let (app, faults) = ParsedPropertyLists.$current.withValue(parsed) { BundleScanner.readApp(at: path) }
        // Kept only when what was read is what was fingerprinted: each plist parsed from the
        // bytes hashed, and the folder as it was when the read began.
        if let app, faults.isEmpty, parsed.agree(with: fingerprint.digests, in: path),
           AppFolderFingerprint.taken(path, now: now)?.bytes == fingerprint.bytes, let record = try? JSONEncoder().encode(app) {
            keeping.append(BundleScanRecord(path: path, scanner: scanner, fingerprint: fingerprint.bytes, record: record))
        } else if kept[path] != nil {
            removing.append(path)
        }
        return (app, faults)
    }

    /// Writes what this scan read, and forgets the kept scans of apps no longer in the folders scanned.
    func save() {
        guard let cache, scanner != nil else { return }
        let gone = kept.keys.filter { path in
            !read.contains(path) && folders.contains { folder in
                path.utf8.starts(with: (folder + "/").utf8) && !path.utf8.dropFirst(folder.utf8.count + 1).contains(UInt8(ascii: "/"))
            }
        }
        try? cache.recordBundleScans(keeping, removing: removing + gone)
    }
}
