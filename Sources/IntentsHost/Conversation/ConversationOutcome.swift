import ExtensionProtocol

/// How a conversation ended: the intent as resolved, the step that gave the final answer,
/// that answer, and everything said along the way.
public struct ConversationOutcome: Sendable {
    public enum Step: String, Codable, Sendable {
        case confirm, handle
    }

    public var intent: IntentPayload
    /// The intent's shape, as the extension described it: parameter order and titles.
    public var schema: IntentSchema
    public var step: Step
    public var response: ResponsePayload
    public var prompts: [Prompt]
    /// The user answered no to the system's confirmation: `handle` was never called.
    public var declinedByUser = false
    /// For an App Intent: what `perform()` returned (dialog, snippet, value) or threw.
    public var appIntentResult: AppIntentResultPayload? {
        get { appIntentBox?.result }
        set { appIntentBox = newValue.map(AppIntentResultBox.init) }
    }

    /// Held by reference: the outcome of every SiriKit conversation stays as small as it was.
    private var appIntentBox: AppIntentResultBox?

    public init(intent: IntentPayload, schema: IntentSchema, step: Step, response: ResponsePayload, prompts: [Prompt],
                declinedByUser: Bool = false) {
        self.intent = intent
        self.schema = schema
        self.step = step
        self.response = response
        self.prompts = prompts
        self.declinedByUser = declinedByUser
    }
}

/// An App Intent's result, boxed in `ConversationOutcome`.
private final class AppIntentResultBox: Sendable {
    let result: AppIntentResultPayload

    init(_ result: AppIntentResultPayload) {
        self.result = result
    }
}
