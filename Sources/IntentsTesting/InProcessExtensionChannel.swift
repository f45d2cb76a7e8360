import Deadlines
import ExtensionProcesses
import ExtensionProtocol
import HostBundles
import Intents
import IntentsHost
import Synchronization

/// An extension served inside the test process: the same messages as a real process, no socket.
///
/// For unit tests of the logic above the process boundary; the real thing is `ExtensionProcess`.
public final class InProcessExtensionChannel: ExtensionChannel, @unchecked Sendable {
    private let requests: IntentRequestHandler
    private let bundleIdentifier: String
    private let closed = Atomic<Bool>(false)
    private let received = Atomic<Int>(0)
    /// What the step deadlines are kept in.
    private let clock: DeadlineClock

    /// A channel to `principal`, answering with the same request handler a runner uses.
    /// - Parameters:
    ///   - principal: the extension object; its `handler(for:)` is called once per conversation.
    ///   - bundleIdentifier: the name errors give the extension ("test.extension did not answer…").
    ///   - clock: what step deadlines are kept in: real time, or a test's manual clock.
    public init(extension principal: INExtension, bundleIdentifier: String = "test.extension", clock: DeadlineClock = .realTime) {
        self.requests = IntentRequestHandler(principal: principal,
                                             principalClassName: String(reflecting: type(of: principal)))
        self.bundleIdentifier = bundleIdentifier
        self.clock = clock
    }

    /// Another channel to the same extension (the same handlers and App Intents conversations),
    /// which counts its own requests.
    public init(sharing other: InProcessExtensionChannel) {
        self.requests = other.requests
        self.bundleIdentifier = other.bundleIdentifier
        self.clock = other.clock
    }

    /// True until `shutdown()`; nothing else ends an in-process channel, not even a handler that
    /// crashes, which takes the test process with it.
    public var isAlive: Bool { !closed.load(ordering: .relaxed) }

    /// How many requests this channel passed to the extension (notifications are not counted).
    public var requestCount: Int { received.load(ordering: .relaxed) }

    /// Passes `message` to the extension and waits for its reply, at most `timeout`.
    ///
    /// The extension's code starts at once on the caller's thread, as a plain call would, in a
    /// task of its own: no thread is woken and nothing waits for a queue. What it does after its
    /// first suspension (a completion called later, an `await`) runs on GCD's threads, not the
    /// test's cooperative pool, so tests that block the pool's threads (a synchronous test running
    /// a program) do not hold back the answer. The deadline is an entry of the process's deadline
    /// thread on the channel's clock, disarmed with the reply: a step that suspends and is never
    /// answered ends there. A handler that blocks its thread before it first suspends holds the
    /// caller until it returns, as any call does; the deadline cannot take a thread back.
    /// After a timeout the handler's task keeps running: nothing can stop code in the same process.
    /// - Throws: `HostError`: `.requestTimedOut` naming the bundle and the step;
    ///   `.extensionFailed` when the extension answers with a failure (an unknown intent, a handler
    ///   that does not conform), with the extension's sentence.
    public func request(_ message: HostToExtensionMessage, timeout: Duration) async throws -> ExtensionToHostMessage {
        received.add(1, ordering: .relaxed)
        let outcome = StepOutcome()
        let requests = self.requests
        let bundleIdentifier = self.bundleIdentifier
        let deadline = clock.schedule(after: timeout, label: message.stepDescription) {
            outcome.settle(.failure(HostError(.requestTimedOut,
                "\(bundleIdentifier) did not answer \(message.stepDescription) within \(timeout) (requestTimedOut).")))
        }
        // The extension's code starts on this thread, as a call would; what it does after its
        // first suspension runs on the channel's executor.
        Task.immediate(executorPreference: InProcessExtensionExecutor.shared) {
            let answer = await Self.answer(message, by: requests)
            deadline.cancel()
            outcome.settle(.success(answer))
        }
        guard let reply = try await outcome.value else { throw HostError(.extensionFailed, "\(message.stepDescription) got no reply.") }
        if case .failed(_, let failure) = reply {
            throw HostError(.extensionFailed, "\(bundleIdentifier) could not \(message.stepDescription): \(failure.message)")
        }
        return reply
    }

    /// Passes a message that gets no reply (`endConversation`) and returns at once; not counted
    /// in `requestCount`.
    public func notify(_ message: HostToExtensionMessage) {
        let requests = self.requests
        Task(executorPreference: InProcessExtensionExecutor.shared) { _ = await Self.answer(message, by: requests) }
    }

    /// `requests`' answer to `message`, with what it starts of its own on the same executor.
    private static func answer(_ message: HostToExtensionMessage, by requests: IntentRequestHandler) async -> ExtensionToHostMessage? {
        await IntentRequestHandler.$taskExecutor.withValue(InProcessExtensionExecutor.shared) { await requests.answer(message) }
    }

    /// Marks the channel ended (`isAlive` becomes false); the extension object and any
    /// conversation still running are left to finish on their own.
    public func shutdown() async {
        closed.store(true, ordering: .relaxed)
    }
}

/// A step's outcome, settled once by the answer or the deadline, whichever comes first; later
/// outcomes are dropped. Awaiting one already settled does not suspend.
private final class StepOutcome: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<ExtensionToHostMessage?, any Error>)
        case settled(Result<ExtensionToHostMessage?, any Error>)
    }

    private let state = Mutex<State>(.pending)

    /// The outcome, once there is one; awaited once, by the step's caller.
    var value: ExtensionToHostMessage? {
        get async throws {
            if let settled = state.withLock({ state -> Result<ExtensionToHostMessage?, any Error>? in
                if case .settled(let result) = state { return result }
                return nil
            }) {
                return try settled.get()
            }
            return try await withCheckedThrowingContinuation { continuation in
                let settled = state.withLock { state -> Result<ExtensionToHostMessage?, any Error>? in
                    if case .settled(let result) = state { return result }
                    state = .waiting(continuation)
                    return nil
                }
                if let settled { continuation.resume(with: settled) }
            }
        }
    }

    /// Settles the outcome if it is still open, resuming whoever waits for it.
    func settle(_ result: Result<ExtensionToHostMessage?, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<ExtensionToHostMessage?, any Error>?? in
            switch state {
            case .settled: return nil
            case .pending:
                state = .settled(result)
                return .some(nil)
            case .waiting(let continuation):
                state = .settled(result)
                return .some(continuation)
            }
        }
        if case .some(.some(let continuation)) = waiting { continuation.resume(with: result) }
    }
}
