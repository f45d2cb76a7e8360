extension SiriKitDomain {
    /// Starting audio and video calls, and searching the call history.
    public static let calls = SiriKitDomain(
        name: "Calls",
        intents: [
            SystemIntent(
                "INStartCallIntent", "Starts an audio or video call with one or more contacts, or calls back a recent call.",
                parameters: [
                    SystemParameter("callRecordFilter", "INCallRecordFilter", defaultValue: "nil", resolves: false),
                    SystemParameter("callRecordToCallBack", "INCallRecord", title: "call", defaultValue: "nil"),
                    SystemParameter("audioRoute", "INCallAudioRoute", required: true, resolves: false),
                    SystemParameter("destinationType", "INCallDestinationType", required: true, title: "destination"),
                    SystemParameter("contacts", "INPerson", list: true, title: "contact",
                                    result: "INStartCallContactResolutionResult"),
                    SystemParameter("callCapability", "INCallCapability", required: true, title: "call type",
                                    result: "INStartCallCallCapabilityResolutionResult"),
                ],
                responseCodes: ["unspecified", "ready", "continueInApp", "userConfirmationRequired", "failure",
                                "failureRequiringAppLaunch", "failureCallingServiceNotAvailable",
                                "failureContactNotSupportedByApp", "failureAirplaneModeEnabled", "failureUnableToHandOff",
                                "failureAppConfigurationRequired", "failureCallInProgress",
                                "failureRequiringInAppAuthentication=13"]),
            SystemIntent(
                "INSearchCallHistoryIntent", "Searches the user's call history.",
                parameters: [
                    SystemParameter("dateCreated", "INDateComponentsRange", title: "date"),
                    SystemParameter("recipient", "INPerson", title: "person"),
                    SystemParameter("callCapabilities", "INCallCapabilityOptions", required: true, resolves: false),
                    SystemParameter("callTypes", "INCallRecordTypeOptions", required: true, title: "call type"),
                    SystemParameter("unseen", "Bool", title: "unseen"),
                ],
                responseCodes: ["unspecified", "ready", "continueInApp", "failure", "failureRequiringAppLaunch",
                                "failureAppConfigurationRequired", "inProgress", "success"],
                outputs: [SystemProperty("callRecords", "INCallRecord", list: true)]),
        ],
        enums: [
            SystemEnum("INCallAudioRoute", "Where a call's audio plays.",
                       cases: ["unknown", "speakerphoneAudioRoute", "bluetoothAudioRoute"],
                       summaries: [
                           "speakerphoneAudioRoute": "The call plays through the speakerphone.",
                           "bluetoothAudioRoute": "The call plays through a connected Bluetooth device.",
                       ],
                       hasResolutionResult: false),
            SystemEnum("INCallCapability", "Whether a call is audio or video.",
                       cases: ["unknown", "audioCall", "videoCall"],
                       summaries: [
                           "audioCall": "An audio-only call.",
                           "videoCall": "A video call.",
                       ]),
            SystemEnum("INCallDestinationType", "What a call is placed to: a person, emergency services, voicemail, a redial or a call back.",
                       cases: ["unknown", "normal", "emergency", "voicemail", "redial", "callBack"],
                       summaries: [
                           "normal": "The contacts or number the user named.",
                           "emergency": "Emergency services.",
                           "voicemail": "The user's voicemail.",
                           "redial": "The last number the user called, called again.",
                           "callBack": "The person who last called the user.",
                       ]),
            SystemEnum("INCallRecordType", "What kind of call a call record is.",
                       cases: ["unknown", "outgoing", "missed", "received", "latest", "voicemail", "ringing", "inProgress",
                               "onHold"],
                       summaries: [
                           "outgoing": "A call the user placed.",
                           "missed": "A received call the user did not answer.",
                           "received": "A received call the user answered.",
                           "latest": "The most recent call, whatever its kind.",
                           "voicemail": "A voicemail left after a missed call.",
                           "ringing": "A received call that is still ringing.",
                           "inProgress": "A received call that is going on now.",
                           "onHold": "A received call the user put on hold.",
                       ]),
        ],
        optionSets: [
            SystemOptionSet("INCallCapabilityOptions", "Kinds of calls searched for: audio, video.",
                            options: ["audioCall", "videoCall"],
                            summaries: [
                                "audioCall": "Audio-only calls.",
                                "videoCall": "Video calls.",
                            ]),
            SystemOptionSet("INCallRecordTypeOptions", "Kinds of call records searched for.",
                            options: ["outgoing", "missed", "received", "latest", "voicemail", "ringing", "inProgress",
                                      "onHold"],
                            summaries: [
                                "outgoing": "Calls the user placed.",
                                "missed": "Received calls the user did not answer.",
                                "received": "Received calls the user answered.",
                                "latest": "The most recent call.",
                                "voicemail": "Voicemails.",
                                "ringing": "Received calls still ringing.",
                                "inProgress": "Received calls going on now.",
                                "onHold": "Received calls on hold.",
                            ]),
        ],
        types: [
            SystemType(
                "INCallRecord", "A call in the call history: when it happened, its kind, its length and its participants.",
                properties: [
                    SystemProperty("identifier", "String", required: true),
                    SystemProperty("dateCreated", "Date"),
                    SystemProperty("callRecordType", "INCallRecordType", required: true),
                    SystemProperty("callCapability", "INCallCapability", required: true),
                    SystemProperty("callDuration", "Double"),
                    SystemProperty("unseen", "Bool"),
                    SystemProperty("participants", "INPerson", list: true, defaultValue: "nil"),
                    SystemProperty("numberOfCalls", "Int", defaultValue: "nil"),
                    SystemProperty("isCallerIdBlocked", "Bool", defaultValue: "nil"),
                ]),
            SystemType(
                "INCallRecordFilter", "What a user said about the call to redial: who, which kinds of call, audio or video.",
                properties: [
                    SystemProperty("participants", "INPerson", list: true),
                    SystemProperty("callTypes", "INCallRecordTypeOptions", required: true),
                    SystemProperty("callCapability", "INCallCapability", required: true),
                ],
                hasResolutionResult: false),
        ],
        results: [
            SystemResult(
                "INStartCallContactResolutionResult", base: "INPersonResolutionResult",
                reasonType: "INStartCallContactUnsupportedReason",
                reasons: [
                    .init("noContactFound", "No matching contact was found."),
                    .init("multipleContactsUnsupported", "The app cannot call several contacts at once."),
                    .init("noHandleForLabel", "The contact has no number or address with that label."),
                    .init("invalidHandle", "The contact's number or address is not valid."),
                    .init("unsupportedMmiUssd", "The app cannot dial MMI or USSD codes."),
                    .init("noCallHistoryForRedial", "There is no recent call to redial."),
                    .init("noUsableHandleForRedial", "The recent call has no number or address the app can redial."),
                    .init("requiringInAppAuthentication", "Calling this contact needs signing in to the app."),
                ]),
            SystemResult(
                "INStartCallCallCapabilityResolutionResult", base: "INCallCapabilityResolutionResult",
                reasonType: "INStartCallCallCapabilityUnsupportedReason",
                reasons: [
                    .init("videoCallUnsupported", "The app does not support video calls."),
                    .init("microphoneNotAccessible", "The app cannot use the microphone."),
                    .init("cameraNotAccessible", "The app cannot use the camera."),
                ]),
            SystemResult(
                "INStartCallCallRecordToCallBackResolutionResult", base: "INCallRecordResolutionResult",
                reasonType: "INStartCallCallRecordToCallBackUnsupportedReason",
                reasons: [
                    .init("noMatchingCall", "No matching call was found to call back."),
                ]),
        ],
        otherIntents: [
            SystemIntentPolicy("INStartAudioCallIntent"),
            SystemIntentPolicy("INStartVideoCallIntent"),
        ])
}
