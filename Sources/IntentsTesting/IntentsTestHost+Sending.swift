import AppIntents
import HostBundles
import Intents
import IntentsHost

extension IntentsTestHost {
    /// Runs `intent` through resolve, confirm and handle, answering the host's questions from
    /// `answers` in order.
    /// - Parameters:
    ///   - intent: the intent, with its parameters set as a user or an app would set them.
    ///   - answers: what the user types, one per question, in order: a value, a choice's number
    ///     or name, `yes` or `no`. Running out of answers when the host asks is an error
    ///     (`.inputRequired`), as `--non-interactive` makes it.
    ///   - agreesToSystemConfirmation: answer the system's own question before handle
    ///     ("Ready to send it?") with yes, as `--yes` does, without using an answer.
    /// - Throws: `HostError`, as `IntentDispatcher.send`; a refusal by policy (`.refusedByPolicy`)
    ///   says its rule and this host's lock state, authorization and source. A failure code
    ///   is not an error: see `SendResult.code`.
    public func send(_ intent: INIntent, answers: [String] = [], agreesToSystemConfirmation: Bool = true) async throws -> SendResult {
        let payload = intent.payload
        return try await explainingRefusal {
            try await dispatcher.send(payload, user: user(answers, agreesToSystemConfirmation), source: source)
        }
    }

    /// Runs a SiriKit intent or an App Intent given by name, with parameters as text, as
    /// `intents send NAME --param name=value` gives them.
    /// - Throws: as `send(_:answers:agreesToSystemConfirmation:)`.
    public func send(_ intent: String, parameters: [(name: String, value: String)] = [], answers: [String] = [],
                     agreesToSystemConfirmation: Bool = true) async throws -> SendResult {
        try await explainingRefusal {
            try await dispatcher.send(intent, parameters: parameters, user: user(answers, agreesToSystemConfirmation), source: source)
        }
    }

    /// Runs the App Intent `intent`, with parameters as text (an entity's through its query).
    /// - Throws: as `send(_:answers:agreesToSystemConfirmation:)`.
    public func send(_ intent: any AppIntent.Type, parameters: [(name: String, value: String)] = [], answers: [String] = [],
                     agreesToSystemConfirmation: Bool = true) async throws -> SendResult {
        try await send(String(describing: intent), parameters: parameters, answers: answers,
                       agreesToSystemConfirmation: agreesToSystemConfirmation)
    }

    private func user(_ answers: [String], _ agreesToSystemConfirmation: Bool) -> ScriptedUser {
        ScriptedUser(answers: answers, fallback: AnswersRanOut(), agreesToSystemConfirmation: agreesToSystemConfirmation)
    }

    /// Runs `request`; a refusal by policy is thrown again with its rule and this host's
    /// conditions in its message, so that a test failing on it says why.
    private func explainingRefusal(_ request: () async throws -> SendResult) async throws -> SendResult {
        do {
            return try await request()
        } catch let error as HostError where error.code == .refusedByPolicy {
            let rule = error.policyRule.map { "rule \($0.rawValue)" } ?? "no rule"
            throw HostError(.refusedByPolicy, "Refused by policy (\(rule); \(conditions)): \(error.message)", policyRule: error.policyRule)
        }
    }

    /// This host's lock state, authorization and source, in words.
    var conditions: String {
        let authorized = authorization.map { "authorization \($0.name)" } ?? "authorization not checked"
        return "\(lockState.rawValue), \(authorized), \(source.label)"
    }
}

/// The user of a test once its `answers:` ran out: a question then fails the send, in words
/// that name the test's API (not the command line's flags).
struct AnswersRanOut: ConversationUser {
    func answer(_ prompt: Prompt) async throws -> String {
        let choices = prompt.choices.isEmpty ? "" : " Choices: \(prompt.choices.enumerated().map { "\($0.offset + 1)) \($0.element)" }.joined(separator: ", "))."
        throw HostError(.inputRequired, "The host asked \"\(prompt.text)\" and the test's answers: had none left for it.\(choices) Add one to the answers: of send(_:answers:).")
    }

    func notify(_ prompt: Prompt) async {}
}
