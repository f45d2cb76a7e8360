import Deadlines
import Foundation
import Synchronization

/// A value set once, from any thread, and waited for by tasks (suspended, never holding a thread
/// of the concurrency pool), by threads of their own, or by callbacks.
///
/// A bounded wait ends on a timer of `DeadlineQueue`, not a sleeping task: a busy concurrency
/// pool cannot delay it, and it is disarmed when the value comes first.
final class Completion<Value: Sendable>: Sendable {
    private struct Waiter: @unchecked Sendable { // Dispatch sources are thread-safe.
        let continuation: CheckedContinuation<Value?, Never>
        let timer: (any DispatchSourceTimer)?
    }

    private struct State {
        var value: Value?
        var waiters: [UInt64: Waiter] = [:]
        /// Waits cancelled before they were registered.
        var cancelled: Set<UInt64> = []
        var sleepers: [DispatchSemaphore] = []
        var callbacks: [@Sendable (Value) -> Void] = []
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    init() {}

    /// The value, once set.
    var value: Value? { state.withLock { $0.value } }

    /// Sets the value and wakes every waiter; false (and nothing changes) when it was set already.
    @discardableResult
    func complete(_ value: Value) -> Bool {
        let woken = state.withLock { state -> State? in
            guard state.value == nil else { return nil }
            state.value = value
            let woken = State(waiters: state.waiters, sleepers: state.sleepers, callbacks: state.callbacks)
            state.waiters = [:]
            state.sleepers = []
            state.callbacks = []
            return woken
        }
        guard let woken else { return false }
        for waiter in woken.waiters.values {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: value)
        }
        for sleeper in woken.sleepers { sleeper.signal() }
        for callback in woken.callbacks { callback(value) }
        return true
    }

    /// Runs `action` with the value: now when it is set, else on the thread that sets it (so it
    /// must be quick and must not block).
    func whenComplete(_ action: @escaping @Sendable (Value) -> Void) {
        let now = state.withLock { state -> Value? in
            if let value = state.value { return value }
            state.callbacks.append(action)
            return nil
        }
        if let now { action(now) }
    }

    /// Waits for the value; nil when the task is cancelled first.
    func wait() async -> Value? {
        await wait(timer: nil)
    }

    /// Waits at most `timeout` for the value; nil when it is not set by then (or the task is
    /// cancelled first).
    func wait(within timeout: Duration) async -> Value? {
        if let value { return value }
        let timer = DispatchSource.makeTimerSource(queue: DeadlineQueue.shared)
        timer.schedule(deadline: .now() + timeout.seconds)
        return await wait(timer: timer)
    }

    private func wait(timer: (any DispatchSourceTimer)?) async -> Value? {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        timer?.setEventHandler { [weak self] in self?.abandon(id, beforeRegistration: false) }
        // A source must be active when released, cancelled or not.
        defer { timer?.activate() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let now = state.withLock { state -> Value?? in
                    if state.cancelled.remove(id) != nil { return .some(state.value) }
                    if let value = state.value { return .some(value) }
                    state.waiters[id] = Waiter(continuation: continuation, timer: timer)
                    return .none
                }
                if let now {
                    timer?.cancel()
                    continuation.resume(returning: now)
                } else {
                    timer?.activate()
                }
            }
        } onCancel: {
            abandon(id, beforeRegistration: true)
        }
    }

    /// Ends wait `id` with nil (its deadline passed or its task was cancelled), unless it ended;
    /// a wait not registered yet is marked, when it can be, to end as soon as it registers.
    private func abandon(_ id: UInt64, beforeRegistration: Bool) {
        let waiter = state.withLock { state -> Waiter? in
            if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
            if beforeRegistration && state.value == nil { state.cancelled.insert(id) }
            return nil
        }
        waiter?.timer?.cancel()
        waiter?.continuation.resume(returning: nil)
    }

    /// Blocks the calling thread at most `timeout` (nil: without bound) until the value is set.
    /// Only for a thread of its own: never call it from a task.
    func waitBlocking(timeout: Duration?) -> Value? {
        let sleeper = DispatchSemaphore(value: 0)
        if let now = state.withLock({ state -> Value? in
            if let value = state.value { return value }
            state.sleepers.append(sleeper)
            return nil
        }) {
            return now
        }
        if let timeout {
            _ = sleeper.wait(timeout: .now() + timeout.seconds)
        } else {
            sleeper.wait()
        }
        return value
    }
}

/// The queue every deadline of the process layer fires on (handlers only resume or fail what
/// waits). A serial queue of its own, not a global one: libdispatch gives a global queue about
/// one thread a processor, which blocking work elsewhere in the host can hold, whereas a serial
/// queue is served by its overcommitting pool, which starts a thread when none is free.
enum DeadlineQueue {
    static let shared = DeadlineClock.realTimeQueue
}
