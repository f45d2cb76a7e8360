import ExtensionProtocol
import Foundation

/// What an app folder is made of, as the kernel describes it without reading any file: its real
/// path, then every entry below it (its path inside the folder, type, device, inode, size, and
/// modification and change times), in name order. Two equal fingerprints taken at two times
/// mean that no file of the folder was written, replaced, added, removed or renamed in between:
/// a write changes the file's change time, which its owner cannot set back, and a file put in
/// place of another is another inode, or a later change time.
///
/// A scan's result is kept beside the fingerprint taken before it read the folder
/// (`BundleScanner`); a later scan that takes the same fingerprint reuses it. A folder is given
/// no fingerprint (it is read every time) when any of these holds:
/// - it, or anything in it, is a symbolic link: what a link names can change with no change here;
/// - it holds anything but folders and regular files;
/// - it holds more than `maximumEntries` entries, or folders deeper than `maximumDepth`;
/// - an entry was changed less than `settleTime` before `now`: the kernel stamps times from a
///   clock that ticks coarsely, so a second write within the tick of the first could leave the
///   times as they were (git's "racily clean" files);
/// - anything cannot be read.
public enum AppFolderFingerprint {
    /// More entries than an app bundle this host runs holds (an app, its extensions, their
    /// plists and libraries); a larger folder is read on every scan instead.
    public static let maximumEntries = 2_048
    /// Deeper than any bundle's folders nest.
    public static let maximumDepth = 16
    /// How long an entry must stay unchanged before its folder is fingerprinted: well above the
    /// kernel's timestamp granularity (a clock tick, a few milliseconds).
    public static let settleTime: TimeInterval = 2

    /// The fingerprint of the folder at `path`; nil when it has none (above).
    /// - Parameter now: the present time, as seconds since 1970 (`Date().timeIntervalSince1970`).
    public static func of(_ path: String, now: TimeInterval) -> Data? {
        guard let real = RealPath.of(path) else { return nil }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
        guard folder >= 0 else { return nil }
        var walk = Walk(settledBefore: now - settleTime)
        walk.bytes.append(contentsOf: Array(real.utf8))
        walk.bytes.append(0)
        var status = stat()
        guard fstat(folder, &status) == 0, walk.append(".", status) else {
            close(folder)
            return nil
        }
        // `entries` closes `folder`.
        guard walk.entries(of: folder, prefix: "", depth: 0) else { return nil }
        return Data(walk.bytes)
    }

    private struct Walk {
        let settledBefore: TimeInterval
        var bytes: [UInt8] = []
        var count = 0

        init(settledBefore: TimeInterval) {
            self.settledBefore = settledBefore
            bytes.reserveCapacity(1024)
        }

        /// Appends the entries below the folder open at `descriptor` (which it closes), depth first.
        mutating func entries(of descriptor: Int32, prefix: String, depth: Int) -> Bool {
            guard depth < maximumDepth, let directory = fdopendir(descriptor) else {
                close(descriptor)
                return false
            }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { String(cString: $0) }
                }
                guard name != "." && name != ".." else { continue }
                names.append(name)
                count += 1
                guard count <= maximumEntries else { return false }
            }
            for name in names.sorted() {
                var status = stat()
                guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, append(prefix + name, status) else { return false }
                if status.st_mode & S_IFMT == S_IFDIR {
                    let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
                    guard child >= 0, entries(of: child, prefix: prefix + name + "/", depth: depth + 1) else { return false }
                }
            }
            return true
        }

        /// Appends one entry; false when it is neither a folder nor a regular file, or is not settled.
        mutating func append(_ name: String, _ status: stat) -> Bool {
            let type = status.st_mode & S_IFMT
            guard type == S_IFDIR || type == S_IFREG else { return false }
            let changed = TimeInterval(status.st_ctim.tv_sec) + TimeInterval(status.st_ctim.tv_nsec) / 1e9
            let modified = TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9
            guard changed < settledBefore, modified < settledBefore else { return false }
            bytes.append(contentsOf: Array(name.utf8))
            bytes.append(0)
            for field in [UInt64(status.st_mode), UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_size),
                          UInt64(bitPattern: Int64(status.st_mtim.tv_sec)), UInt64(status.st_mtim.tv_nsec),
                          UInt64(bitPattern: Int64(status.st_ctim.tv_sec)), UInt64(status.st_ctim.tv_nsec)] {
                withUnsafeBytes(of: field.littleEndian) { bytes.append(contentsOf: $0) }
            }
            return true
        }
    }
}
