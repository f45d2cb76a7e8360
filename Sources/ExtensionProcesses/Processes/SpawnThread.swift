import Foundation

/// One thread, alive as long as the host, from which every runner is spawned.
///
/// The runner asks for a parent-death signal, and Linux sends it when the *thread* that
/// spawned it exits, not the process: spawned from a pool thread that is later retired, a
/// healthy extension would be killed.
final class SpawnThread: @unchecked Sendable {
    static let shared = SpawnThread()

    private let condition = NSCondition()
    private var work: [() -> Void] = []

    private init() {
        let thread = Thread { [self] in loop() }
        thread.name = "intents-spawner"
        thread.start()
    }

    /// Runs `body` on the spawn thread and returns its result, blocking the calling thread
    /// meanwhile: only for threads outside the concurrency pool.
    func run<Result>(_ body: @escaping () throws -> Result) throws -> Result {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Swift.Result<Result, any Error>?
        enqueue {
            outcome = Swift.Result { try body() }
            done.signal()
        }
        done.wait()
        return try outcome!.get()
    }

    /// Runs `body` on the spawn thread; the task waits suspended, holding no thread of the pool.
    func perform<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            enqueue { continuation.resume(with: Swift.Result { try body() }) }
        }
    }

    private func enqueue(_ item: @escaping () -> Void) {
        condition.withLock {
            work.append(item)
            condition.signal()
        }
    }

    private func loop() {
        while true {
            condition.lock()
            while work.isEmpty { condition.wait() }
            let next = work.removeFirst()
            condition.unlock()
            next()
        }
    }
}
