import ExtensionProtocol
import Intents
import Synchronization

/// A value an answer became, handed once from the responder's task to the perform task.
struct Accepted: @unchecked Sendable {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}

/// One run of an intent's `perform()`, from the `perform` request to its result, with the
/// questions it asks on the way.
///
/// `perform()` runs in its own task, where `Conversation.current` is this conversation. A
/// question suspends it until `answer(_:)` resumes it; each request waits for the next event,
/// a question or the result, with `nextEvent()`.
final class Conversation: @unchecked Sendable {
    enum Event: Sendable {
        case asks(AppIntentQuestion)
        case performed(AppIntentResultPayload)
    }

    enum AnswerOutcome {
        case accepted
        case nothingPending
        /// The answer does not answer the question, which stays asked.
        case rejected(String)
    }

    typealias Accept = @Sendable (AppIntentAnswer) async throws -> Accepted

    private struct Pending {
        let accept: Accept
        let continuation: CheckedContinuation<Accepted, any Error>
    }

    private struct State {
        var events: [Event] = []
        var waiter: CheckedContinuation<Event, Never>?
        var pending: Pending?
        var ended = false
        var task: Task<Void, Never>?
        /// `requestToContinueInForeground` was agreed to: the result opens the app.
        var wantsApp = false
    }

    /// The conversation whose `perform()` runs in this task.
    @TaskLocal static var current: Conversation?

    let intent: any AppIntent
    /// The progress a `ProgressReportingIntent` reports.
    let progress = Progress(totalUnitCount: 0)
    private let state = Mutex(State())
    /// How many times in a row `perform()` threw `restartPerform` with no question between.
    private static let restartLimit = 8

    init(intent: any AppIntent) {
        self.intent = intent
    }

    /// Runs `perform()` in a new task, on the executor answers run on when a host serves the
    /// extension in its own process.
    func start() {
        let task = Task(executorPreference: IntentRequestHandler.taskExecutor) { [self] in
            let result = await Conversation.$current.withValue(self) { await run() }
            post(.performed(result))
        }
        let endedAlready = state.withLock { state in
            state.task = task
            return state.ended
        }
        if endedAlready { task.cancel() }
    }

    /// The next question or the result, waiting for it.
    func nextEvent() async -> Event {
        await withCheckedContinuation { continuation in
            let ready: Event? = state.withLock { state in
                if !state.events.isEmpty { return state.events.removeFirst() }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Resumes the question asked with `answer`, once `answer` answers it.
    func answer(_ answer: AppIntentAnswer) async -> AnswerOutcome {
        let taken: Pending? = state.withLock { state in
            defer { state.pending = nil }
            return state.pending
        }
        guard let pending = taken else { return .nothingPending }
        do {
            let value = try await pending.accept(answer)
            if state.withLock({ $0.ended }) {
                pending.continuation.resume(throwing: CancellationError())
            } else {
                pending.continuation.resume(returning: value)
            }
            return .accepted
        } catch {
            let kept = state.withLock { state in
                guard !state.ended else { return false }
                state.pending = pending
                return true
            }
            if !kept { pending.continuation.resume(throwing: CancellationError()) }
            return .rejected(ResultPayload.message(of: error))
        }
    }

    /// Ends the conversation: a pending question throws `CancellationError` and the task is cancelled.
    func end() {
        let (pending, task): (Pending?, Task<Void, Never>?) = state.withLock { state in
            state.ended = true
            defer { state.pending = nil }
            return (state.pending, state.task)
        }
        pending?.continuation.resume(throwing: CancellationError())
        task?.cancel()
    }

    /// Asks the user `question` and waits for an answer that `accept` takes.
    /// - Throws: `CancellationError` when the conversation ends first.
    func ask(_ question: AppIntentQuestion, accept: @escaping Accept) async throws -> Accepted {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Accepted, any Error>) in
                let refusal: (any Error)? = state.withLock { state in
                    if state.ended || Task.isCancelled { return CancellationError() }
                    if state.pending != nil { return RequestFailure("perform() asked a second question before the first was answered.") }
                    state.pending = Pending(accept: accept, continuation: continuation)
                    return nil
                }
                if let refusal {
                    continuation.resume(throwing: refusal)
                } else {
                    post(.asks(question))
                }
            }
        } onCancel: {
            let pending: Pending? = state.withLock { state in
                defer { state.pending = nil }
                return state.pending
            }
            pending?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The name of `parameter` among the intent's `@Parameter` properties.
    func name(of parameter: AnyObject) -> String? {
        ParameterReflection.parameters(of: intent).first { $0.parameter === parameter }?.name
    }

    /// The current conversation.
    /// - Throws: `RequestFailure` when `perform()` was not run by the system.
    static func required(for request: String) throws -> Conversation {
        guard let current else {
            throw RequestFailure("\(request) asks the user, which only perform() run by the system can do.")
        }
        return current
    }

    /// Asks the user to confirm the intent.
    /// - Throws: `AppIntentError.userCancelled` on a no.
    static func confirmIntent(dialog: String?, request: String) async throws {
        let conversation = try required(for: request)
        let answer = try await conversation.ask(AppIntentQuestion(kind: .intentConfirmation, dialog: dialog)) {
            Accepted(try ValueCoding.confirmation($0))
        }
        if answer.value as? Bool != true { throw AppIntentError.userCancelled }
    }

    private func post(_ event: Event) {
        let waiter: CheckedContinuation<Event, Never>? = state.withLock { state in
            guard let waiter = state.waiter else {
                state.events.append(event)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: event)
    }

    /// Has the result open the app.
    func wantsApp() {
        state.withLock { $0.wantsApp = true }
    }

    /// `perform()`, again after each value it asked for by throwing.
    private func run() async -> AppIntentResultPayload {
        let openAppWhenRun = type(of: intent).openAppWhenRun
        do {
            try await DependencyResolution.resolve(intent)
        } catch {
            return ResultPayload.threw(error)
        }
        var restarts = 0
        while true {
            do {
                let result = try await intent.perform()
                return ResultPayload.returned(result, openAppWhenRun: openAppWhenRun || state.withLock { $0.wantsApp })
            } catch let error as AppIntentError {
                switch error.kind {
                case .continueInForeground(let dialog, let continuation):
                    do {
                        try await continuation?.run()
                    } catch {
                        return ResultPayload.threw(error)
                    }
                    return AppIntentResultPayload(dialog: dialog?.text, opensApp: true)
                case .needsValue(let parameter, let dialog):
                    restarts = 0
                    do { try await requestValue(of: parameter, dialog: dialog) } catch { return ResultPayload.threw(error) }
                case .restartPerform where restarts < Self.restartLimit:
                    restarts += 1
                default:
                    return ResultPayload.threw(error)
                }
            } catch {
                return ResultPayload.threw(error)
            }
        }
    }

    /// Asks the user for `parameter`'s value and sets it.
    func requestValue(of parameter: any AnyIntentParameter, dialog: IntentDialog?) async throws {
        let name = name(of: parameter)
        let question = AppIntentQuestion(kind: .value, parameter: name, dialog: (dialog ?? parameter.requestValueDialog)?.text)
        let intentName = String(describing: type(of: intent))
        let answer = try await ask(question) { answer in
            guard case .value(let value) = answer else {
                throw RequestFailure("The question asks for the value of \(name ?? "a parameter"), not for a choice or a yes or no.")
            }
            do {
                return Accepted(try await ValueCoding.decode(value, as: parameter.valueType))
            } catch let failure as ConversionFailure {
                throw RequestFailure(ParameterAssignment.sentence(intent: intentName, parameter: name ?? parameter.titleText,
                                                                  value: value, failure: failure))
            }
        }
        guard parameter.setValue(answer.value) else {
            throw RequestFailure("The value given for \(name ?? parameter.titleText) is not a \(parameter.valueType).")
        }
    }
}
