import Dispatch

/// Where an extension served in process runs its code once it has suspended (it starts on the
/// caller's thread): on GCD's threads, as an extension process runs on threads of its own, not
/// on Swift's cooperative pool, which has one thread per core. A test suite keeping that pool
/// busy (tests that block a thread, hundreds that start at once) must not hold an answer back
/// past its step's deadline.
final class InProcessExtensionExecutor: TaskExecutor, Sendable {
    static let shared = InProcessExtensionExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
