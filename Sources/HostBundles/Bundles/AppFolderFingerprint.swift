import Crypto
import ExtensionProtocol
import Foundation

/// What an app folder is made of: its real path, then every entry below it, in name order, as
/// the kernel describes it (its path inside the folder, type, device, inode, size, and
/// modification and change times), and for each file of at most `maximumHashedSize` bytes (every
/// property list a bundle may have) the SHA-256 of its bytes. Two equal fingerprints taken at
/// two times mean that no property list, entitlements or other small file of the folder was
/// changed in between, nor any file added, removed, renamed or put in place of another.
///
/// The bytes are hashed because times alone do not show every write: a write through a shared
/// mapping of a page already dirty stamps no time. A larger file (an extension's library, an
/// app's executable) is known by its identity only; what runs of a library is judged again by
/// the sealed bytes that run (`SealedLibrary`), never by the scan.
///
/// A scan's result is kept beside the fingerprint taken before it read the folder
/// (`BundleScanner`); a later scan that takes the same fingerprint reuses it. A folder is given
/// no fingerprint (it is read every time) when any of these holds:
/// - it, or anything in it, is a symbolic link: what a link names can change with no change here;
/// - it holds anything but folders and regular files;
/// - it holds more than `maximumEntries` entries, or folders deeper than `maximumDepth`, or
///   more than `maximumHashedBytes` bytes in files to hash;
/// - an entry was changed less than `settleTime` before `now`: the kernel stamps times from a
///   clock that ticks coarsely, so a second write within the tick of the first could leave the
///   times as they were (git's "racily clean" files);
/// - anything cannot be read, or a file changes while it is hashed.
///
/// The times are trusted as a local file system keeps them: a file system whose server or
/// daemon reports times of its own choosing (FUSE, a network file system) can hide a change of
/// a large file.
public enum AppFolderFingerprint {
    /// More entries than an app bundle this host runs holds (an app, its extensions, their
    /// plists and libraries); a larger folder is read on every scan instead.
    public static let maximumEntries = 2_048
    /// Deeper than any bundle's folders nest.
    public static let maximumDepth = 16
    /// How long an entry must stay unchanged before its folder is fingerprinted: well above the
    /// kernel's timestamp granularity (a clock tick, a few milliseconds).
    public static let settleTime: TimeInterval = 2
    /// Files up to this size are hashed: every property list a bundle may have
    /// (`PropertyListFile.maximumSize`; a larger one is a fault, and a folder with a fault is not kept).
    public static let maximumHashedSize = 1 << 20
    /// The most bytes hashed in one folder: far more than an app's plists take. A folder of
    /// many small files would otherwise cost every scan gigabytes of reads it never needs
    /// (2,048 entries of 1 MiB); past this, the folder is read every time instead.
    public static let maximumHashedBytes = 8 << 20

    /// The fingerprint of the folder at `path`; nil when it has none (above).
    /// - Parameter now: the present time, as seconds since 1970 (`Date().timeIntervalSince1970`).
    public static func of(_ path: String, now: TimeInterval) -> Data? {
        taken(path, now: now)?.bytes
    }

    /// The fingerprint of the folder at `path`, with the digest of each file hashed, by its path
    /// inside the folder; nil when it has none.
    static func taken(_ path: String, now: TimeInterval) -> (bytes: Data, digests: [String: [UInt8]])? {
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
        return (Data(walk.bytes), walk.digests)
    }

    private struct Walk {
        let settledBefore: TimeInterval
        var bytes: [UInt8] = []
        var digests: [String: [UInt8]] = [:]
        var count = 0
        var hashed = 0

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
                if status.st_mode & S_IFMT == S_IFREG && status.st_size <= maximumHashedSize {
                    hashed += Int(status.st_size)
                    guard hashed <= maximumHashedBytes, let digest = Self.digest(of: name, in: descriptor, as: status) else { return false }
                    bytes.append(contentsOf: digest)
                    digests[prefix + name] = digest
                }
                if status.st_mode & S_IFMT == S_IFDIR {
                    let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
                    guard child >= 0, entries(of: child, prefix: prefix + name + "/", depth: depth + 1) else { return false }
                }
            }
            return true
        }

        /// The SHA-256 of the file `name` in the folder open at `folder`, which must be the
        /// regular file `status` describes, of that size; nil when it is not, or cannot be read.
        static func digest(of name: String, in folder: Int32, as status: stat) -> [UInt8]? {
            // Non-blocking: a FIFO put in the file's place meanwhile must not wait for a writer.
            let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            guard file >= 0 else { return nil }
            defer { close(file) }
            var opened = stat()
            guard fstat(file, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG, opened.st_dev == status.st_dev,
                  opened.st_ino == status.st_ino else { return nil }
            let size = Int(status.st_size)
            // One byte more than the size: a file that grew is not the file described.
            var buffer = [UInt8](repeating: 0, count: size + 1)
            var total = 0
            while total <= size {
                let count = buffer.withUnsafeMutableBytes { pread(file, $0.baseAddress! + total, size + 1 - total, off_t(total)) }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { return nil }
                if count == 0 { break }
                total += count
            }
            guard total == size else { return nil }
            return Array(SHA256.hash(data: buffer[..<size]))
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
