import Foundation
import Synchronization

/// Touches a file without pause, as a tool that keeps a bundle's files busy would: a new
/// modification time each time (`utimensat`), on a thread of its own that yields between
/// touches, until stopped (stop it: the thread holds it). Counts its touches, so that a test
/// can tell that touching went on after something happened.
final class FileToucher: Sendable {
    private struct State {
        var touches = 0
        var stopped = false
        /// Tests waiting for a touch after the count they saw.
        var waiters: [(after: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    private let state = Mutex(State())
    private let path: String

    private init(path: String) {
        self.path = path
    }

    /// Starts touching `path`; returns once it has been touched a first time.
    static func start(touching path: String) async -> FileToucher {
        let toucher = FileToucher(path: path)
        await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                var first = true
                while toucher.touch() {
                    if first {
                        first = false
                        started.resume()
                    }
                    sched_yield()
                }
            }
            thread.name = "file-toucher"
            thread.start()
        }
        return toucher
    }

    /// How many touches so far.
    var count: Int { state.withLock { $0.touches } }

    /// Waits for a touch after the `count`-th; false when the toucher is stopped first.
    func touched(after count: Int) async -> Bool {
        await withCheckedContinuation { continuation in
            let answer: Bool? = state.withLock { state in
                if state.touches > count { return true }
                if state.stopped { return false }
                state.waiters.append((count, continuation))
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Stops touching: the thread ends after the touch under way, and waiters are told.
    /// Callable more than once.
    func stop() {
        let waiters = state.withLock { state in
            state.stopped = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.continuation.resume(returning: false) }
    }

    /// One touch, and the waiters it answers; false when stopped.
    private func touch() -> Bool {
        guard !state.withLock({ $0.stopped }) else { return false }
        _ = utimensat(AT_FDCWD, path, nil, 0)
        let answered = state.withLock { state in
            state.touches += 1
            let touches = state.touches
            let answered = state.waiters.filter { $0.after < touches }
            state.waiters.removeAll { $0.after < touches }
            return answered
        }
        for waiter in answered { waiter.continuation.resume(returning: true) }
        return true
    }
}
