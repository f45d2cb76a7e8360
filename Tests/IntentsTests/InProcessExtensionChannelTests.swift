import AppIntents
import Deadlines
import ExtensionProtocol
import Foundation
import Intents
import IntentsTesting
import Testing

/// The in-process channel answers on threads of its own, as an extension process does: tests
/// that keep Swift's cooperative pool busy (one thread per core) cannot hold an answer back
/// past its deadline. A whole suite starting at once did, before.
@Suite struct InProcessExtensionChannelTests {
    /// Jobs that block the pool's threads for about 1.5 seconds on two cores, queued ahead of what comes next.
    func blockThePool() -> [Task<Void, Never>] {
        (0..<30).map { _ in Task { usleep(100_000) } }
    }

    @Test func describeAndPerformAnswerWhileThePoolIsBusy() async throws {
        let channel = InProcessExtensionChannel(extension: INExtension())
        var blockers = blockThePool()
        let described = try await channel.request(.describeAppIntents(requestID: 1, intents: ["IntentsTests.OpenDoorIntent"], shortcutsProvider: nil),
                                                  timeout: .seconds(1))
        blockers += blockThePool()
        // perform() runs in a task of its own, which must prefer the channel's threads too.
        let asked = try await channel.request(.perform(requestID: 2, conversation: 1, typeName: "IntentsTests.OpenDoorIntent",
                                                       intent: IntentPayload(name: "OpenDoorIntent")), timeout: .seconds(1))
        blockers += blockThePool()
        let performed = try await channel.request(.answer(requestID: 3, conversation: 1, answer: .value(.string("front"))), timeout: .seconds(1))
        for blocker in blockers { await blocker.value }

        guard case .appIntentsDescribed(1, let metadata) = described else { throw UnexpectedAnswer(described) }
        #expect(metadata.intents.map(\.name) == ["OpenDoorIntent"])
        guard case .asks(2, let question) = asked else { throw UnexpectedAnswer(asked) }
        #expect(question.dialog == "Which door?")
        guard case .performed(3, let result) = performed else { throw UnexpectedAnswer(performed) }
        #expect(result.dialog == "Opened the front door.")
        #expect(channel.requestCount == 3)
    }

    /// A handler that notes the thread its resolve method is called on.
    final class ThreadNotingHandler: NSObject, INSendMessageIntentHandling, @unchecked Sendable {
        private(set) var thread: pthread_t?

        func resolveContent(for intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
            thread = pthread_self()
            completion(.success(with: "hello"))
        }
    }

    final class ThreadNotingExtension: INExtension, @unchecked Sendable {
        let handler = ThreadNotingHandler()
        override func handler(for intent: INIntent) -> Any? { handler }
    }

    /// A step is a plain call: the extension's code starts on the thread that asked, with no
    /// thread woken and no queue between them. The test asks from a thread of its own, which
    /// GCD never lends to anything else.
    @Test func theExtensionStartsOnTheCallersThread() async throws {
        let principal = ThreadNotingExtension()
        let channel = InProcessExtensionChannel(extension: principal)
        let (caller, reply) = try await withTaskExecutorPreference(OwnThreadExecutor.shared) {
            let caller = pthread_self()
            let reply = try await channel.request(.resolve(requestID: 1, conversation: 1, intent: IntentPayload(name: "INSendMessageIntent"),
                                                           parameter: "content"), timeout: .seconds(10))
            return (caller, reply)
        }
        guard case .resolved(1, let results) = reply else { throw UnexpectedAnswer(reply) }
        #expect(results.count == 1)
        #expect(pthread_equal(caller, OwnThreadExecutor.shared.thread) != 0, "the test asked from the executor's thread")
        let noted = try #require(principal.handler.thread)
        #expect(pthread_equal(noted, caller) != 0)
    }

    struct UnexpectedAnswer: Error {
        let message: ExtensionToHostMessage

        init(_ message: ExtensionToHostMessage) {
            self.message = message
        }
    }
}

/// What `HangIntent.perform()` waits on: a manual clock the test moves once it is done.
private let hangClock = DeadlineClock.manual()

/// An App Intent whose `perform()` does not return until the test lets it.
struct HangIntent: AppIntent {
    static let title: LocalizedStringResource = "Hang"

    func perform() async throws -> some IntentResult {
        try await hangClock.sleep(for: .seconds(3600), label: "hang")
        return .result()
    }
}

/// A step's deadline on the channel's clock: a step never answered ends there, and an answered
/// one leaves no deadline behind.
@Suite struct InProcessStepDeadlineTests {
    @Test func aStepThatIsNeverAnsweredEndsAtItsDeadline() async throws {
        let clock = DeadlineClock.manual()
        let channel = InProcessExtensionChannel(extension: INExtension(), clock: clock)
        let performing = Task {
            try await channel.request(.perform(requestID: 1, conversation: 1, typeName: "IntentsTests.HangIntent",
                                               intent: IntentPayload(name: "HangIntent")), timeout: .seconds(5))
        }
        await clock.waitForPendingDeadline(labelled: "perform")
        clock.advance(by: .seconds(4))
        await hangClock.waitForPendingDeadline(labelled: "hang")
        clock.advance(by: .seconds(1))
        let error = await #expect(throws: (any Error).self) { try await performing.value }
        #expect(error.map { "\($0)" } == "test.extension did not answer perform within 5.0 seconds (requestTimedOut).")
        #expect(clock.pendingDeadlines == 0)
        channel.notify(.endConversation(conversation: 1))
        hangClock.advance(by: .seconds(3600))
    }

    @Test func anAnsweredStepLeavesNoDeadline() async throws {
        let clock = DeadlineClock.manual()
        let channel = InProcessExtensionChannel(extension: INExtension(), clock: clock)
        let asked = try await channel.request(.perform(requestID: 1, conversation: 1, typeName: "IntentsTests.OpenDoorIntent",
                                                       intent: IntentPayload(name: "OpenDoorIntent")), timeout: .seconds(5))
        guard case .asks = asked else { throw InProcessExtensionChannelTests.UnexpectedAnswer(asked) }
        #expect(clock.pendingDeadlines == 0)
        channel.notify(.endConversation(conversation: 1))
    }
}

/// A task executor with one thread of its own, which runs nothing else: a test that asks from it
/// knows which thread it asked from.
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = OwnThreadExecutor()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var started: pthread_t?

    /// The executor's thread.
    var thread: pthread_t {
        condition.lock()
        defer { condition.unlock() }
        while started == nil { condition.wait() }
        return started!
    }

    private init() {
        Thread { [self] in run() }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        condition.lock()
        started = pthread_self()
        condition.broadcast()
        while true {
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
            condition.lock()
        }
    }
}
