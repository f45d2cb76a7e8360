import Foundation
import Synchronization
import Testing
import TestPrograms
import WorkerThreads

/// A worker thread on real threads.
@Suite struct WorkerThreadTests {
    /// Something work holds, to see when it is let go.
    private final class Payload: Sendable {}

    /// What the work did, in order.
    private final class Log: Sendable {
        let entries = Mutex<[Int]>([])
        func append(_ entry: Int) { entries.withLock { $0.append(entry) } }
    }

    @Test func workRunsInOrderOnTheNamedThread() async throws {
        let worker = WorkerThread(name: "test-worker")
        let order = Log()
        #expect(try await worker.perform { Thread.current.name ?? "" } == "test-worker")
        // Each task enqueues before its first suspension (`Task.immediate`), so in this order.
        let tasks = (0..<20).map { index in Task.immediate { try await worker.perform { order.append(index) } } }
        for task in tasks { try await task.value }
        #expect(order.entries.withLock { $0 } == Array(0..<20))
        #expect(try await offThePool { try worker.run { 7 } } == 7)
    }

    /// Work that is done is let go at once, even while more waits behind it (the queue does not drain).
    @Test func finishedWorkIsReleasedWhileMoreIsQueued() async throws {
        let worker = WorkerThread(name: "test-worker")
        let gates = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let started = AsyncStream<Int>.makeStream()
        weak var held: Payload?
        let first = Task.immediate { try await worker.perform { started.continuation.yield(0); gates.0.wait() } }
        let done: Task<Void, any Error>
        do {
            let payload = Payload()
            held = payload
            done = Task.immediate { [payload] in try await worker.perform { _ = payload } }
        }
        let second = Task.immediate { try await worker.perform { started.continuation.yield(1); gates.1.wait() } }
        let last = Task.immediate { try await worker.perform { 3 } }
        var events = started.stream.makeAsyncIterator()
        #expect(await events.next() == 0)
        gates.0.signal()
        #expect(await events.next() == 1, "the work holding the payload ran, and the one after it is running")
        try await done.value
        #expect(held == nil)
        gates.1.signal()
        try await first.value
        try await second.value
        #expect(try await last.value == 3)
    }

    @Test func errorsOfTheWorkReachTheCaller() async throws {
        struct Refusal: Error {}
        let worker = WorkerThread(name: "test-worker")
        await #expect(throws: Refusal.self) { try await worker.perform { throw Refusal() } }
        #expect(try await worker.perform { 1 } == 1, "the thread goes on after work that threw")
    }
}
