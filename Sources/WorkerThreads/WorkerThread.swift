import Foundation

/// One named thread of its own that runs the work given to it in order, for work that blocks
/// (a spawn whose parent-death signal must follow a thread that lives on, a database lock that
/// another process holds) and so must never run on a thread of Swift's concurrency pool: on
/// Linux that pool has one thread per processor and adds none while they block.
///
/// The thread starts with the first work and ends once the `WorkerThread` is released and its
/// work is done.
public final class WorkerThread: Sendable {
    private let queue: WorkQueue
    private let name: String

    /// A worker whose thread is named `name` (at most 15 bytes show in `/proc`).
    public init(name: String) {
        self.name = name
        queue = WorkQueue()
    }

    deinit { queue.close() }

    /// Runs `body` on the thread; the task waits suspended, holding no thread of the pool.
    public func perform<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            queue.enqueue(name: name) { continuation.resume(with: Swift.Result { try body() }) }
        }
    }

    /// Runs `body` on the thread and returns its result, blocking the calling thread meanwhile:
    /// only for threads outside the concurrency pool.
    public func run<Result>(_ body: @escaping () throws -> Result) throws -> Result {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Swift.Result<Result, any Error>?
        queue.enqueue(name: name) {
            outcome = Swift.Result { try body() }
            done.signal()
        }
        done.wait()
        return try outcome!.get()
    }
}

/// The work of one `WorkerThread`, shared with its thread (which must not keep the worker alive).
private final class WorkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var work: [() -> Void] = []
    private var next = 0
    private var started = false
    private var closed = false

    func enqueue(name: String, _ item: @escaping () -> Void) {
        let start = condition.withLock {
            work.append(item)
            condition.signal()
            defer { started = true }
            return !started
        }
        guard start else { return }
        let thread = Thread { [self] in loop() }
        thread.name = name
        thread.start()
    }

    func close() {
        condition.withLock {
            closed = true
            condition.signal()
        }
    }

    private func loop() {
        while true {
            condition.lock()
            while next == work.count && !closed { condition.wait() }
            guard next < work.count else {
                condition.unlock()
                return
            }
            let item = work[next]
            next += 1
            if next == work.count {
                work.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            item()
        }
    }
}
