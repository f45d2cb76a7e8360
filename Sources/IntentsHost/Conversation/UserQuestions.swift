import ExtensionProtocol
import Foundation
import HostBundles

/// How the host asks the user something, for both kinds of conversation (SiriKit's resolve
/// steps and an App Intent's requests): each prompt and answer is recorded in `prompts`, and an
/// unusable answer is explained and asked again, at most `maximumBadAnswers` times.
struct UserQuestions {
    let user: any ConversationUser
    let maximumBadAnswers: Int

    /// Asks until `interpret` accepts the answer, telling the user why an answer was not usable.
    func askUntilUsable<Value>(_ prompt: Prompt, prompts: inout [Prompt], interpret: (String) throws -> Value) async throws -> Value {
        var lastError: HostError?
        for _ in 0..<maximumBadAnswers {
            let text = try await user.answer(prompt)
            var answered = prompt
            answered.answer = text
            prompts.append(answered)
            do {
                return try interpret(text)
            } catch let error as HostError {
                lastError = error
                await tell(Prompt(kind: .notice, parameter: prompt.parameter, text: error.message), prompts: &prompts)
            }
        }
        throw lastError ?? HostError(.usage, "No usable answer to \"\(prompt.text)\".")
    }

    func tell(_ prompt: Prompt, prompts: inout [Prompt]) async {
        prompts.append(prompt)
        await user.notify(prompt)
    }

    func askYesNo(_ prompt: Prompt, prompts: inout [Prompt]) async throws -> Bool {
        try await askUntilUsable(prompt, prompts: &prompts) { text in
            guard let flag = ValueParser.parseYesNo(text.trimmingCharacters(in: .whitespaces)) else {
                throw HostError(.usage, "\"\(text)\" is neither yes nor no.")
            }
            return flag
        }
    }

    /// Asks to pick one of `choices`, by number or by name; returns its index.
    func askChoiceIndex(_ prompt: Prompt, among choices: [IntentValue], prompts: inout [Prompt]) async throws -> Int {
        try await askUntilUsable(prompt, prompts: &prompts) { text in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let number = Int(trimmed), (1...choices.count).contains(number) { return number - 1 }
            let named = choices.indices.filter { choices[$0].displayString.lowercased() == trimmed.lowercased() }
            guard named.count == 1 else {
                let why = named.isEmpty ? "is not one of the choices" : "matches \(named.count) choices"
                throw HostError(.usage, "\"\(text)\" \(why); answer with a number from 1 to \(choices.count) or a name from the list.")
            }
            return named[0]
        }
    }

    func askChoice(_ prompt: Prompt, among choices: [IntentValue], prompts: inout [Prompt]) async throws -> IntentValue {
        choices[try await askChoiceIndex(prompt, among: choices, prompts: &prompts)]
    }
}
