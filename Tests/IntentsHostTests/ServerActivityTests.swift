import Deadlines
@testable import IntentsServer
import Synchronization
import Testing

/// The idle exit's logic (`ServerActivity`) on a manual clock: an open connection holds it off
/// however long it lasts, and it comes exactly one idle time after the last one closed.
@Suite struct ServerActivityTests {
    final class Ended: Sendable {
        let count = Atomic<Int>(0)
        var value: Int { count.load(ordering: .relaxed) }
    }

    @Test func anOpenConnectionHoldsOffTheIdleExitAndItsEndStartsIt() async throws {
        let clock = DeadlineClock.manual()
        let ended = Ended()
        let activity = ServerActivity(idleTime: .seconds(1), clock: clock) { ended.count.add(1, ordering: .relaxed) }
        activity.start()
        await clock.waitForPendingDeadline(labelled: "idle exit")
        var token: ServerActivity.Token? = activity.token()
        // A conversation that waits far longer than the idle time for its answers.
        clock.advance(by: ServerActivity.firstClientGrace + .seconds(60))
        #expect(ended.value == 0)
        #expect(clock.pendingDeadlines == 0, "no idle deadline while a connection is open")
        token = nil
        _ = token
        await clock.waitForPendingDeadline(labelled: "idle exit")
        clock.advance(by: .seconds(1) - .nanoseconds(1))
        #expect(ended.value == 0)
        clock.advance(by: .nanoseconds(1))
        try await waitUntil(.seconds(60)) { ended.value == 1 }
        // Once ended, later connections start nothing.
        token = activity.token()
        token = nil
        #expect(clock.pendingDeadlines == 0)
    }
}
