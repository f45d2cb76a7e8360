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
    /// The extension runs on GCD's threads, not the test's cooperative pool, so a handler that
    /// blocks does not hold back the deadline, and tests that block the pool's threads (a
    /// synchronous test running a program) do not hold back the answer. The deadline is an
    /// entry of the process's deadline thread on the channel's clock, disarmed with the reply.
    /// After a timeout the handler's task keeps running: nothing can stop code in the same process.
    /// - Throws: `HostError`: `.requestTimedOut` naming the bundle and the step;
    ///   `.extensionFailed` when the extension answers with a failure (an unknown intent, a handler
    ///   that does not conform), with the extension's sentence.
    public func request(_ message: HostToExtensionMessage, timeout: Duration) async throws -> ExtensionToHostMessage {
        received.add(1, ordering: .relaxed)
        let reply = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ExtensionToHostMessage?, any Error>) in
            let once = ResumeOnce(continuation)
            let requests = self.requests
            let bundleIdentifier = self.bundleIdentifier
            let deadline = clock.schedule(after: timeout, label: message.stepDescription) {
                once.resume(with: .failure(HostError(.requestTimedOut,
                    "\(bundleIdentifier) did not answer \(message.stepDescription) within \(timeout) (requestTimedOut).")))
            }
            Task(executorPreference: InProcessExtensionExecutor.shared) {
                let answer = await Self.answer(message, by: requests)
                deadline.cancel()
                once.resume(with: .success(answer))
            }
        }
        guard let reply else { throw HostError(.extensionFailed, "\(message.stepDescription) got no reply.") }
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

/// Resumes a continuation once; later results are dropped.
private final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation = Mutex<CheckedContinuation<Value, any Error>?>(nil)

    init(_ continuation: CheckedContinuation<Value, any Error>) {
        self.continuation.withLock { $0 = continuation }
    }

    func resume(with result: Result<Value, any Error>) {
        continuation.withLock { $0.take() }?.resume(with: result)
    }
}
