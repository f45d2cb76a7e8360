import Synchronization

/// The apps-folder watcher's time: the continuous clock, or a manual one a test advances. With
/// a manual clock the watcher never sleeps for time to pass: it waits for file events and for
/// the test's `advance(by:)`, so that a test proves "no change is reported" by moving time past
/// every deadline, not by sleeping through them.
final class WatchClock: Sendable {
    /// Real time.
    static let continuous = WatchClock(manual: false)

    /// A clock that moves only when `advance(by:)` is called.
    static func manual() -> WatchClock { WatchClock(manual: true) }

    let isManual: Bool
    private let origin = ContinuousClock.now
    private let offset = Mutex<Duration>(.zero)
    private let listeners = Mutex<[@Sendable () -> Void]>([])

    private init(manual: Bool) {
        isManual = manual
    }

    var now: ContinuousClock.Instant {
        isManual ? origin + offset.withLock { $0 } : ContinuousClock.now
    }

    /// Moves a manual clock on, and wakes what waits on it.
    func advance(by duration: Duration) {
        precondition(isManual, "only a manual clock is advanced")
        offset.withLock { $0 += duration }
        listeners.withLock { $0 }.forEach { $0() }
    }

    /// Calls `wake` at each `advance(by:)`.
    func onAdvance(_ wake: @escaping @Sendable () -> Void) {
        listeners.withLock { $0.append(wake) }
    }
}
