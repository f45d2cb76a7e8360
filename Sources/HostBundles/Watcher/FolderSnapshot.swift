import Foundation

/// What the apps folders hold, down to the depth `BundleScanner` reads, as the file system
/// says it (`lstat`): each entry's path, kind, identity, size, mode, owner and modification
/// time. Two equal snapshots mean nothing a scan reads has changed.
///
/// The walk visits `<folder>/*.app`, everything in each app, its `PlugIns/*.appex` and `Extensions/*.appex` and
/// everything in each extension. It opens each folder from its parent's descriptor with
/// `O_NOFOLLOW`, so it never goes through a link, and names are kept as bytes, so any name
/// (newlines, invalid UTF-8) stays itself. The configured folders themselves are followed.
struct FolderSnapshot: Equatable, Sendable {
    /// One entry: its path (the folder's index, then names, joined with `/`) and its stamp.
    struct Entry: Equatable, Sendable {
        var path: [UInt8]
        var stamp: Stamp
    }

    /// What identifies a version of a file. Folders are stamped without size or times: their
    /// entries are in the snapshot, and temporary files that come and go change nothing.
    struct Stamp: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var mode: UInt32
        var owner: UInt32
        var group: UInt32
        var size: Int64
        var modified: Int
        var modifiedNanoseconds: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            mode = UInt32(info.st_mode)
            owner = UInt32(info.st_uid)
            group = UInt32(info.st_gid)
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            size = isFolder ? 0 : Int64(info.st_size)
            modified = isFolder ? 0 : Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = isFolder ? 0 : Int(info.st_mtim.tv_nsec)
        }
    }

    /// The entries in walk order (folders in order, names sorted), which is stable.
    var entries: [Entry] = []
    /// The walk stopped at `limit` entries: changes past them are not seen.
    var isTruncated = false

    /// The most entries a walk records.
    static let defaultLimit = 20_000

    /// A level of a bundle tree: which names it holds that matter, and which it descends into.
    enum Level: Sendable {
        case appsFolder, app, plugIns, appex

        /// Whether a scan reads the entry `name` at this level.
        func holds(_ name: [UInt8]) -> Bool {
            switch self {
            case .appsFolder: name.endsWith(Self.appSuffix)
            case .plugIns: name.endsWith(Self.appexSuffix)
            case .app, .appex: true
            }
        }

        /// The level of the folder `name` inside this one, if a scan goes into it.
        func child(_ name: [UInt8]) -> Level? {
            switch self {
            case .appsFolder: .app
            case .app: name == Self.plugInsName || name == Self.extensionsName ? .plugIns : nil
            case .plugIns: .appex
            case .appex: nil
            }
        }

        static let appSuffix = Array(".app".utf8)
        static let appexSuffix = Array(".appex".utf8)
        static let plugInsName = Array("PlugIns".utf8)
        static let extensionsName = Array("Extensions".utf8)
    }

    /// Whether an entry of `other` (by path) is not in this snapshot: something was removed or
    /// moved away since `other` was taken.
    func lacksEntries(of other: FolderSnapshot) -> Bool {
        guard !other.entries.isEmpty else { return false }
        let paths = Set(entries.map(\.path))
        return other.entries.contains { !paths.contains($0.path) }
    }

    /// Walks `folders`. `visit` is told of each folder of the tree (an open descriptor and its
    /// level) before its entries are read, so that a watch added then misses nothing.
    static func take(folders: [String], limit: Int = defaultLimit,
                     visit: (_ descriptor: Int32, _ level: Level) -> Void = { _, _ in }) -> FolderSnapshot {
        var snapshot = FolderSnapshot()
        for (index, folder) in folders.enumerated() {
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { close(descriptor); continue }
            let path = Array(String(index).utf8)
            snapshot.entries.append(Entry(path: path, stamp: Stamp(info)))
            snapshot.walk(descriptor, path: path, level: .appsFolder, limit: limit, visit: visit)
        }
        return snapshot
    }

    /// Records the entries of the folder open at `descriptor`, which it closes.
    private mutating func walk(_ descriptor: Int32, path: [UInt8], level: Level, limit: Int,
                               visit: (Int32, Level) -> Void) {
        visit(descriptor, level)
        guard let directory = fdopendir(descriptor) else { close(descriptor); return }
        defer { closedir(directory) }
        for name in Self.names(in: directory) where level.holds(name) {
            guard entries.count < limit else { isTruncated = true; return }
            var info = stat()
            guard fstatat(descriptor, name.nulTerminated, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let entryPath = path + [UInt8(ascii: "/")] + name
            entries.append(Entry(path: entryPath, stamp: Stamp(info)))
            guard info.st_mode & S_IFMT == S_IFDIR, let childLevel = level.child(name) else { continue }
            let child = openat(descriptor, name.nulTerminated, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child >= 0 { walk(child, path: entryPath, level: childLevel, limit: limit, visit: visit) }
            if isTruncated { return }
        }
    }

    /// The names in a folder, without `.` and `..`, sorted by their bytes.
    private static func names(in directory: OpaquePointer) -> [[UInt8]] {
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                Array(bytes.prefix { $0 != 0 })
            }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            names.append(name)
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}

extension Array where Element == UInt8 {
    func endsWith(_ suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }

    /// The bytes with a terminating NUL, for a C call.
    var nulTerminated: [CChar] { map { CChar(bitPattern: $0) } + [0] }
}
