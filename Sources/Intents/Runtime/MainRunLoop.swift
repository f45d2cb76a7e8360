import Foundation

/// Keeps the main thread free, as on Apple's systems, where an extension's main thread runs
/// its main run loop.
///
/// On Linux, swift-corelibs-foundation's `RunLoop.main` drains dispatch's main queue, which is
/// also the main actor's executor: `@MainActor` code, `MainActor.run`, `DispatchQueue.main`
/// and timers and sources scheduled on `RunLoop.main` all run on the main thread while it runs.
/// (A block given to `RunLoop.main.perform` from another thread waits for the loop's next
/// wake-up, as `CFRunLoopPerformBlock` documents.) Its system calls (epoll, eventfd, timerfd)
/// pass the runner's seccomp filter, which denies only what it lists.
enum MainRunLoop {
    /// Runs `work` on a new thread while the calling thread, the main thread, runs the main
    /// run loop; returns what `work` returns, once it has returned.
    static func run(while work: @escaping () -> Int32) -> Int32 {
        let outcome = Outcome()
        let thread = Thread {
            // Named from the thread itself (Foundation names only the thread it runs on); a
            // sandbox that refuses it leaves the name inherited.
            Thread.current.name = "intents-socket"
            outcome.finish(with: work())
            // Wakes the main run loop, which then finds the status.
            DispatchQueue.main.async {}
        }
        thread.start()
        while true {
            if let status = outcome.status { return status }
            // false only when the loop has no source at all, which the main queue rules out on
            // the main thread; waiting is then better than spinning.
            guard RunLoop.main.run(mode: .default, before: .distantFuture) else { return outcome.wait() }
        }
    }

    /// The status `work` returned, set once.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private var value: Int32?

        var status: Int32? { lock.withLock { value } }

        func finish(with status: Int32) {
            lock.withLock { value = status }
            done.signal()
        }

        func wait() -> Int32 {
            done.wait()
            return status ?? 1
        }
    }
}
