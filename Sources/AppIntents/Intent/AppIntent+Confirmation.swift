import ExtensionProtocol

extension AppIntent {
    /// Asks the user to confirm going ahead, showing what the result will be, and waits.
    /// - Throws: `AppIntentError.userCancelled` when the user says no; `CancellationError`
    ///   when the conversation ends first.
    public func requestConfirmation<Result: IntentResult>(result: Result, confirmationActionName: ConfirmationActionName = .continue,
                                                          showPrompt: Bool = true) async throws {
        try await Conversation.confirmIntent(dialog: ResultPayload.dialog(of: result), request: "requestConfirmation(result:confirmationActionName:showPrompt:)")
    }

    /// Asks the user to confirm going ahead, and waits.
    /// - Throws: `AppIntentError.userCancelled` when the user says no.
    public func requestConfirmation() async throws {
        try await Conversation.confirmIntent(dialog: nil, request: "requestConfirmation()")
    }

    /// Asks the user to confirm going ahead with `dialog`, and waits.
    /// - Parameters:
    ///   - conditions: when Apple's systems may skip the question; the host always asks.
    ///   - actionName: the verb on Apple's confirm button; the host asks a yes or no.
    ///   - dialog: the question the user is asked.
    /// - Throws: `AppIntentError.userCancelled` when the user says no.
    public func requestConfirmation(conditions: ConfirmationConditions = [], actionName: ConfirmationActionName = .continue,
                                    dialog: IntentDialog) async throws {
        try await Conversation.confirmIntent(dialog: dialog.text, request: "requestConfirmation(conditions:actionName:dialog:)")
    }

    /// Asks the user to confirm going ahead, with `dialog` and a snippet, and waits.
    ///
    /// Linux form: `content` builds a ``SnippetView`` (an ``IntentSnippet``, text or HTML) where
    /// Apple's builds a SwiftUI view; the host shows the dialog and asks a yes or no.
    /// - Throws: `AppIntentError.userCancelled` when the user says no.
    public func requestConfirmation<Content: SnippetView>(conditions: ConfirmationConditions = [],
                                                          actionName: ConfirmationActionName = .continue,
                                                          dialog: IntentDialog? = nil, showDialogAsPrompt: Bool = true,
                                                          content: () -> Content) async throws {
        _ = content()
        try await Conversation.confirmIntent(dialog: dialog?.text,
                                             request: "requestConfirmation(conditions:actionName:dialog:showDialogAsPrompt:content:)")
    }
}

/// When Apple's systems may skip a confirmation; the host always asks.
public struct ConfirmationConditions: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    /// A set of conditions from its bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }
}

/// The verb on the button that confirms an action.
public struct ConfirmationActionName: Hashable, Sendable {
    let verb: String

    /// "Add" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var add: ConfirmationActionName { .init(verb: "add") }
    /// "Add Data" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var addData: ConfirmationActionName { .init(verb: "addData") }
    /// "Book" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var book: ConfirmationActionName { .init(verb: "book") }
    /// "Buy" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var buy: ConfirmationActionName { .init(verb: "buy") }
    /// "Call" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var call: ConfirmationActionName { .init(verb: "call") }
    /// "Check In" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var checkIn: ConfirmationActionName { .init(verb: "checkIn") }
    /// "Continue" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var `continue`: ConfirmationActionName { .init(verb: "continue") }
    /// "Create" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var create: ConfirmationActionName { .init(verb: "create") }
    /// "Do" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var `do`: ConfirmationActionName { .init(verb: "do") }
    /// "Get" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var get: ConfirmationActionName { .init(verb: "get") }
    /// "Go" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var go: ConfirmationActionName { .init(verb: "go") }
    /// "Log" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var log: ConfirmationActionName { .init(verb: "log") }
    /// "Pay" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var pay: ConfirmationActionName { .init(verb: "pay") }
    /// "Request" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var request: ConfirmationActionName { .init(verb: "request") }
    /// "Run" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var run: ConfirmationActionName { .init(verb: "run") }
    /// "Set" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var set: ConfirmationActionName { .init(verb: "set") }
    /// "Start Navigation" on Apple's confirm button; the host asks a yes/no question whatever the verb.
    public static var startNavigation: ConfirmationActionName { .init(verb: "startNavigation") }
}
