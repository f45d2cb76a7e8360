import Foundation

/// An inotify instance and its watches, used from one thread (the watcher's).
///
/// Folders are watched through `/proc/self/fd/<n>` of a descriptor opened without following
/// links, so a watch is on the folder that was opened, whatever its path turns into. Each
/// watch has filters saying which of its entries' events matter. Watches are refreshed as a
/// whole: `beginRefresh`, a `watch` call for each folder, `endRefresh` removes the others.
final class InotifyWatch {
    /// Which entries of a watched folder matter. Events on the folder itself always do.
    enum Filter: Hashable {
        case all
        case suffix([UInt8])
        case name([UInt8])

        func matches(_ name: [UInt8]) -> Bool {
            switch self {
            case .all: true
            case .suffix(let suffix): name.endsWith(suffix)
            case .name(let wanted): name == wanted
            }
        }

        var isName: Bool {
            if case .name = self { true } else { false }
        }
    }

    /// A watch could not be added for a reason that will not go away by itself (the user's
    /// watch limit, memory, no `/proc`): the caller polls instead.
    struct Failure: Error {
        var reason: String
    }

    /// What a batch of events says.
    struct Batch {
        /// An event on something a scan reads (or the queue overflowed).
        var relevant = false
        /// Folders came, went, moved or changed mode: watches must be refreshed.
        var structural = false
        /// Something a scan reads was removed or moved away (or events were lost): a removal
        /// is delivered at once, without waiting for the folders to settle.
        var removed = false
        /// Events were lost.
        var overflowed = false
    }

    /// The events that say an entry, or a watched folder, is gone from where it was.
    private static let removals = UInt32(IN_DELETE | IN_MOVED_FROM)
    private static let selfRemovals = UInt32(IN_DELETE_SELF | IN_MOVE_SELF)

    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)

    let descriptor: Int32
    /// The most folders watched at once, below the kernel's limit (for tests of the fallback).
    private let limit: Int?
    private var filters: [Int32: Set<Filter>] = [:]
    private var refreshed: [Int32: Set<Filter>]?
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    init(limit: Int? = nil) throws(Failure) {
        self.limit = limit
        guard access("/proc/self/fd", F_OK) == 0 else { throw Failure(reason: "/proc is not mounted") }
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw Failure(reason: "inotify_init1: \(String(cString: strerror(errno)))") }
    }

    deinit { close(descriptor) }

    func beginRefresh() { refreshed = [:] }

    /// Removes the watches that the refresh did not add again.
    func endRefresh() {
        guard let kept = refreshed else { return }
        for wd in filters.keys where kept[wd] == nil { inotify_rm_watch(descriptor, wd) }
        filters = kept
        refreshed = nil
    }

    /// Watches the folder open at `folder` (a descriptor). A folder that cannot be watched
    /// for its own sake (no permission, gone meanwhile) is left out.
    func watch(folder: Int32, filter: Filter) throws(Failure) {
        let wd = inotify_add_watch(descriptor, "/proc/self/fd/\(folder)", Self.mask)
        guard wd >= 0 else {
            let code = errno
            if code == ENOSPC || code == ENOMEM {
                throw Failure(reason: "inotify_add_watch: \(String(cString: strerror(code)))")
            }
            return
        }
        if let limit, (refreshed ?? filters)[wd] == nil, (refreshed ?? filters).count >= limit {
            throw Failure(reason: "inotify_add_watch: more than \(limit) folders")
        }
        if refreshed != nil {
            refreshed![wd, default: []].insert(filter)
        } else {
            filters[wd, default: []].insert(filter)
        }
    }

    /// Reads the events queued (the descriptor does not block) and says what they mean.
    func drain() -> Batch {
        var batch = Batch()
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let header = 16  // wd, mask, cookie, len
                while offset + header <= count {
                    let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let name = Array(bytes[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 })
                    offset += header + length
                    note(wd: wd, mask: mask, name: name, in: &batch)
                }
            }
        }
        return batch
    }

    private func note(wd: Int32, mask: UInt32, name: [UInt8], in batch: inout Batch) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            batch.overflowed = true
            batch.relevant = true
            batch.structural = true
            batch.removed = true
            return
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            // The kernel dropped the watch (its folder is gone).
            filters[wd] = nil
            return
        }
        guard let watched = filters[wd] else { return }
        if name.isEmpty {
            batch.relevant = true
            batch.structural = true
            if mask & Self.selfRemovals != 0 { batch.removed = true }
        } else {
            let matching = watched.filter { $0.matches(name) }
            guard !matching.isEmpty else { return }
            batch.relevant = true
            if mask & Self.removals != 0 { batch.removed = true }
            // A folder came or went, or an event came from a configured folder's parent.
            if mask & UInt32(IN_ISDIR) != 0 || matching.contains(where: \.isName) { batch.structural = true }
        }
    }
}
