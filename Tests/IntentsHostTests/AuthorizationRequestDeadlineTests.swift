import Deadlines
import Foundation
@testable import IntentsServer
import IntentsHost
import SystemStore
import Testing
import HostBundles

/// Apps' requests for Siri waiting for the user (`AuthorizationRequests`): one per app, shared
/// by its callers, answered `.notDetermined` at its deadline (on a clock the test moves).
@Suite struct AuthorizationRequestDeadlineTests {
    let folder = TemporaryFolder()

    func app(_ name: String) throws -> AppBundle {
        try BundleWriter(appsFolder: folder.path).app(name, identifier: "com.example.\(name)", extra: ["NSSiriUsageDescription": "To ask."])
        return try #require(BundleScanner.scan(appsFolders: [folder.path]).apps.first { $0.displayName == name })
    }

    @Test func aRequestNobodyAnswersIsAnsweredNotDeterminedAtItsDeadline() async throws {
        let clock = DeadlineClock.manual()
        let requests = AuthorizationRequests(clock: clock)
        let forger = try app("Forger")
        async let first = requests.wait(for: forger, usageDescription: "To ask.")
        async let second = requests.wait(for: forger, usageDescription: "To ask.")
        await clock.waitForPendingDeadline(labelled: "authorization")
        try await waitUntil(.seconds(60)) { requests.pending.first?.requests == 2 }
        #expect(requests.pending.map(\.app) == ["com.example.Forger"], "one request for the app, shared")
        #expect(clock.pendingDeadlines == 1, "one deadline for the shared request")
        #expect(AuthorizationRequests.answerDeadline == .seconds(300))

        // A nanosecond before the deadline nothing is answered; at it, both callers are.
        clock.advance(by: AuthorizationRequests.answerDeadline - .nanoseconds(1))
        #expect(requests.pending.first?.requests == 2)
        clock.advance(by: .nanoseconds(1))
        #expect(await [first, second] == [.notDetermined, .notDetermined])
        #expect(requests.pending.isEmpty)
    }

    @Test func theUsersAnswerEndsTheDeadline() async throws {
        let clock = DeadlineClock.manual()
        let requests = AuthorizationRequests(clock: clock)
        let forger = try app("Forger")
        async let asked = requests.wait(for: forger, usageDescription: "To ask.")
        await clock.waitForPendingDeadline(labelled: "authorization")
        try await waitUntil(.seconds(60)) { requests.pending.first?.requests == 1 }
        requests.decided(.denied, app: "com.example.Forger")
        #expect(await asked == .denied)
        #expect(clock.pendingDeadlines == 0, "the answer cancelled the deadline")
        // A later request of the app starts a deadline of its own; the old one ends nothing.
        async let again = requests.wait(for: forger, usageDescription: "To ask.")
        await clock.waitForPendingDeadline(labelled: "authorization")
        clock.advance(by: AuthorizationRequests.answerDeadline)
        #expect(await again == .notDetermined)
    }

    /// The user decided after the app's request read the store but before it waited: the
    /// `decided` call found no one waiting. Reading the decision again once waiting answers it
    /// at once, not at the deadline five minutes later.
    @Test(.timeLimit(.minutes(1))) func aDecisionMadeJustBeforeTheWaitBeganAnswersIt() async throws {
        let clock = DeadlineClock.manual()
        let requests = AuthorizationRequests(clock: clock)
        let forger = try app("Forger")
        requests.decided(.authorized, app: "com.example.Forger")
        let answer = await requests.wait(for: forger, usageDescription: "To ask.") { .authorized }
        #expect(answer == .authorized)
        #expect(requests.pending.isEmpty)
        #expect(clock.pendingDeadlines == 0)
    }
}
