import Foundation

/// Sends a message to one or more recipients.
open class INSendMessageIntent: INIntent {
    @IntentParameter(title: "recipient") public internal(set) var recipients: [INPerson]?
    @IntentParameter(title: "message") public internal(set) var content: String?
    @IntentParameter(title: "group name") public internal(set) var speakableGroupName: INSpeakableString?
    @IntentParameter(title: "message type") public internal(set) var outgoingMessageType: INOutgoingMessageType?
    public internal(set) var conversationIdentifier: String?
    public internal(set) var serviceName: String?
    public internal(set) var sender: INPerson?
    public internal(set) var attachments: [Any]?

    public required init() {
        super.init()
    }

    public init(recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
                speakableGroupName: INSpeakableString?, conversationIdentifier: String?, serviceName: String?,
                sender: INPerson?, attachments: [Any]?) {
        super.init()
        self.recipients = recipients
        self.outgoingMessageType = outgoingMessageType
        self.content = content
        self.speakableGroupName = speakableGroupName
        self.conversationIdentifier = conversationIdentifier
        self.serviceName = serviceName
        self.sender = sender
        self.attachments = attachments
    }

    open override class var handlingTable: (any INIntentHandlingDispatching)? {
        INIntentHandlingTable<INSendMessageIntent, any INSendMessageIntentHandling>(
            confirm: { await $0.confirm(intent: $1) },
            handle: { await $0.handle(intent: $1) })
            .resolving("recipients") { await $0.resolveRecipients(for: $1) }
            .resolving("content") { [await $0.resolveContent(for: $1)] }
            .resolving("speakableGroupName") { [await $0.resolveSpeakableGroupName(for: $1)] }
            .resolving("outgoingMessageType") { [await $0.resolveOutgoingMessageType(for: $1)] }
    }
}

/// Whether an outgoing message is text or audio.
public enum INOutgoingMessageType: Int, INIntentEnumeration, Sendable {
    case unknown = 0
    case outgoingMessageText = 1
    case outgoingMessageAudio = 2
}

/// Resolves the type of an outgoing message.
open class INOutgoingMessageTypeResolutionResult: INEnumResolutionResult<INOutgoingMessageType> {}
