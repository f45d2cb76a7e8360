import Foundation
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
    /// Exit codes of the probe.
    enum Finding: Int32 {
        case strict = 0
        /// A task blocked beyond one per processor still got a thread: the pool grows.
        case grows = 1
        /// The task queued behind the blocked ones never ran once they were let go.
        case stuck = 2
    }

    /// In a process of its own, so that holding the pool stops no other test: tasks that block
    /// are started one at a time, each given 3 s to get a thread, until one gets none; the pool
    /// then holds no more threads than there are processors, and a task queued behind them runs
    /// once they are let go. (A pool that grew would give the next one a thread within about a
    /// second, as the global dispatch queues do.)
    @Test func aTaskQueuedBehindBlockedPoolThreadsRunsOnlyWhenOneIsLetGo() async {
        await #expect(processExitsWith: .exitCode(Finding.strict.rawValue)) {
            let finding = await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: CooperativePoolTests.probeThePool()) }.start()
            }
            exit(finding.rawValue)
        }
    }

    /// Holds the pool's threads with tasks that wait, and sees how many it gives. Blocks the
    /// calling thread (never one of the pool's).
    static func probeThePool() -> Finding {
        let processors = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        var held = 0
        // One more than the processors: the last must find no thread.
        while held <= processors {
            Task.detached {
                started.signal()
                release.wait()
            }
            guard started.wait(timeout: .now() + 3) == .success else { break }
            held += 1
        }
        let finding: Finding
        if held > processors {
            finding = .grows
        } else {
            // The one that found no thread runs once the others are let go.
            for _ in 0..<held { release.signal() }
            finding = started.wait(timeout: .now() + 60) == .success ? .strict : .stuck
        }
        for _ in 0...processors { release.signal() }
        return finding
    }

    /// The suite runs a bounded number of tests at once (`TestParallelism`), so that the pool's
    /// queue stays short. This checks that the variable is set before Swift Testing reads it, not
    /// how many tests it then runs at once.
    @Test func theParallelizationWidthIsSetBeforeTheTestsStart() {
        let width = Int(test_parallelization_width())
        #expect(width > 0, "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH is \(String(describing: ProcessInfo.processInfo.environment["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"]))")
    }
}
