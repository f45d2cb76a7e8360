import IntentsClient
import Synchronization

/// Linux only: an answer a test scripts for a question a run asks (Apple's AppIntentsTesting
/// has no way to answer one). Answers are used in order, one per question.
public enum ScriptedAnswer: Hashable, Sendable, CustomStringConvertible {
    /// Text for a value question, parsed by the parameter's type as if typed.
    case value(String)
    /// The choice at an index (from 0), for a choice question.
    case choice(Int)
    /// The choice shown with this label (the entity's or case's title), for a choice question.
    case choiceNamed(String)
    /// Yes or no, for a confirmation.
    case confirm(Bool)

    public var description: String {
        switch self {
        case .value(let text): ".value(\"\(text)\")"
        case .choice(let index): ".choice(\(index))"
        case .choiceNamed(let label): ".choiceNamed(\"\(label)\")"
        case .confirm(let yes): ".confirm(\(yes))"
        }
    }
}

/// The answers left for one run, and the question that found none.
package final class AnswerScript: Sendable {
    private struct State {
        var answers: [ScriptedAnswer]
        var unanswered: (AskedQuestion, String)?
    }

    private let state: Mutex<State>

    package init(_ answers: [ScriptedAnswer]) {
        state = Mutex(State(answers: answers))
    }

    /// The question that ended the run for want of an answer, and why.
    package var unanswered: (question: AskedQuestion, reason: String)? { state.withLock { $0.unanswered } }

    /// The answer to `question`: the next scripted one when it fits, else `.none` (the host ends
    /// the run, and `unanswered` says why).
    package func answer(_ question: Question) -> Answer {
        let asked = AskedQuestion(question)
        return state.withLock { state -> Answer in
            guard !state.answers.isEmpty else {
                state.unanswered = (asked, "no scripted answer was left for it")
                return .none
            }
            let next = state.answers.removeFirst()
            switch (next, question.kind) {
            case (.value(let text), .value): return .value(text)
            case (.choice(let index), .choice) where question.choices.indices.contains(index): return .choice(index)
            case (.choiceNamed(let label), .choice):
                if let index = question.choices.firstIndex(of: label) { return .choice(index) }
            case (.confirm(let yes), .confirmation): return .confirmation(yes)
            default: break
            }
            state.unanswered = (asked, "the scripted answer \(next) does not answer it")
            return .none
        }
    }
}

extension AskedQuestion {
    init(_ question: Question) {
        let kind: Kind = switch question.kind {
        case .choice: .choice
        case .confirmation: .confirmation
        case .value, .notice: .value
        }
        self.init(kind: kind, parameter: question.parameter, dialog: question.text, choices: question.kind == .choice ? question.choices : [])
    }
}
