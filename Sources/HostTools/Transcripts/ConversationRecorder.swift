import IntentsHost
import Synchronization

/// Passes questions on to another user and keeps every prompt with its answer, in order: what a
/// transcript holds of a conversation that ended in an error, whose outcome has no prompts.
public final class ConversationRecorder: ConversationUser {
    private let user: any ConversationUser
    private let log: Log

    /// The prompts, shared by the recorders of one conversation.
    private final class Log: Sendable {
        let prompts = Mutex<[Prompt]>([])
    }

    public convenience init(_ user: any ConversationUser) {
        self.init(user, log: Log())
    }

    private init(_ user: any ConversationUser, log: Log) {
        self.user = user
        self.log = log
    }

    /// A recorder for `other`, keeping its prompts in this one's record: the user who picks the
    /// app, when it is not the one who answers the conversation.
    public func alongside(_ other: any ConversationUser) -> ConversationRecorder {
        ConversationRecorder(other, log: log)
    }

    public var agreesToSystemConfirmation: Bool { user.agreesToSystemConfirmation }

    /// The prompts so far; a question that got no answer (the user could not be asked) has none.
    public var prompts: [Prompt] { log.prompts.withLock { $0 } }

    public func answer(_ prompt: Prompt) async throws -> String {
        do {
            let answer = try await user.answer(prompt)
            var answered = prompt
            answered.answer = answer
            log.prompts.withLock { $0.append(answered) }
            return answer
        } catch {
            log.prompts.withLock { $0.append(prompt) }
            throw error
        }
    }

    public func notify(_ prompt: Prompt) async {
        log.prompts.withLock { $0.append(prompt) }
        await user.notify(prompt)
    }
}
