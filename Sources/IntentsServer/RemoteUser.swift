import ExtensionProtocol
import HostBundles
import IntentsHost
import LocalAPI
import Synchronization

/// The user at the other end of a host-API connection: each question of a conversation is
/// sent as a typed `question` and its `answer` awaited (at most `answerTimeout`).
struct RemoteUser: ConversationUser {
    let inbox: ConnectionInbox
    let interactive: Bool
    let agreesToSystemConfirmation: Bool
    /// Whether its questions ask which app should handle the intent (`Question.choosesApp`).
    private var asksForApp = false
    /// The time the client has left for all its answers in this conversation: an extension
    /// process waits with it, so a client that never answers cannot hold one for long.
    private let budget = AnswerBudget(total: RemoteUser.conversationAnswerTime)
    /// How long the client may take to answer one question.
    static let answerTimeout: Duration = .seconds(120)
    /// How long the client may take for all the answers of one conversation.
    static let conversationAnswerTime: Duration = .seconds(300)

    init(inbox: ConnectionInbox, interactive: Bool, agreesToSystemConfirmation: Bool) {
        self.inbox = inbox
        self.interactive = interactive
        self.agreesToSystemConfirmation = agreesToSystemConfirmation
    }

    func answer(_ prompt: Prompt) async throws -> String {
        guard interactive else { throw NonInteractiveUser.inputRequired(prompt) }
        let wait = min(Self.answerTimeout, budget.remaining)
        guard wait > .zero else {
            throw HostError(.inputRequired, "The client took more than \(Self.conversationAnswerTime) to answer this conversation's questions; it ends at \"\(prompt.text)\".")
        }
        var question = Question(prompt)
        question.choosesApp = asksForApp
        guard inbox.connection.send(.reply(.question(question))) else { throw Self.gone }
        let started = ContinuousClock.now
        let message = await inbox.next(within: wait)
        let waited = ContinuousClock.now - started
        budget.spend(waited)
        guard let message else {
            guard waited >= wait else { throw Self.gone }
            throw HostError(.inputRequired, "No answer came within \(wait) to \"\(prompt.text)\"; the conversation ends there.")
        }
        guard case .request(.answer(let answer)) = message else {
            throw HostError(.usage, "The client sent another request while a question of its conversation waited for an answer.")
        }
        return try Self.text(of: answer, to: prompt)
    }

    /// The answer as the conversation reads it (as typed on a terminal), if it fits the question.
    /// - Throws: `HostError` (`.usage`) for an answer of another kind or too long, and
    ///   `.inputRequired` for no answer.
    static func text(of answer: Answer, to prompt: Prompt) throws -> String {
        switch (answer, prompt.kind) {
        case (.none, _):
            throw NonInteractiveUser.inputRequired(prompt)
        case (.inputEnded, _):
            throw HostError(.inputRequired, "Standard input ended before an answer to \"\(prompt.text)\".")
        case (.value(let text), _) where text.utf8.count > HostAPISession.maximumTextBytes:
            throw HostError(.usage, "An answer of \(text.utf8.count) bytes is longer than \(HostAPISession.maximumTextBytes); nothing more ran.")
        case (.value(let text), .value), (.value(let text), .choice), (.value(let text), .confirmation):
            // Text answers a choice by a candidate's name, and a confirmation by yes or no, as on a terminal.
            return text
        case (.choice(let index), .choice):
            // The conversation reads a choice by its number, from 1; an index out of range is
            // explained and asked again, as a wrong number typed on a terminal.
            return index >= 0 && index < prompt.choices.count ? String(index + 1) : "choice \(index)"
        case (.confirmation(let yes), .confirmation):
            return yes ? "yes" : "no"
        default:
            throw HostError(.usage, "The answer \(answer.kindName) does not fit a \(prompt.kind.rawValue) question (\"\(prompt.text)\").")
        }
    }

    func notify(_ prompt: Prompt) async {
        var notice = Question(prompt)
        notice.choosesApp = asksForApp
        inbox.connection.send(.reply(.notice(notice)))
    }

    /// The same user, asked which app should handle the intent: its questions and notices say so.
    var choosingApp: RemoteUser {
        var chooser = self
        chooser.asksForApp = true
        return chooser
    }

    /// Tells the client that several apps' extensions (`claimants`, each with its folder)
    /// support `intent`, before it is asked which app: a notice about the app choice, whose
    /// choices are the claimants.
    func notify(choosingAppAmong claimants: [String], for intent: String) async {
        let notice = Question(kind: .notice, text: "\(intent) is supported by several apps: \(claimants.joined(separator: ", ")).",
                              choices: claimants, choosesApp: true)
        inbox.connection.send(.reply(.notice(notice)))
    }

    private static var gone: HostError {
        HostError(.cancelled, "The client went away before answering a question of its conversation.")
    }
}

/// What is left of a conversation's time for answers.
private final class AnswerBudget: Sendable {
    private let left: Mutex<Duration>

    init(total: Duration) {
        left = Mutex(total)
    }

    var remaining: Duration { left.withLock { $0 } }

    func spend(_ time: Duration) {
        left.withLock { $0 -= time }
    }
}

extension Answer {
    /// The answer's kind, for errors.
    var kindName: String {
        switch self {
        case .value: "a value"
        case .choice: "a choice"
        case .confirmation: "a yes or no"
        case .none: "none"
        case .inputEnded: "the end of input"
        }
    }
}

extension Question {
    /// The prompt as the host API carries it.
    package init(_ prompt: Prompt) {
        let kind: Kind = switch prompt.kind {
        case .value: .value
        case .choice: .choice
        case .confirmation: .confirmation
        case .notice: .notice
        }
        self.init(kind: kind, parameter: prompt.parameter, text: prompt.text, choices: prompt.choices)
    }
}
