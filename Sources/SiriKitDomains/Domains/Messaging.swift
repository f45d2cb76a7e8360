extension SiriKitDomain {
    /// Sending and searching messages, and marking them read, unread or flagged.
    public static let messaging = SiriKitDomain(
        name: "Messaging",
        intents: [
            SystemIntent(
                "INSendMessageIntent", "Sends a message to one or more recipients.",
                parameters: [
                    SystemParameter("recipients", "INPerson", list: true, title: "recipient",
                                    result: "INSendMessageRecipientResolutionResult"),
                    SystemParameter("outgoingMessageType", "INOutgoingMessageType", required: true, title: "message type"),
                    SystemParameter("content", "String", title: "message"),
                    SystemParameter("speakableGroupName", "INSpeakableString", title: "group name"),
                    SystemParameter("conversationIdentifier", "String", resolves: false),
                    SystemParameter("serviceName", "String", resolves: false),
                    SystemParameter("sender", "INPerson", resolves: false),
                    SystemParameter("attachments", "Any", list: true, crossesBoundary: false),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                                "failureMessageServiceNotAvailable", "failureRequiringInAppAuthentication"],
                outputs: [SystemProperty("sentMessages", "INMessage", list: true)],
                confirmationPrompt: "Ready to send it?"),
            SystemIntent(
                "INSearchForMessagesIntent", "Searches the user's messages.",
                parameters: [
                    SystemParameter("recipients", "INPerson", list: true, title: "recipient"),
                    SystemParameter("senders", "INPerson", list: true, title: "sender"),
                    SystemParameter("searchTerms", "String", list: true, title: "search term", resolves: false),
                    SystemParameter("attributes", "INMessageAttributeOptions", required: true, title: "attribute"),
                    SystemParameter("dateTimeRange", "INDateComponentsRange", title: "date"),
                    SystemParameter("identifiers", "String", list: true, resolves: false),
                    SystemParameter("notificationIdentifiers", "String", list: true, resolves: false),
                    SystemParameter("speakableGroupNames", "INSpeakableString", list: true, title: "group name"),
                    SystemParameter("conversationIdentifiers", "String", list: true, resolves: false),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                                "failureMessageServiceNotAvailable", "failureMessageTooManyResults"],
                outputs: [SystemProperty("messages", "INMessage", list: true)]),
            SystemIntent(
                "INSetMessageAttributeIntent", "Marks messages read, unread, flagged or unflagged.",
                parameters: [
                    SystemParameter("identifiers", "String", list: true, resolves: false),
                    SystemParameter("attribute", "INMessageAttribute", required: true, title: "attribute"),
                ],
                responseCodes: ["unspecified", "ready", "inProgress", "success", "failure", "failureRequiringAppLaunch",
                                "failureMessageNotFound", "failureMessageAttributeNotSet"]),
        ],
        enums: [
            SystemEnum("INOutgoingMessageType", "Whether an outgoing message is text or audio.",
                       cases: ["unknown", "outgoingMessageText", "outgoingMessageAudio"]),
            SystemEnum("INMessageAttribute", "A state of a message.",
                       cases: ["unknown", "read", "unread", "flagged", "unflagged", "played"]),
            SystemEnum("INMessageType", "What a message holds.",
                       cases: ["unspecified", "text", "audio", "digitalTouch", "handwriting", "sticker", "tapbackLiked",
                               "tapbackDisliked", "tapbackEmphasized", "tapbackLoved", "tapbackQuestioned", "tapbackLaughed",
                               "mediaCalendar", "mediaLocation", "mediaAddressCard", "mediaImage", "mediaVideo", "mediaPass",
                               "mediaAudio", "paymentSent", "paymentRequest", "paymentNote", "animoji", "activitySnippet",
                               "file", "link"],
                       hasResolutionResult: false),
        ],
        optionSets: [
            SystemOptionSet("INMessageAttributeOptions", "States a searched message may be in.",
                            options: ["read", "unread", "flagged", "unflagged", "played"]),
        ],
        types: [
            SystemType(
                "INMessage", "A message: its content, sender, recipients and when it was sent.",
                properties: [
                    SystemProperty("identifier", "String", required: true),
                    SystemProperty("conversationIdentifier", "String", defaultValue: "nil"),
                    SystemProperty("content", "String"),
                    SystemProperty("dateSent", "Date"),
                    SystemProperty("sender", "INPerson"),
                    SystemProperty("recipients", "INPerson", list: true),
                    SystemProperty("groupName", "INSpeakableString", defaultValue: "nil"),
                    SystemProperty("messageType", "INMessageType", required: true, defaultValue: ".unspecified"),
                    SystemProperty("serviceName", "String", defaultValue: "nil"),
                ],
                displayProperty: "content", hasResolutionResult: false),
        ],
        results: [
            SystemResult(
                "INSendMessageRecipientResolutionResult", base: "INPersonResolutionResult",
                reasonType: "INSendMessageRecipientUnsupportedReason",
                reasons: [
                    .init("noAccount", "The recipient has no account."),
                    .init("offline", "The recipient is offline."),
                    .init("messagingServiceNotEnabledForRecipient", "The recipient cannot receive messages from this service."),
                    .init("noValidHandle", "The recipient has no valid handle."),
                    .init("requestedHandleInvalid", "The requested handle is invalid."),
                    .init("noHandleForLabel", "The recipient has no handle with that label."),
                    .init("requiringInAppAuthentication", "Sending to this recipient needs signing in to the app."),
                ]),
        ])
}
