import ExtensionProtocol
import Logging

/// A live connection to one extension: a process, or an in-process test double.
public protocol ExtensionChannel: AnyObject, Sendable {
    /// Sends a request and waits for its reply, at most `timeout`.
    /// - Throws: `HostError` (`.requestTimedOut`, `.extensionFailed`) naming the bundle.
    func request(_ message: HostToExtensionMessage, timeout: Duration) async throws -> ExtensionToHostMessage
    /// Sends a message that gets no reply (`endConversation`); failures are ignored.
    func notify(_ message: HostToExtensionMessage)
    /// Whether the channel can still serve requests.
    var isAlive: Bool { get }
    /// Ends the channel and returns once it has ended; for a process, closes its socket, gives
    /// it a grace period, kills it, and awaits the reap. Bounded; never blocks a pool thread.
    func shutdown() async
    /// Where a conversation with it prefers to run (`withTaskExecutorPreference`): for a
    /// process, the thread that reads its replies (`ReplyThreadExecutor`); nil for none.
    var replyTaskExecutor: (any TaskExecutor)? { get }
}

extension ExtensionChannel {
    public var replyTaskExecutor: (any TaskExecutor)? { nil }
}

extension ExtensionChannel {
    /// One request of a conversation, timed into the step metrics and logged with its step
    /// (debug: the reply and how long it took; warning: a step that failed).
    package func request(_ message: HostToExtensionMessage, timeout: Duration, logger: Logger) async throws -> ExtensionToHostMessage {
        let started = ContinuousClock.now
        do {
            let reply = try await request(message, timeout: timeout)
            HostMetrics.stepTook(message.stepKind, ContinuousClock.now - started)
            logger.debug("step answered", metadata: ["step": "\(message.stepDescription)", "reply": "\(reply.kindName)",
                                                     "us": "\((ContinuousClock.now - started).nanoseconds / 1000)"])
            return reply
        } catch {
            logger.warning("step failed", metadata: ["step": "\(message.stepDescription)", "error": "\(error)"])
            throw error
        }
    }
}

extension HostToExtensionMessage {
    /// What the request asks, in words: `resolve recipients`, `confirm`, `handle`.
    public var stepDescription: String {
        switch self {
        case .describe: return "describe"
        case .resolve(_, _, _, let parameter): return "resolve \(parameter)"
        case .confirm: return "confirm"
        case .handle: return "handle"
        case .endConversation: return "end conversation"
        case .assign: return "start"
        case .provideOptions(_, _, _, let parameter): return "provide options for \(parameter)"
        case .describeAppIntents: return "describe App Intents"
        case .queryEntities(_, let entity, _): return "query \(entity)"
        case .perform: return "perform"
        case .answer: return "answer"
        }
    }
}

extension ExtensionToHostMessage {
    /// The message's kind, for errors: `ready`, `resolved`, `provided`... (never its content,
    /// which an extension may make as large as a frame).
    package var kindName: String {
        switch self {
        case .confined: return "confined"
        case .ready: return "ready"
        case .described: return "described"
        case .resolved: return "resolved"
        case .responded: return "responded"
        case .failed: return "failed"
        case .provided: return "provided"
        case .appIntentsDescribed: return "appIntentsDescribed"
        case .entities: return "entities"
        case .performed: return "performed"
        case .asks: return "asks"
        }
    }
}
