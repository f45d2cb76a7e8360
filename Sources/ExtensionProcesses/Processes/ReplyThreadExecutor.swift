import Foundation
import Synchronization

/// Runs a conversation's work on the thread that read its extension's reply, when the reply is
/// what resumed it: the conversation then goes on (its next request sent) on that thread, with
/// no hand-off to a thread of the concurrency pool, which costs a wake-up and a context switch
/// per reply. Work resumed from any other thread (a deadline, the user's answer, the store)
/// goes to the global executor, as without it, so the reader never waits for work: it runs
/// what its own deliveries resumed, then reads again.
///
/// A conversation prefers it (`withTaskExecutorPreference`) while it talks to one extension
/// process; the code it runs there must not block, as on the pool, or it holds up the replies of
/// that extension's other conversations (their deadlines still fire on their own thread).
package final class ReplyThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// At most this many jobs run between two reads; any more go to the global executor, so a
    /// conversation that keeps yielding cannot keep the reader from reading.
    static let jobsPerDelivery = 64

    /// The reader thread (`pthread_t`), 0 when none reads (before it starts, after it ended).
    private let reader = Atomic<UInt>(0)
    /// Jobs resumed on the reader thread, run by it after the delivery that resumed them.
    /// Touched only on the reader thread: that is what `@unchecked Sendable` stands for.
    private var resumed: [UnownedJob] = []

    package init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let current = UInt(pthread_self())
        if current != 0 && reader.load(ordering: .acquiring) == current {
            resumed.append(UnownedJob(job))
        } else {
            globalConcurrentExecutor.enqueue(job)
        }
    }

    /// Makes the calling thread the reader: jobs it resumes from now on wait for `runResumed()`.
    func adoptCurrentThread() {
        reader.store(UInt(pthread_self()), ordering: .releasing)
    }

    /// Runs the jobs the reader's last delivery resumed (and those they resumed in turn), at
    /// most `jobsPerDelivery`; the rest go to the global executor. On the reader thread only.
    func runResumed() {
        var ran = 0
        while !resumed.isEmpty {
            let job = resumed.removeFirst()
            if ran < Self.jobsPerDelivery {
                ran += 1
                job.runSynchronously(on: asUnownedTaskExecutor())
            } else {
                globalConcurrentExecutor.enqueue(ExecutorJob(job))
            }
        }
    }

    /// The reader is ending: what it resumed runs now, and whatever is resumed later, on any
    /// thread (a thread may later get its `pthread_t`), goes to the global executor.
    func releaseThread() {
        runResumed()
        reader.store(0, ordering: .releasing)
    }
}
