import Foundation

/// Handles `INSendMessageIntent`. `handle` is required; the rest is optional.
///
/// Each method exists in a completion-handler form and an `async` form: implement either.
public protocol INSendMessageIntentHandling: NSObjectProtocol {
    func handle(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void)
    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse

    func confirm(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void)
    func confirm(intent: INSendMessageIntent) async -> INSendMessageIntentResponse

    func resolveRecipients(for intent: INSendMessageIntent,
                           with completion: @escaping ([INSendMessageRecipientResolutionResult]) -> Void)
    func resolveRecipients(for intent: INSendMessageIntent) async -> [INSendMessageRecipientResolutionResult]

    func resolveContent(for intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void)
    func resolveContent(for intent: INSendMessageIntent) async -> INStringResolutionResult

    func resolveSpeakableGroupName(for intent: INSendMessageIntent,
                                   with completion: @escaping (INSpeakableStringResolutionResult) -> Void)
    func resolveSpeakableGroupName(for intent: INSendMessageIntent) async -> INSpeakableStringResolutionResult

    func resolveOutgoingMessageType(for intent: INSendMessageIntent,
                                    with completion: @escaping (INOutgoingMessageTypeResolutionResult) -> Void)
    func resolveOutgoingMessageType(for intent: INSendMessageIntent) async -> INOutgoingMessageTypeResolutionResult
}

extension INSendMessageIntentHandling {
    public func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        await withIntentCompletion { handle(intent: intent, completion: $0) }
    }
    public func handle(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        completion(.notImplemented())
    }

    public func confirm(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        await withIntentCompletion { confirm(intent: intent, completion: $0) }
    }
    public func confirm(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        completion(.notImplemented())
    }

    public func resolveRecipients(for intent: INSendMessageIntent) async -> [INSendMessageRecipientResolutionResult] {
        await withIntentCompletion { resolveRecipients(for: intent, with: $0) }
    }
    public func resolveRecipients(for intent: INSendMessageIntent,
                                  with completion: @escaping ([INSendMessageRecipientResolutionResult]) -> Void) {
        completion([.notImplemented()])
    }

    public func resolveContent(for intent: INSendMessageIntent) async -> INStringResolutionResult {
        await withIntentCompletion { resolveContent(for: intent, with: $0) }
    }
    public func resolveContent(for intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
        completion(.notImplemented())
    }

    public func resolveSpeakableGroupName(for intent: INSendMessageIntent) async -> INSpeakableStringResolutionResult {
        await withIntentCompletion { resolveSpeakableGroupName(for: intent, with: $0) }
    }
    public func resolveSpeakableGroupName(for intent: INSendMessageIntent,
                                          with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
        completion(.notImplemented())
    }

    public func resolveOutgoingMessageType(for intent: INSendMessageIntent) async -> INOutgoingMessageTypeResolutionResult {
        await withIntentCompletion { resolveOutgoingMessageType(for: intent, with: $0) }
    }
    public func resolveOutgoingMessageType(for intent: INSendMessageIntent,
                                           with completion: @escaping (INOutgoingMessageTypeResolutionResult) -> Void) {
        completion(.notImplemented())
    }
}
