import IntentsHost
import Synchronization

/// Answers a replayed conversation from its transcript: each question gets the answer of the
/// next recorded question of the same kind about the same parameter, so that notices, prompts
/// the replay adds and the system confirmation `--yes` skipped do not shift the answers. A
/// question with no such recorded answer cannot be answered (`.inputRequired`), as when
/// nobody is there to ask: the transcript never gives an answer to a question it did not record.
public final class TranscriptAnswers: ConversationUser {
    private let recorded: [Prompt]
    public let agreesToSystemConfirmation: Bool
    /// The index of the first recorded prompt not used yet.
    private let next = Mutex(0)

    public init(_ transcript: Transcript) {
        self.recorded = transcript.conversation.map(\.prompt)
        self.agreesToSystemConfirmation = transcript.agreesToSystemConfirmation
    }

    public func answer(_ prompt: Prompt) async throws -> String {
        let answer = next.withLock { next -> String? in
            guard let index = recorded[next...].firstIndex(where: { $0.kind == prompt.kind && $0.parameter == prompt.parameter && $0.kind != .notice }) else {
                return nil
            }
            next = index + 1
            return recorded[index].answer
        }
        guard let answer else { throw NonInteractiveUser.inputRequired(prompt) }
        return answer
    }

    public func notify(_ prompt: Prompt) async {}
}
