import ExtensionProtocol
import IntentsHost
import LocalAPI

/// The user at the other end of a host-API connection: each question of a conversation is
/// sent as a typed `question` and its `answer` awaited (at most `answerTimeout`).
struct RemoteUser: ConversationUser {
    let inbox: ConnectionInbox
    let interactive: Bool
    let agreesToSystemConfirmation: Bool
    /// How long the client may take to answer one question.
    static let answerTimeout: Duration = .seconds(600)

    func answer(_ prompt: Prompt) async throws -> String {
        guard interactive else { throw NonInteractiveUser.inputRequired(prompt) }
        guard inbox.connection.send(.reply(.question(Question(prompt)))) else { throw Self.gone }
        guard let message = await inbox.next(within: Self.answerTimeout) else { throw Self.gone }
        guard case .request(.answer(let answer)) = message else {
            throw HostError(.usage, "The client sent another request while a question of its conversation waited for an answer.")
        }
        switch answer {
        case .value(let text): return text
        case .choice(let index):
            // The conversation reads a choice by its number, from 1; an index out of range is
            // explained and asked again, as a wrong number typed on a terminal.
            return index >= 0 && index < prompt.choices.count ? String(index + 1) : "choice \(index)"
        case .confirmation(let yes): return yes ? "yes" : "no"
        case .none: throw NonInteractiveUser.inputRequired(prompt)
        }
    }

    func notify(_ prompt: Prompt) async {
        inbox.connection.send(.reply(.notice(Question(prompt))))
    }

    private static var gone: HostError {
        HostError(.cancelled, "The client went away before answering a question of its conversation.")
    }
}

extension Question {
    /// The prompt as the host API carries it.
    init(_ prompt: Prompt) {
        let kind: Kind = switch prompt.kind {
        case .value: .value
        case .choice: .choice
        case .confirmation: .confirmation
        case .notice: .notice
        }
        self.init(kind: kind, parameter: prompt.parameter, text: prompt.text, choices: prompt.choices)
    }
}
