import Synchronization

/// Waits for work with a deadline that holds even when the work ignores cancellation.
enum DeadlineRace {
    /// `body`'s result, or nil when `deadline` passes first. The race is decided by a
    /// continuation of this function's own, not by cancelling `body`: the SDK's request waits in a
    /// task that cancellation does not reach, and a task group would wait for it forever. A body
    /// still waiting when the deadline passes is cancelled and left to end on its own.
    /// - Parameter sleep: waits out the deadline (a test's passes at once).
    static func withDeadline<Result: Sendable>(_ deadline: Duration,
                                               sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                                               _ body: @escaping @Sendable () async throws -> Result) async throws -> Result? {
        let decided = Mutex<CheckedContinuation<Result?, any Error>?>(nil)
        let finish: @Sendable (Swift.Result<Result?, any Error>) -> Void = { outcome in
            decided.withLock { continuation in
                continuation?.resume(with: outcome)
                continuation = nil
            }
        }
        return try await withCheckedThrowingContinuation { continuation in
            decided.withLock { $0 = continuation }
            let worker = Task {
                do { finish(.success(try await body())) } catch { finish(.failure(error)) }
            }
            let timer = Task {
                try? await sleep(deadline)
                finish(.success(nil))
                worker.cancel()
            }
            // A body that ended first ends the timer's wait too.
            Task {
                _ = await worker.result
                timer.cancel()
            }
        }
    }
}
