import Deadlines
import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import Synchronization
import Testing

/// `DeadlineClock.sleep` and the supervisor's reaper on a manual clock: time passes when the
/// test moves it, never by sleeping.
@Suite struct ManualClockSleepTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    @Test func aSleepEndsWhenTheClockPassesItAndNotBefore() async throws {
        let clock = DeadlineClock.manual()
        let woke = Atomic<Bool>(false)
        let sleeper = Task {
            try await clock.sleep(for: .seconds(10), label: "nap")
            woke.store(true, ordering: .relaxed)
        }
        await clock.waitForPendingDeadline(labelled: "nap")
        clock.advance(by: .seconds(9))
        let early = woke.load(ordering: .relaxed)
        #expect(!early)
        #expect(clock.pendingDeadlines == 1)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        let late = woke.load(ordering: .relaxed)
        #expect(late)
        #expect(clock.pendingDeadlines == 0)
    }

    @Test func aCancelledSleepThrowsAndLeavesNoDeadline() async throws {
        let clock = DeadlineClock.manual()
        let sleeper = Task { try await clock.sleep(for: .seconds(10), label: "nap") }
        await clock.waitForPendingDeadline(labelled: "nap")
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.pendingDeadlines == 0)
        // Cancelled before it began: it throws at once.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(clock.pendingDeadlines == 0)
    }

    /// An idle channel is ended once its idle time has passed on the supervisor's clock, and
    /// not a second before.
    @Test func theReaperEndsAnIdleChannelWhenTheClockSaysSo() async throws {
        let dispatcher = makeDispatcher([try sampleAppsFolder(apps)], state: state)
        let clock = DeadlineClock.manual()
        let made = Mutex<[SlowChannel]>([])
        let supervisor = ExtensionSupervisor(idleTimeout: .seconds(5), clock: clock) { _ in
            let channel = SlowChannel()
            made.withLock { $0.append(channel) }
            return channel
        }
        let clearance = try dispatcher.clearance(for: try dispatcher.route("INSendMessageIntent"))
        await #expect(throws: HostError.self) {
            try await supervisor.withChannel(cleared: clearance) { channel in
                _ = try await channel.request(.describe(requestID: 1, intents: []), timeout: .seconds(1))
            }
        }
        let channel = try #require(made.withLock { $0.first })
        for _ in 0..<4 {
            await clock.waitForPendingDeadline(labelled: "reaper")
            clock.advance(by: .seconds(1))
        }
        await clock.waitForPendingDeadline(labelled: "reaper")
        #expect(channel.isAlive)
        #expect(await supervisor.liveCount == 1)
        clock.advance(by: .seconds(1))
        await clock.waitForPendingDeadline(labelled: "reaper")
        #expect(await supervisor.liveCount == 0)
        // Its ending was begun by the reaper; shutting down waits for it.
        await supervisor.shutdownAll()
        let finished = channel.finished.load(ordering: .relaxed)
        #expect(finished)
        #expect(made.withLock { $0.count } == 1)
    }
}
