import Dispatch
import Synchronization

/// Runs a task on the thread that calls `run` (the `intents` command's main thread): the task
/// and every job it enqueues (its continuations resumed, its child tasks) run there, one at a
/// time, and no thread of the concurrency pool or of a dispatch queue is started for it. With
/// `Configuration.blocksCallingThread`, the client's reads and writes then block that thread
/// too. A command's process makes one conversation and ends: starting threads for it cost more
/// than the conversation (a third of the client's CPU in a profile of `intents send`).
package final class CallingThreadExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var finished = false
    }

    private let state = Mutex(State())
    /// Counts the jobs and the end not yet seen by the running thread, which sleeps on it when
    /// it has nothing to run (a signal with no one waiting is only an atomic increment).
    private let waiting = DispatchSemaphore(value: 0)

    package init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        waiting.signal()
    }

    /// Runs `body` as a task on the calling thread and returns its result once it ended. Its
    /// code runs on this thread unless it is isolated to an actor (an actor's code runs where
    /// the actor's executor runs it). Call it once: a job enqueued after the task ended (by
    /// another task given this executor) is never run.
    package func run<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) -> Result {
        let result = Outcome<Result>()
        Task(executorPreference: self) {
            let value = await body()
            result.value.withLock { $0 = value }
            self.state.withLock { $0.finished = true }
            self.waiting.signal()
        }
        while true {
            let (jobs, finished) = state.withLock { state -> ([UnownedJob], Bool) in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return (state.jobs, state.finished)
            }
            for job in jobs {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
            if finished, let value = result.value.withLock({ $0 }) { return value }
            if jobs.isEmpty { waiting.wait() }
        }
    }
}

/// The value a task of `CallingThreadExecutor.run` ended with.
private final class Outcome<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
}
