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

    /// Runs `body` on the spawn thread and returns its result.
    func run<Result>(_ body: @escaping () throws -> Result) throws -> Result {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Swift.Result<Result, any Error>?
        condition.withLock {
            work.append {
                outcome = Swift.Result { try body() }
                done.signal()
            }
            condition.signal()
        }
        done.wait()
        return try outcome!.get()
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
