import IntentsClient
import MCP
import Synchronization

/// Asks a conversation's questions of the user through the MCP client (`elicitation/create`):
/// a value as text, a choice among its choices, a confirmation as yes or no. Declining a
/// confirmation answers no; declining another question, or cancelling, ends the conversation
/// with the question unanswered. An answer that does not come within `deadline` ends it too.
struct ElicitingAsker: AgentQuestionAsker {
    let server: Server
    var deadline: Duration = AgentToolCall.answerDeadline

    func ask(_ question: Question) async throws -> Answer {
        let (schema, field) = Self.schema(of: question)
        let result = try await DeadlineRace.withDeadline(deadline) {
            try await server.requestElicitation(message: question.text, requestedSchema: schema)
        }
        guard let result else { return .none }
        switch result.action {
        case .accept:
            return Self.answer(to: question, from: result.content?[field]) ?? .none
        case .decline:
            return question.kind == .confirmation ? .confirmation(false) : .none
        case .cancel:
            return .none
        }
    }

    /// The form that asks `question`, and the name of its one field.
    static func schema(of question: Question) -> (Elicitation.RequestSchema, String) {
        switch question.kind {
        case .choice:
            let field: Value = ["type": "string", "title": "Choice", "enum": .array(question.choices.map { .string($0) })]
            return (Elicitation.RequestSchema(properties: ["choice": field], required: ["choice"]), "choice")
        case .confirmation:
            let field: Value = ["type": "boolean", "title": .string(question.text)]
            return (Elicitation.RequestSchema(properties: ["confirm": field], required: ["confirm"]), "confirm")
        case .value, .notice:
            let field: Value = ["type": "string", "title": .string(question.parameter ?? "Answer")]
            return (Elicitation.RequestSchema(properties: ["value": field], required: ["value"]), "value")
        }
    }

    /// The answer the form's field holds, or nil when it holds none of the right kind.
    static func answer(to question: Question, from value: Value?) -> Answer? {
        switch (question.kind, value) {
        case (.choice, .string(let choice)?): question.choices.firstIndex(of: choice).map(Answer.choice)
        case (.confirmation, .bool(let yes)?): .confirmation(yes)
        case (.value, .string(let text)?): text.utf8.count <= RunRequest.maximumTextBytes ? .value(text) : nil
        case (.value, .int(let number)?): .value(String(number))
        case (.value, .double(let number)?): .value(String(number))
        default: nil
        }
    }
}
