import Foundation

/// One named thread of its own that runs the work given to it in order, for work that blocks
/// (a spawn whose parent-death signal must follow a thread that lives on, a database lock that
/// another process holds) and so must never run on a thread of Swift's concurrency pool: on
/// Linux that pool has one thread per processor and adds none while they block.
///
/// The thread starts with the first work and ends once the `WorkerThread` is released and its
/// work is done. When the system refuses a thread (a process limit), the work given meanwhile
/// fails with `WorkerThreadError` and the next work tries again.
public final class WorkerThread: Sendable {
    private let queue: WorkQueue

    /// A worker whose thread is named `name` (at most 15 bytes show in `/proc`).
    public init(name: String) {
        queue = WorkQueue(name: name)
    }

    deinit { queue.close() }

    /// Runs `body` on the thread; the task waits suspended, holding no thread of the pool.
    /// - Throws: what `body` throws; `WorkerThreadError` when no thread could be started.
    public func perform<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            queue.enqueue { outcome in
                switch outcome {
                case .run: continuation.resume(with: Swift.Result { try body() })
                case .refused(let error): continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Runs `body` on the thread and returns its result, blocking the calling thread meanwhile:
    /// only for threads outside the concurrency pool, and never from the worker's own thread.
    /// - Throws: as `perform(_:)`.
    public func run<Result>(_ body: @escaping () throws -> Result) throws -> Result {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Swift.Result<Result, any Error>?
        queue.enqueue { start in
            switch start {
            case .run: outcome = Swift.Result { try body() }
            case .refused(let error): outcome = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try outcome!.get()
    }
}

/// The system refused the thread of a `WorkerThread`.
public struct WorkerThreadError: Error, CustomStringConvertible {
    /// The thread's name.
    public var name: String
    /// `pthread_create`'s error number.
    public var code: Int32

    public var description: String {
        "The thread \(name) could not be started: \(String(cString: strerror(code))) (error \(code))."
    }
}

/// How a piece of work is told to go: run, or fail because no thread could be started.
private enum WorkStart {
    case run
    case refused(WorkerThreadError)
}

/// The work of one `WorkerThread`, shared with its thread (which must not keep the worker alive).
private final class WorkQueue: @unchecked Sendable {
    private let name: String
    private let condition = NSCondition()
    // Guarded by `condition`. Slots already taken are nil, so that finished work (and what it
    // holds) is released at once, not when the queue next drains.
    private var work: [((WorkStart) -> Void)?] = []
    private var next = 0
    private var running = false
    private var closed = false

    init(name: String) {
        self.name = name
    }

    func enqueue(_ item: @escaping (WorkStart) -> Void) {
        let start = condition.withLock {
            work.append(item)
            condition.signal()
            defer { running = true }
            return !running
        }
        guard start else { return }
        let code = Self.startThread { [self] in loop() }
        guard code != 0 else { return }
        // No thread: fail what is queued, and let the next work try again.
        let refused = condition.withLock {
            defer {
                work.removeAll()
                next = 0
                running = false
            }
            return work[next...].compactMap { $0 }
        }
        let error = WorkerThreadError(name: name, code: code)
        for item in refused { item(.refused(error)) }
    }

    func close() {
        condition.withLock {
            closed = true
            condition.signal()
        }
    }

    private func loop() {
        Thread.current.name = name
        while true {
            condition.lock()
            while next == work.count && !closed { condition.wait() }
            guard next < work.count, let item = work[next] else {
                // Closed, and everything given was done.
                running = false
                condition.unlock()
                return
            }
            work[next] = nil
            next += 1
            if next == work.count {
                work.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            item(.run)
        }
    }


    /// Starts a detached thread running `body`; 0, or `pthread_create`'s error number.
    /// (Foundation's `Thread.start()` ignores that error, and its work would wait forever.)
    private static func startThread(_ body: @escaping () -> Void) -> Int32 {
        let box = Unmanaged.passRetained(ThreadBody(body))
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, { context in
            let body = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, box.toOpaque())
        guard code == 0 else {
            box.release()
            return code
        }
        pthread_detach(thread)
        return 0
    }
}

/// A thread's work, passed through `pthread_create`'s context pointer.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
