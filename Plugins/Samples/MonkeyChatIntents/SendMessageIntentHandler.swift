import Foundation
import Intents
import SharedKit

/// Sends MonkeyChat messages: finds recipients among the contacts the app keeps in its app
/// group, asks which one when several share a name, and asks for the message when there is none.
class SendMessageIntentHandler: NSObject, INSendMessageIntentHandling {
    /// The app group's store, opened once per extension process (handlers are made per intent).
    private static let sharedData = try? MonkeyChatData()
    private let data = SendMessageIntentHandler.sharedData
    private var directory: ContactDirectory { (try? data?.contacts()) ?? .sample }

    func resolveRecipients(for intent: INSendMessageIntent,
                           with completion: @escaping ([INSendMessageRecipientResolutionResult]) -> Void) {
        guard let recipients = intent.recipients, !recipients.isEmpty else {
            completion([.needsValue()])
            return
        }
        completion(recipients.map(resolve))
    }

    private func resolve(_ recipient: INPerson) -> INSendMessageRecipientResolutionResult {
        if let identifier = recipient.contactIdentifier, let contact = directory.contact(identifier: identifier) {
            return .success(with: person(for: contact))
        }
        let matches = directory.matches(recipient.displayName)
        switch matches.count {
        case 0: return .unsupported(forReason: .noAccount)
        case 1: return .success(with: person(for: matches[0]))
        default: return .disambiguation(with: matches.map(person(for:)))
        }
    }

    func resolveContent(for intent: INSendMessageIntent) async -> INStringResolutionResult {
        guard let text = intent.content, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            return .needsValue()
        }
        return .success(with: text)
    }

    func handle(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        let recipients = (intent.recipients ?? []).map { $0.personHandle?.value ?? $0.displayName }
        do {
            try data?.recordSent(SentMessage(recipients: recipients, content: intent.content ?? ""))
            completion(INSendMessageIntentResponse(code: .success, userActivity: nil))
        } catch {
            FileHandle.standardError.write(Data("MonkeyChat: the message could not be recorded: \(error)\n".utf8))
            completion(INSendMessageIntentResponse(code: .failure, userActivity: nil))
        }
    }

    private func person(for contact: Contact) -> INPerson {
        INPerson(personHandle: INPersonHandle(value: contact.screenName, type: .unknown),
                 nameComponents: nil, displayName: contact.name, image: nil,
                 contactIdentifier: contact.identifier, customIdentifier: nil)
    }
}
