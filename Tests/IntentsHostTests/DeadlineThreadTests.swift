import Deadlines
import Synchronization
import Testing

/// The process's one deadline thread (`DeadlineThread`): real-time deadlines fire in due order,
/// an earlier one armed after a later one is not held behind it, cancelled ones never fire and
/// do not pile up. Each wait is for the event (a deadline firing), bounded by `within`.
@Suite struct DeadlineThreadTests {
    /// Fired labels, in firing order, and a wait for a count of them.
    final class Firings: Sendable {
        private let state = Mutex<(labels: [String], waiters: [(Int, CheckedContinuation<Void, Never>)])>(([], []))

        func fired(_ label: String) {
            let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.labels.append(label)
                let count = state.labels.count
                let ready = state.waiters.filter { $0.0 <= count }.map(\.1)
                state.waiters.removeAll { $0.0 <= count }
                return ready
            }
            ready.forEach { $0.resume() }
        }

        var labels: [String] { state.withLock { $0.labels } }

        /// Returns once `count` deadlines fired, or after `within` (a real-time backstop, not a
        /// sleep the result depends on: the caller checks what fired).
        func wait(for count: Int, within: Duration = .seconds(20)) async {
            let backstop = DeadlineClock.realTime.schedule(after: within) { self.release() }
            defer { backstop.cancel() }
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    if state.labels.count >= count { return true }
                    state.waiters.append((count, continuation))
                    return false
                }
                if now { continuation.resume() }
            }
        }

        private func release() {
            let all = state.withLock { state in
                defer { state.waiters.removeAll() }
                return state.waiters.map(\.1)
            }
            all.forEach { $0.resume() }
        }
    }

    @Test func deadlinesFireInDueOrderWhateverOrderTheyWereArmedIn() async {
        let firings = Firings()
        let clock = DeadlineClock.realTime
        // Each deadline's due instant lies in a window: its delay after the clock read before
        // its `schedule`, and after the one read after. On a loaded machine the thread may be
        // preempted between two arms for longer than the 200 ms between their delays, and the
        // due order is then another; it is known unless two windows overlap.
        var due: [(label: String, earliest: ContinuousClock.Instant, latest: ContinuousClock.Instant)] = []
        var deadlines: [Deadline] = []
        for (label, delay) in [("late", 600), ("early", 200), ("middle", 400)] {
            let before = ContinuousClock.now
            deadlines.append(clock.schedule(after: .milliseconds(delay)) { firings.fired(label) })
            due.append((label, before + .milliseconds(delay), ContinuousClock.now + .milliseconds(delay)))
        }
        await firings.wait(for: 3)
        due.sort { $0.earliest < $1.earliest }
        let known = zip(due, due.dropFirst()).allSatisfy { $0.latest < $1.earliest }
        if known { #expect(firings.labels == due.map(\.label)) }
        #expect(Set(firings.labels) == ["early", "middle", "late"])
        #expect(!deadlines.contains { $0.cancel() }, "a fired deadline cannot be cancelled")
    }

    @Test func anEarlierDeadlineArmedAfterALaterOneIsNotHeldBehindIt() async {
        let firings = Firings()
        let clock = DeadlineClock.realTime
        let distant = clock.schedule(after: .seconds(3600)) { firings.fired("distant") }
        defer { distant.cancel() }
        let now = clock.schedule(after: .zero) { firings.fired("now") }
        await firings.wait(for: 1)
        withExtendedLifetime(now) {}
        #expect(firings.labels == ["now"])
    }

    @Test func cancelledDeadlinesNeverFireAndDoNotPileUp() async {
        let firings = Firings()
        let clock = DeadlineClock.realTime
        for index in 0..<10_000 {
            let deadline = clock.schedule(after: .seconds(3600)) { firings.fired("cancelled \(index)") }
            #expect(deadline.cancel())
            #expect(!deadline.cancel(), "a second cancel finds nothing pending")
        }
        // Other suites arm deadlines of their own meanwhile; what matters is that ten thousand
        // cancelled ones are not all still held.
        #expect(DeadlineThread.shared.heapCount < 5_000)
        let marker = clock.schedule(after: .milliseconds(1)) { firings.fired("marker") }
        await firings.wait(for: 1)
        withExtendedLifetime(marker) {}
        #expect(firings.labels == ["marker"])
    }

    @Test func aDeadlineDroppedWithoutCancellingNeverFires() async {
        let firings = Firings()
        let clock = DeadlineClock.realTime
        do {
            _ = clock.schedule(after: .milliseconds(5)) { firings.fired("dropped") }
        }
        let kept = clock.schedule(after: .milliseconds(30)) { firings.fired("kept") }
        await firings.wait(for: 1)
        withExtendedLifetime(kept) {}
        #expect(firings.labels == ["kept"])
    }
}
