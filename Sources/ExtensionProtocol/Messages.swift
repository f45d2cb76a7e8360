/// A message the host sends to an extension process.
///
/// Requests carry an id that the reply repeats, so one process can serve several
/// conversations at once; `conversation` names the handler that `handler(for:)` gave.
public enum HostToExtensionMessage: Codable, Hashable, Sendable {
    case describe(requestID: UInt64, intents: [String])
    case resolve(requestID: UInt64, conversation: UInt64, intent: IntentPayload, parameter: String)
    case confirm(requestID: UInt64, conversation: UInt64, intent: IntentPayload)
    /// A SiriKit conversation's last step: once the extension answers it, it lets the
    /// conversation's handler go, and no `endConversation` follows.
    case handle(requestID: UInt64, conversation: UInt64, intent: IntentPayload)
    /// The conversation is over (ended before handle, or an App Intent's): its handler or its
    /// waiting `perform` is let go. No reply.
    case endConversation(conversation: UInt64)
    /// Asks for the dynamic options of `parameter` (`provide<Parameter>OptionsCollection`).
    case provideOptions(requestID: UInt64, conversation: UInt64, intent: IntentPayload, parameter: String)
    /// To a spare runner, once: narrow yourself to `policy` (JSON of a `SandboxPolicy`) and load
    /// the library. Two descriptors follow this frame on the socket (`SCM_RIGHTS`): the library,
    /// then the bundle's folder, which the policy's descriptor rules stand for.
    case assign(principalClass: String, policy: String)
    /// Asks for the App Intents metadata of these types (module-qualified, from the plist's
    /// `AppIntents`): the intents, their parameter types, and the shortcuts provider's shortcuts.
    indirect case describeAppIntents(requestID: UInt64, intents: [String], shortcutsProvider: String?)
    /// Asks the `defaultQuery` of the entity type `entity` (module-qualified).
    indirect case queryEntities(requestID: UInt64, entity: String, request: EntityQueryRequest)
    /// Runs `perform()` of the App Intent `typeName` with the parameters of `intent`; the reply
    /// is `performed`, or `asks` when `perform()` requests something of the user.
    indirect case perform(requestID: UInt64, conversation: UInt64, typeName: String, intent: IntentPayload)
    /// The user's answer to what `perform()` asked in `conversation`; replied to as `perform`.
    indirect case answer(requestID: UInt64, conversation: UInt64, answer: AppIntentAnswer)

    /// The id the reply will carry, or nil for a message that gets none.
    public var requestID: UInt64? {
        switch self {
        case .describe(let id, _), .resolve(let id, _, _, _), .confirm(let id, _, _), .handle(let id, _, _),
             .provideOptions(let id, _, _, _), .describeAppIntents(let id, _, _), .queryEntities(let id, _, _),
             .perform(let id, _, _, _), .answer(let id, _, _):
            return id
        case .endConversation, .assign:
            return nil
        }
    }
}

/// A message an extension process sends to the host.
///
/// The App Intents cases are `indirect`: with their large payloads inline, release builds
/// (Swift 6.3.1) handed the host garbage in the other cases' values (a SiriKit `responded`
/// read back with a wrong code), while debug builds did not; boxed, both agree.
public enum ExtensionToHostMessage: Codable, Hashable, Sendable {
    /// Sent first, by the runner, once it has confined itself and before the extension loads.
    case confined(report: ConfinementReport)
    /// Sent once, unasked, when the principal class is instantiated and requests may come.
    case ready(principalClass: String, sdkVersion: String)
    case described(requestID: UInt64, intents: [IntentSchema])
    case resolved(requestID: UInt64, results: [ResolutionPayload])
    case responded(requestID: UInt64, response: ResponsePayload)
    /// A request failed inside the SDK; `requestID` 0 is a failure before `ready`.
    case failed(requestID: UInt64, failure: ExtensionFailure)
    /// The answer to `provideOptions`: the values to offer, in order.
    case provided(requestID: UInt64, options: [IntentValue])
    /// The answer to `describeAppIntents`.
    indirect case appIntentsDescribed(requestID: UInt64, metadata: AppIntentsMetadata)
    /// The answer to `queryEntities`: the entities, each as an object (identifier and title).
    case entities(requestID: UInt64, entities: [IntentValue])
    /// `perform()` returned or threw.
    indirect case performed(requestID: UInt64, result: AppIntentResultPayload)
    /// `perform()` asks the user something and waits; `answer` carries the reply.
    indirect case asks(requestID: UInt64, question: AppIntentQuestion)

    /// The id of the request this answers, or nil for `ready`.
    public var requestID: UInt64? {
        switch self {
        case .ready, .confined: return nil
        case .described(let id, _), .resolved(let id, _), .responded(let id, _), .failed(let id, _), .provided(let id, _),
             .appIntentsDescribed(let id, _), .entities(let id, _), .performed(let id, _), .asks(let id, _): return id
        }
    }
}
