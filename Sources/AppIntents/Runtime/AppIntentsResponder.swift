import ExtensionProtocol
import Intents
import Synchronization

/// The App Intents half of an extension: describes its intents and App Shortcuts, runs entity
/// queries, and performs intents, asking the user through the host.
///
/// The `Intents` SDK's request handler finds it by name (`AppIntents.AppIntentsResponder`) and
/// hands it the App Intents messages. Conversations run side by side, each keyed by its number.
public final class AppIntentsResponder: AppIntentsResponding {
    private let conversations = Mutex<[UInt64: Conversation]>([:])

    /// Called by the `Intents` SDK once per extension process, on the first App Intents message;
    /// you never make one yourself.
    public init() {}

    /// The reply to `message`; nil for `endConversation`, which gets none.
    public func answer(_ message: HostToExtensionMessage) async -> ExtensionToHostMessage? {
        do {
            switch message {
            case .describeAppIntents(let id, let intents, let provider):
                return .appIntentsDescribed(requestID: id, metadata: try await MetadataBuilder.describe(intents: intents, shortcutsProvider: provider))
            case .queryEntities(let id, let entity, let request):
                let entityType = try TypeLookup.entity(named: entity)
                do {
                    return .entities(requestID: id, entities: try await EntityQueries.run(entityType, request))
                } catch {
                    throw ExtensionFailure(.badRequest, "The defaultQuery of \(entity) failed: \(ResultPayload.message(of: error))")
                }
            case .perform(let id, let conversation, let typeName, let payload):
                return try await perform(id, conversation: conversation, typeName: typeName, payload: payload)
            case .answer(let id, let conversation, let answer):
                return try await resume(id, conversation: conversation, answer: answer)
            case .endConversation(let conversation):
                conversations.withLock { $0.removeValue(forKey: conversation) }?.end()
                return nil
            case .describe, .resolve, .confirm, .handle, .provideOptions:
                throw ExtensionFailure(.badRequest, "The App Intents responder answers only App Intents requests.")
            case .assign:
                return nil
            }
        } catch let failure as ExtensionFailure {
            return .failed(requestID: message.requestID ?? 0, failure: failure)
        } catch {
            return .failed(requestID: message.requestID ?? 0, failure: ExtensionFailure(.badRequest, ResultPayload.message(of: error)))
        }
    }

    private func perform(_ id: UInt64, conversation key: UInt64, typeName: String, payload: IntentPayload) async throws
        -> ExtensionToHostMessage {
        let intent = try TypeLookup.intent(named: typeName).init()
        try await ParameterAssignment.assign(payload.parameters, to: intent)
        let conversation = Conversation(intent: intent)
        let added = conversations.withLock { conversations in
            guard conversations[key] == nil else { return false }
            conversations[key] = conversation
            return true
        }
        guard added else {
            throw ExtensionFailure(.badRequest, "Conversation \(key) is already performing an intent; end it before performing \(typeName).")
        }
        conversation.start()
        return await reply(id, conversation: conversation, key: key)
    }

    private func resume(_ id: UInt64, conversation key: UInt64, answer: AppIntentAnswer) async throws -> ExtensionToHostMessage {
        guard let conversation = conversations.withLock({ $0[key] }) else {
            throw ExtensionFailure(.badRequest, "Conversation \(key) has no question waiting for an answer.")
        }
        switch await conversation.answer(answer) {
        case .accepted:
            return await reply(id, conversation: conversation, key: key)
        case .nothingPending:
            throw ExtensionFailure(.badRequest, "Conversation \(key) has no question waiting for an answer.")
        case .rejected(let reason):
            throw ExtensionFailure(.badRequest, reason)
        }
    }

    /// The next question or the result; a conversation that ended is forgotten.
    private func reply(_ id: UInt64, conversation: Conversation, key: UInt64) async -> ExtensionToHostMessage {
        switch await conversation.nextEvent() {
        case .asks(let question):
            return .asks(requestID: id, question: question)
        case .performed(let result):
            conversations.withLock { conversations in
                if conversations[key] === conversation { conversations[key] = nil }
            }
            return .performed(requestID: id, result: result)
        }
    }
}
