import Deadlines
import Foundation
import Synchronization

/// A value set once, from any thread, and waited for by tasks (suspended, never holding a thread
/// of the concurrency pool), by threads of their own, or by callbacks.
///
/// A bounded wait ends on a `Deadline` of its clock (real time: a timer on the deadline queue),
/// not a sleeping task: a busy concurrency pool cannot delay it, it is cancelled when the value
/// comes first, and a test's manual clock ends it when moved past it.
final class Completion<Value: Sendable>: Sendable {
    private struct Waiter: Sendable {
        let continuation: CheckedContinuation<Value?, Never>
        /// Armed once the waiter is registered, so that it cannot fire before.
        var deadline: Deadline?
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
            waiter.deadline?.cancel()
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
        await wait(within: nil, on: .realTime)
    }

    /// Waits at most `timeout` on `clock` for the value; nil when it is not set by then (or the
    /// task is cancelled first).
    func wait(within timeout: Duration, on clock: DeadlineClock = .realTime) async -> Value? {
        if let value { return value }
        return await wait(within: Optional(timeout), on: clock)
    }

    private func wait(within timeout: Duration?, on clock: DeadlineClock) async -> Value? {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let now = state.withLock { state -> Value?? in
                    if state.cancelled.remove(id) != nil { return .some(state.value) }
                    if let value = state.value { return .some(value) }
                    state.waiters[id] = Waiter(continuation: continuation)
                    return .none
                }
                if let now {
                    continuation.resume(returning: now)
                } else if let timeout {
                    let deadline = clock.schedule(after: timeout, label: "completion") { [weak self] in self?.abandon(id, beforeRegistration: false) }
                    // Gone already (the value came, or the task was cancelled): nothing to arm.
                    let armed = state.withLock { state in
                        state.waiters[id]?.deadline = deadline
                        return state.waiters[id] != nil
                    }
                    if !armed { deadline.cancel() }
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
        waiter?.deadline?.cancel()
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
