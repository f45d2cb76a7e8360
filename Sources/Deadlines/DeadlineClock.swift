#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The time deadlines are kept in: real time, or a manual clock that moves only when a test
/// calls `advance(by:)`. Code that has a deadline (a step of an extension, an app's system
/// call, the apps-folder watcher's settling) takes its clock from its owner, so that a test
/// proves "it gives up at the deadline" by moving the clock past it once the wait has begun
/// (`waitForPendingDeadline(labelled:)`), never by sleeping through it.
///
/// No Foundation: the SDK, linked into every extension, uses it.
public final class DeadlineClock: Sendable {
    /// Real time: deadlines fire on the process's one deadline thread (`DeadlineThread`).
    public static let realTime = DeadlineClock(manual: false)

    /// A clock that moves only when `advance(by:)` is called; its deadlines fire within that call.
    public static func manual() -> DeadlineClock { DeadlineClock(manual: true) }

    public let isManual: Bool
    private let origin = ContinuousClock.now
    private let state = Mutex(ManualState())

    private struct ManualState {
        var offset: Duration = .zero
        var nextID: UInt64 = 0
        var pending: [UInt64: (due: Duration, label: String, deadline: Deadline)] = [:]
        var listeners: [@Sendable () -> Void] = []
        /// Tests waiting for a deadline labelled so (any label: nil) to be pending.
        var waiters: [(label: String?, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes out the waiters a pending deadline now satisfies.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let labels = Set(pending.values.map(\.label))
            let ready = waiters.filter { $0.label.map(labels.contains) ?? !pending.isEmpty }
            waiters.removeAll { $0.label.map(labels.contains) ?? !pending.isEmpty }
            return ready.map(\.continuation)
        }
    }

    private init(manual: Bool) {
        isManual = manual
    }

    /// The clock's present instant.
    public var now: ContinuousClock.Instant {
        isManual ? origin + state.withLock { $0.offset } : ContinuousClock.now
    }

    /// Calls `fire` once `delay` has passed on this clock, unless the returned deadline is
    /// cancelled first. Real time, it fires on the deadline thread (`fire` must be quick and
    /// must not block); manual, within the `advance(by:)` that passes it.
    /// - Parameter label: what the deadline is of (`handle`, an app's call), for a test that
    ///   waits for it (`waitForPendingDeadline(labelled:)`); only a manual clock keeps it.
    public func schedule(after delay: Duration, label: String = "", _ fire: @escaping @Sendable () -> Void) -> Deadline {
        guard isManual else { return Deadline(realTimeAfter: delay, fire) }
        let (deadline, ready) = state.withLock { state -> (Deadline, [CheckedContinuation<Void, Never>]) in
            state.nextID += 1
            let id = state.nextID
            let deadline = Deadline(manual: fire) { [weak self] in
                self?.state.withLock { _ = $0.pending.removeValue(forKey: id) }
            }
            state.pending[id] = (state.offset + max(delay, .zero), label, deadline)
            return (deadline, state.satisfiedWaiters())
        }
        ready.forEach { $0.resume() }
        return deadline
    }

    /// Suspends for `duration` on this clock (a manual one: until `advance(by:)` passes it),
    /// holding no thread.
    /// - Parameter label: as `schedule(after:label:_:)` takes it, for a test that waits for it.
    /// - Throws: `CancellationError` when the task is cancelled first (at once, if it was already).
    public func sleep(for duration: Duration, label: String = "") async throws {
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard sleeper.wait(continuation) else { return }
                sleeper.arm(schedule(after: duration, label: label) { sleeper.end(cancelled: false) })
            }
        } onCancel: {
            sleeper.end(cancelled: true)
        }
    }

    /// Moves a manual clock on: fires the deadlines it passes, earliest first, then wakes what
    /// `onAdvance` registered.
    public func advance(by duration: Duration) {
        precondition(isManual, "only a manual clock is advanced")
        let (due, listeners) = state.withLock { state -> ([Deadline], [@Sendable () -> Void]) in
            state.offset += duration
            let now = state.offset
            let passed = state.pending.filter { $0.value.due <= now }.sorted { $0.value.due < $1.value.due }
            passed.forEach { state.pending.removeValue(forKey: $0.key) }
            return (passed.map(\.value.deadline), state.listeners)
        }
        due.forEach { $0.fireIfPending() }
        listeners.forEach { $0() }
    }

    /// Calls `wake` after each `advance(by:)` of a manual clock (a loop waiting on it rereads `now`).
    public func onAdvance(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.listeners.append(wake) }
    }

    /// A manual clock's deadlines that have neither fired nor been cancelled.
    public var pendingDeadlines: Int {
        state.withLock { $0.pending.count }
    }

    /// A manual clock's deadlines labelled `label` that have neither fired nor been cancelled.
    public func pendingDeadlines(labelled label: String) -> Int {
        state.withLock { $0.pending.values.count { $0.label == label } }
    }

    /// Returns once a manual clock has a pending deadline labelled `label` (any, when nil): the
    /// event a test waits for before it moves the clock past that deadline.
    public func waitForPendingDeadline(labelled label: String? = nil) async {
        precondition(isManual, "only a manual clock keeps its deadlines")
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.waiters.append((label, continuation))
                return state.satisfiedWaiters()
            }
            ready.forEach { $0.resume() }
        }
    }
}

/// A scheduled call of `DeadlineClock`: it fires at most once, and never after `cancel()` returned.
///
/// Real time, it is an entry in the process's one deadline thread (`DeadlineThread`), not a
/// timer of its own. Dropped without being cancelled, it never fires.
public final class Deadline: Sendable {
    private enum Phase { case pending, fired, cancelled }
    private let phase = Mutex(Phase.pending)
    private let fire: @Sendable () -> Void
    /// A manual clock's removal of the deadline; nil in real time.
    private let forget: (@Sendable () -> Void)?

    fileprivate init(manual fire: @escaping @Sendable () -> Void, forget: @escaping @Sendable () -> Void) {
        self.fire = fire
        self.forget = forget
    }

    fileprivate init(realTimeAfter delay: Duration, _ fire: @escaping @Sendable () -> Void) {
        self.fire = fire
        self.forget = nil
        DeadlineThread.shared.arm(self, after: delay)
    }

    /// Whether it has neither fired nor been cancelled.
    var isPending: Bool { phase.withLock { $0 == .pending } }

    /// Fires unless it fired or was cancelled already.
    func fireIfPending() {
        let due = phase.withLock { phase in
            defer { if phase == .pending { phase = .fired } }
            return phase == .pending
        }
        if due { fire() }
    }

    /// Moves it from pending to cancelled; false when it was not pending.
    func markCancelled() -> Bool {
        phase.withLock { phase in
            defer { if phase == .pending { phase = .cancelled } }
            return phase == .pending
        }
    }

    /// Cancels the call unless it has begun; true when it had not. Once this returns, `fire`
    /// is not called (it may still be running, if it began before).
    @discardableResult
    public func cancel() -> Bool {
        guard let forget else { return DeadlineThread.shared.cancel(self) }
        let cancelled = markCancelled()
        if cancelled { forget() }
        return cancelled
    }
}

/// One `DeadlineClock.sleep`: its continuation is resumed exactly once, by its deadline or by
/// the task's cancellation, whichever comes first (cancellation may come before it waits).
private final class Sleeper: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var deadline: Deadline?
        var ended = false
    }

    private let state = Mutex(State())

    /// Keeps the continuation; false when the sleep was cancelled before (it is then resumed
    /// with `CancellationError` here).
    func wait(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
        let cancelled = state.withLock { state in
            if !state.ended { state.continuation = continuation }
            return state.ended
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// Keeps the deadline, to cancel it with the task; cancels it at once if the sleep ended.
    func arm(_ deadline: Deadline) {
        let ended = state.withLock { state in
            if !state.ended { state.deadline = deadline }
            return state.ended
        }
        if ended { deadline.cancel() }
    }

    /// Ends the sleep: normally when its deadline fired, with `CancellationError` when cancelled.
    func end(cancelled: Bool) {
        let (continuation, deadline) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, Deadline?) in
            guard !state.ended else { return (nil, nil) }
            state.ended = true
            defer { state.continuation = nil; state.deadline = nil }
            return (state.continuation, state.deadline)
        }
        if cancelled { deadline?.cancel() }
        if cancelled { continuation?.resume(throwing: CancellationError()) } else { continuation?.resume() }
    }
}
