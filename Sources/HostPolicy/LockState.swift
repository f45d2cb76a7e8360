import ExtensionProtocol
import Foundation
import HostBundles
import SystemCalls
import SystemStore

/// The device's lock state, as the host simulates it.
public enum LockState: String, Codable, Sendable, CaseIterable {
    case unlocked
    case locked
    /// Locked and not unlocked since boot: protected data is unavailable.
    case lockedBeforeFirstUnlock
}

/// The lock state the host acts on, and why, when the stored state could not be used.
public struct LockReading: Sendable, Equatable {
    public var state: LockState
    /// Why the stored state could not be read, in a sentence naming the file; the device then
    /// counts as locked before its first unlock, the strictest state. Nil when it was read.
    public var problem: String?

    public init(state: LockState, problem: String? = nil) {
        self.state = state
        self.problem = problem
    }

    /// The state the host assumes when it cannot read the stored one: policy fails closed.
    public static let failClosedState = LockState.lockedBeforeFirstUnlock
}

/// Keeps the lock state in the host's state folder (`lock-state`), so that it persists
/// between commands. A missing file means unlocked; anything else but a small regular file
/// holding a known state means locked (see `LockReading`). Reads are cached until the file
/// changes (another process may lock or unlock at any time).
public struct LockStateStore: Sendable {
    public let path: String
    private let cache = LockStateCache()

    /// What may surround the state's name: ASCII white space only.
    private static let asciiWhiteSpace = CharacterSet(charactersIn: " \t\r\n")

    /// The largest file that can hold a state ("lockedBeforeFirstUnlock" and a newline).
    static let maximumSize = 64

    public init(stateFolder: String) {
        self.path = stateFolder + "/lock-state"
    }

    /// The stored state, or the fail-closed state with the reason it could not be read.
    public func read() -> LockReading {
        // The warm path (a dispatch per request): one lstat, when the file is the very one last read.
        var current = stat()
        if lstat(path, &current) == 0, current.st_mode & S_IFMT == S_IFREG, let cached = cache.reading(for: Self.stamp(current)) {
            return cached
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            if errno == ENOENT { return LockReading(state: .unlocked) }
            let reason = errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno))
            return failedClosed("\(path) cannot be read: \(reason)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return failedClosed("\(path) cannot be read: \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return failedClosed("\(path) is \(fileKind(status.st_mode)), not a regular file")
        }
        guard status.st_size <= Self.maximumSize else {
            return failedClosed("\(path) has \(status.st_size) bytes, more than a lock state has")
        }
        var bytes = [UInt8](repeating: 0, count: Self.maximumSize + 1)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { return failedClosed("\(path) cannot be read: \(String(cString: strerror(errno)))") }
        let text = String(decoding: bytes.prefix(count), as: UTF8.self).trimmingCharacters(in: Self.asciiWhiteSpace)
        let reading = if let state = LockState(rawValue: text) {
            LockReading(state: state)
        } else {
            failedClosed("\(path) holds \(text.quotedForDisplay), which is not one of \(LockState.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        cache.remember(reading, for: Self.stamp(status))
        return reading
    }

    /// What identifies a version of the file: a write changes its modification time, a chmod,
    /// chown or rename over it its change time or inode.
    private static func stamp(_ status: stat) -> [UInt64] {
        [UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_mode), UInt64(status.st_size),
         UInt64(status.st_mtim.tv_sec), UInt64(status.st_mtim.tv_nsec), UInt64(status.st_ctim.tv_sec), UInt64(status.st_ctim.tv_nsec)]
    }

    /// The state the host acts on: the stored one, or the fail-closed state.
    public func load() -> LockState {
        read().state
    }

    private func failedClosed(_ problem: String) -> LockReading {
        LockReading(state: LockReading.failClosedState, problem: problem)
    }

    /// Stores `state` atomically (a new file renamed over the old one), creating the state
    /// folder if needed.
    /// - Throws: `HostError` (`.badState`) naming the path and the reason, in one sentence.
    public func save(_ state: LockState) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if let problem = StateFolder.problemCreating(folder) { throw HostError(.badState, problem) }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw HostError(.badState, "\(path) is \(fileKind(status.st_mode)), not a regular file; remove it to set the lock state.")
        }
        let temporary = "\(folder)/.lock-state.\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw HostError(.badState, "The lock state cannot be written in \(folder): \(String(cString: strerror(errno))).")
        }
        let bytes = Array((state.rawValue + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let writeError = errno
        close(descriptor)
        guard written == bytes.count else {
            unlink(temporary)
            throw HostError(.badState, "The lock state cannot be written to \(temporary): \(String(cString: strerror(writeError))).")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw HostError(.badState, "The lock state cannot be saved as \(path): \(reason).")
        }
    }
}

/// The last reading and the file identity it was read from.
private final class LockStateCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entry: (stamp: [UInt64], reading: LockReading)?

    func reading(for stamp: [UInt64]) -> LockReading? {
        lock.withLock { entry?.stamp == stamp ? entry?.reading : nil }
    }

    func remember(_ reading: LockReading, for stamp: [UInt64]) {
        lock.withLock { entry = (stamp, reading) }
    }
}
