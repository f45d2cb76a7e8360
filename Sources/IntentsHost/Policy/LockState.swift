import Foundation

/// The device's lock state, as the host simulates it.
public enum LockState: String, Codable, Sendable, CaseIterable {
    case unlocked
    case locked
    /// Locked and not unlocked since boot: protected data is unavailable.
    case lockedBeforeFirstUnlock
}

/// Keeps the lock state in the host's state folder (`lock-state`), so that it persists
/// between commands. A missing file means unlocked. Reads are cached until the file changes
/// (another process may lock or unlock at any time).
public struct LockStateStore: Sendable {
    public let path: String
    private let cache = LockStateCache()

    public init(stateFolder: String) {
        self.path = stateFolder + "/lock-state"
    }

    /// The stored state.
    /// - Throws: `HostError` with code `.badState` when the file holds something unknown.
    public func load() throws -> LockState {
        var status = stat()
        guard stat(path, &status) == 0 else { return .unlocked }
        let stamp = [UInt64(status.st_ino), UInt64(status.st_size), UInt64(status.st_mtim.tv_sec), UInt64(status.st_mtim.tv_nsec)]
        if let cached = cache.state(for: stamp) { return cached }
        let state = try read()
        cache.remember(state, for: stamp)
        return state
    }

    private func read() throws -> LockState {
        guard let data = FileManager.default.contents(atPath: path) else { return .unlocked }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let state = LockState(rawValue: text) else {
            throw HostError(.badState, "\(path) holds \"\(text)\", which is not one of \(LockState.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return state
    }

    /// Stores `state` atomically, creating the state folder if needed.
    public func save(_ state: LockState) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data((state.rawValue + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// The last state read and the file identity it was read from.
private final class LockStateCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entry: (stamp: [UInt64], state: LockState)?

    func state(for stamp: [UInt64]) -> LockState? {
        lock.withLock { entry?.stamp == stamp ? entry?.state : nil }
    }

    func remember(_ state: LockState, for stamp: [UInt64]) {
        lock.withLock { entry = (stamp, state) }
    }
}
