import Foundation
import Synchronization
import TestParallelism
import Testing

/// What the whole suite is written for: on Linux, Swift's cooperative pool has one thread per
/// processor and never adds one while they block. That is what `LIBDISPATCH_COOPERATIVE_POOL_STRICT`
/// asks of Apple's libdispatch (Linux's never reads the variable: it needs none), so every test
/// runs as it would under it, and work that blocks the pool shows up here as other tests
/// waiting. Each blocking wait of the tests goes through `offThePool`.
///
/// If this fails, the platform added threads to a blocked pool, and a test that blocks it
/// would no longer be noticed.
@Suite struct CooperativePoolTests {
    @Test func aTaskQueuedBehindBlockedPoolThreadsRunsOnlyWhenOneIsLetGo() async throws {
        let width = ProcessInfo.processInfo.activeProcessorCount
        // All on a thread of its own: this test's task could not resume while the pool is held.
        let seen = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Self.blockThePool(width: width)) }.start()
        }
        try #require(seen.allStarted, "the \(width) blockers did not all get a thread within 60 s")
        #expect(!seen.ranWhileBlocked, "the pool ran a task while its \(width) threads were blocked: it grows")
        #expect(seen.ranOnceLetGo)
    }

    /// The suite runs a bounded number of tests at once (`TestParallelism`), so that the pool's
    /// queue stays short: set before Swift Testing read its configuration.
    @Test func testsRunAFewPerProcessorAtOnce() {
        let width = Int(test_parallelization_width())
        #expect(width > 0, "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH is not set")
        #expect(ProcessInfo.processInfo.environment["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"] == String(width))
    }

    struct Seen: Sendable {
        var allStarted: Bool
        var ranWhileBlocked: Bool
        var ranOnceLetGo: Bool
    }

    /// Holds every thread of the pool (`width` tasks that wait), queues one more task, and sees
    /// whether it runs before they are let go, and after. Blocks the calling thread.
    private static func blockThePool(width: Int) -> Seen {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<width {
            Task.detached {
                started.signal()
                release.wait()
            }
        }
        // Other tests' jobs run meanwhile; each blocker starts when it gets a thread.
        let allStarted = (0..<width).allSatisfy { _ in started.wait(timeout: .now() + 60) == .success }
        let ran = DispatchSemaphore(value: 0)
        Task.detached { ran.signal() }
        // With every thread blocked, the task has none: for 2 s (a pool that grows adds one
        // within about a second, as the global dispatch queues do).
        let ranWhileBlocked = ran.wait(timeout: .now() + 2) == .success
        for _ in 0..<width { release.signal() }
        let ranOnceLetGo = ranWhileBlocked || ran.wait(timeout: .now() + 60) == .success
        return Seen(allStarted: allStarted, ranWhileBlocked: ranWhileBlocked, ranOnceLetGo: ranOnceLetGo)
    }
}
