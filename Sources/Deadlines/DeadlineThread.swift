#if canImport(Glibc)
import Glibc
#endif

/// The one thread of a process that real-time deadlines fire on: a min-heap of due times,
/// and a thread that sleeps until the earliest (`pthread_cond_timedwait` on the monotonic clock).
///
/// Arming a deadline is a heap push under a lock; it wakes the thread only when it becomes the
/// earliest, which a stream of requests with the same timeout never does. Cancelling is a flag:
/// the entry leaves the heap when it comes due or when cancelled entries are more than half of
/// the heap (it is then rebuilt without them), so a process answering thousands of requests a
/// second holds no timer per request and wakes no thread to disarm one. The thread is its own,
/// not a dispatch queue's or the concurrency pool's, so that a busy pool cannot delay a deadline.
package final class DeadlineThread: @unchecked Sendable {
    package static let shared = DeadlineThread()

    private struct Entry {
        let due: UInt64
        /// Orders entries with the same due time by when they were armed.
        let sequence: UInt64
        /// Weak: a deadline dropped without being cancelled never fires.
        weak var deadline: Deadline?

        func precedes(_ other: Entry) -> Bool {
            due != other.due ? due < other.due : sequence < other.sequence
        }
    }

    // Guarded by `mutex`.
    private var heap: [Entry] = []
    private var sequence: UInt64 = 0
    /// Entries in the heap whose deadline was cancelled (counted under the lock, as cancelled).
    private var cancelled = 0
    /// The due time the thread sleeps until; nil while it sleeps without bound or is running.
    private var sleepingUntil: UInt64?
    private var started = false

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    private init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    /// The monotonic clock's present reading, in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Arms `deadline` to fire `delay` from now.
    func arm(_ deadline: Deadline, after delay: Duration) {
        let (seconds, attoseconds) = max(delay, .zero).components
        let nanoseconds = UInt64(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let offset = nanoseconds.overflow ? UInt64.max / 2 : nanoseconds.partialValue.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000)).partialValue
        let due = Self.now().addingReportingOverflow(offset)
        pthread_mutex_lock(mutex)
        if !started {
            started = true
            startThread()
        }
        sequence += 1
        push(Entry(due: due.overflow ? UInt64.max : due.partialValue, sequence: sequence, deadline: deadline))
        // Only a new earliest deadline changes when the thread must wake.
        if heap[0].sequence == sequence && sleepingUntil.map({ heap[0].due < $0 }) ?? true {
            pthread_cond_signal(condition)
        }
        pthread_mutex_unlock(mutex)
    }

    /// Cancels `deadline` unless it has fired or been cancelled; true when it was pending. Its
    /// entry stays in the heap, as dead weight, until it comes due or the heap is rebuilt.
    func cancel(_ deadline: Deadline) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard deadline.markCancelled() else { return false }
        cancelled += 1
        guard heap.count > 64 && 2 * cancelled > heap.count else { return true }
        let dropped = compact()
        pthread_mutex_unlock(mutex)
        // Released with the lock let go (see `run`).
        withExtendedLifetime(dropped) {}
        pthread_mutex_lock(mutex)
        return true
    }

    /// How many entries the heap holds, dead ones included (for tests of its compaction).
    package var heapCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return heap.count
    }

    private func startThread() {
        var thread = pthread_t()
        let context = Unmanaged.passUnretained(self).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            Unmanaged<DeadlineThread>.fromOpaque(context!).takeUnretainedValue().run()
            return nil
        }, context)
        precondition(result == 0, "The deadline thread cannot start: error \(result).")
        pthread_detach(thread)
    }

    private func run() {
        pthread_mutex_lock(mutex)
        while true {
            guard let first = heap.first else {
                sleepingUntil = nil
                pthread_cond_wait(condition, mutex)
                continue
            }
            // Released once the lock is let go: the last reference to a deadline may be this one,
            // and what its closure holds may arm or cancel deadlines as it goes.
            var held = first.deadline
            guard held?.isPending == true else {
                if held != nil { cancelled -= 1 }
                pop()
                pthread_mutex_unlock(mutex)
                held = nil
                pthread_mutex_lock(mutex)
                continue
            }
            if first.due > Self.now() {
                held = nil
                sleepingUntil = first.due
                var until = timespec(tv_sec: Int(first.due / 1_000_000_000), tv_nsec: Int(first.due % 1_000_000_000))
                pthread_cond_timedwait(condition, mutex, &until)
                sleepingUntil = nil
                continue
            }
            pop()
            pthread_mutex_unlock(mutex)
            held?.fireIfPending()
            held = nil
            pthread_mutex_lock(mutex)
        }
    }

    /// Drops the entries of deadlines no longer pending (cancelled, or dropped uncancelled) and
    /// restores the heap order.
    /// - Returns: the deadlines dropped, for the caller to release once it has let go of the lock.
    private func compact() -> [Deadline] {
        var dropped: [Deadline] = []
        heap.removeAll { entry in
            guard let deadline = entry.deadline else { return true }
            guard !deadline.isPending else { return false }
            dropped.append(deadline)
            return true
        }
        cancelled = 0
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        return dropped
    }

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func pop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var earliest = left
            if left + 1 < heap.count && heap[left + 1].precedes(heap[left]) { earliest = left + 1 }
            guard heap[earliest].precedes(heap[parent]) else { return }
            heap.swapAt(earliest, parent)
            parent = earliest
        }
    }
}
