import HostBundles

/// One thing the host said to the user during a conversation, and what the user answered.
public struct Prompt: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable {
        /// Asks for a value (free text).
        case value
        /// Asks to pick one of `choices` (by number or by name).
        case choice
        /// Asks yes or no.
        case confirmation
        /// Tells something; expects no answer.
        case notice
    }

    public var kind: Kind
    /// The parameter the prompt is about, if any.
    public var parameter: String?
    public var text: String
    public var choices: [String]
    public var answer: String?

    public init(kind: Kind, parameter: String?, text: String, choices: [String] = [], answer: String? = nil) {
        self.kind = kind
        self.parameter = parameter
        self.text = text
        self.choices = choices
        self.answer = answer
    }
}

/// Whoever answers the host's questions: a terminal, a script, or nobody.
public protocol ConversationUser: Sendable {
    /// Answers a question prompt (`value`, `choice`, `confirmation`) with text.
    /// - Throws: `HostError` (`.inputRequired`) when no answer can be had.
    func answer(_ prompt: Prompt) async throws -> String
    /// Shows a notice; no answer.
    func notify(_ prompt: Prompt) async
    /// Whether the user agreed in advance to the system's own confirmation before `handle`
    /// ("Ready to send it?"), as `--yes` does for scripts.
    var agreesToSystemConfirmation: Bool { get }
}

extension ConversationUser {
    public var agreesToSystemConfirmation: Bool { false }
}

/// Answers from a list, in order, then defers to `fallback` (nobody, by default).
public actor ScriptedUser: ConversationUser {
    private var answers: [String]
    private let fallback: (any ConversationUser)?
    public nonisolated let agreesToSystemConfirmation: Bool

    /// - Parameter agreesToSystemConfirmation: answer the system's own confirmation with yes
    ///   without using an answer.
    public init(answers: [String], fallback: (any ConversationUser)? = nil, agreesToSystemConfirmation: Bool = false) {
        self.answers = answers
        self.fallback = fallback
        self.agreesToSystemConfirmation = agreesToSystemConfirmation
    }

    public func answer(_ prompt: Prompt) async throws -> String {
        if !answers.isEmpty { return answers.removeFirst() }
        if let fallback { return try await fallback.answer(prompt) }
        throw NonInteractiveUser.inputRequired(prompt)
    }

    public func notify(_ prompt: Prompt) async {
        await fallback?.notify(prompt)
    }

    /// Answers not used yet.
    public var remainingAnswers: [String] { answers }
}

/// Nobody to ask: every question is an error that says what was asked.
public struct NonInteractiveUser: ConversationUser {
    public let agreesToSystemConfirmation: Bool

    /// - Parameter agreesToSystemConfirmation: whether the system's own confirmation is answered yes (`--yes`).
    public init(agreesToSystemConfirmation: Bool = false) {
        self.agreesToSystemConfirmation = agreesToSystemConfirmation
    }

    public func answer(_ prompt: Prompt) async throws -> String {
        throw Self.inputRequired(prompt)
    }

    public func notify(_ prompt: Prompt) async {}

    /// The error for a question nobody can answer, quoting it and its choices.
    public static func inputRequired(_ prompt: Prompt) -> HostError {
        let choices = prompt.choices.isEmpty ? "" : " Choices: \(prompt.choices.enumerated().map { "\($0.offset + 1)) \($0.element)" }.joined(separator: ", "))."
        return HostError(.inputRequired, "Input is needed and none can be asked for: \"\(prompt.text)\"\(choices) Pass it with --answer or run interactively.")
    }
}
