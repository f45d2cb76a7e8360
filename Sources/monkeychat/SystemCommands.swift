import ArgumentParser
import Foundation
import Intents
import SharedKit

/// Sends a message from the app; the send is donated, so that the user can attach a phrase to
/// it and the system can suggest it.
struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send a message from the app to a contact (by identifier or screen name); it is donated.",
        discussion: "Examples:\n  monkeychat send c-kiki \"Bananas at noon?\"\n  monkeychat send @momo hi")
    @OptionGroup var options: StateOption
    @Argument(help: "The contact: identifier, screen name or a name only one contact has.") var recipient: String
    @Argument(help: "The message.") var content: String

    func run() throws {
        let data = try options.data()
        let directory = try data.contacts()
        let matches = directory.contact(identifier: recipient).map { [$0] } ?? directory.matches(recipient)
        guard matches.count == 1, let contact = matches.first else {
            let reason = matches.isEmpty ? "no contact is" : "\(matches.count) contacts are"
            throw ValidationError("\(reason) \"\(recipient)\"; give an identifier or screen name from `monkeychat contacts`.")
        }
        try data.recordSent(SentMessage(recipients: [contact.screenName], content: content))
        let person = INPerson(personHandle: INPersonHandle(value: contact.screenName, type: .unknown), nameComponents: nil,
                              displayName: contact.name, image: nil, contactIdentifier: contact.identifier, customIdentifier: nil)
        let intent = INSendMessageIntent(recipients: [person], outgoingMessageType: .outgoingMessageText, content: content,
                                         speakableGroupName: nil, conversationIdentifier: contact.identifier, serviceName: nil,
                                         sender: nil, attachments: nil)
        let interaction = INInteraction(intent: intent, response: INSendMessageIntentResponse(code: .success, userActivity: nil))
        interaction.direction = .outgoing
        interaction.groupIdentifier = contact.identifier
        var failure: (any Error)?
        interaction.donate { failure = $0 }
        print("Sent to \(contact.name) (\(contact.screenName)).")
        if let failure {
            FileHandle.standardError.write(Data("The message was not donated: \(failure)\n".utf8))
            throw ExitCode(1)
        }
        print("Donated as \(interaction.identifier ?? "?").")
    }
}

/// Asks the user, once, whether MonkeyChat may use Siri (messages are a SiriKit domain).
struct AuthorizeSiri: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authorize-siri",
        abstract: "Ask once whether MonkeyChat may use Siri; later runs show the recorded answer.",
        discussion: "Example:\n  monkeychat authorize-siri")
    @OptionGroup var options: StateOption

    func run() throws {
        options.useStateForSystem()
        let status = try INPreferences.requestSiriAuthorizationOrThrow()
        print("Siri authorization: \(status).")
    }
}

/// What the system runs when the user picks an activity shortcut of this app.
struct ContinueActivity: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "continue-activity",
        abstract: "Continue a user activity handed over by the system (`intents say` with an activity shortcut).",
        discussion: "Example:\n  monkeychat continue-activity --type com.example.monkeychat.show-messages")
    @OptionGroup var options: StateOption
    @Option(help: "The activity type.") var type: String
    @Option(help: "The activity's userInfo, as a JSON object.") var userInfo = "{}"
    @Option(help: "The activity's title.") var title: String?

    func run() throws {
        guard (try? JSONSerialization.jsonObject(with: Data(userInfo.utf8))) is [String: Any] else {
            throw ValidationError("--user-info must be a JSON object; got \(userInfo).")
        }
        switch type {
        case MonkeyChatActivities.showMessages:
            print("Continuing \(title ?? "sent messages"):")
            try printMessages(options.data())
        case "INSendMessageIntent":
            print("Continuing a message in the app: \(userInfo)")
        default:
            throw ValidationError("MonkeyChat does not continue activities of type \(type).")
        }
    }
}

enum MonkeyChatActivities {
    static let showMessages = "com.example.monkeychat.show-messages"

    /// Donates "show sent messages", as the app does each time it shows them.
    static func donateShowMessages() {
        let activity = NSUserActivity(activityType: showMessages)
        activity.title = "Sent messages"
        activity.isEligibleForPrediction = true
        activity.persistentIdentifier = showMessages
        activity.suggestedInvocationPhrase = "Show my MonkeyChat messages"
        activity.becomeCurrent()
    }

    /// Teaches the system the contacts' names (user vocabulary), most recent contacts first.
    static func updateVocabulary(_ data: MonkeyChatData) throws {
        var names: [String] = []
        for contact in try data.contacts().contacts.reversed() where !names.contains(contact.name) { names.append(contact.name) }
        INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: names), of: .contactName)
    }
}

/// Prints the messages sent, oldest first.
func printMessages(_ data: MonkeyChatData) throws {
    let messages = try data.sentMessages()
    if messages.isEmpty { print("No messages sent yet.") }
    for message in messages { print("to \(message.recipients.joined(separator: ", ")): \(message.content)") }
}
