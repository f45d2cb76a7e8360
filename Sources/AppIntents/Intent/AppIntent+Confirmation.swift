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
    /// - Throws: `AppIntentError.userCancelled` when the user says no.
    public func requestConfirmation(actionName: ConfirmationActionName = .continue, dialog: IntentDialog) async throws {
        try await Conversation.confirmIntent(dialog: dialog.text, request: "requestConfirmation(actionName:dialog:)")
    }
}

/// The verb on the button that confirms an action.
public struct ConfirmationActionName: Hashable, Sendable {
    let verb: String

    public static var add: ConfirmationActionName { .init(verb: "add") }
    public static var addData: ConfirmationActionName { .init(verb: "addData") }
    public static var book: ConfirmationActionName { .init(verb: "book") }
    public static var buy: ConfirmationActionName { .init(verb: "buy") }
    public static var call: ConfirmationActionName { .init(verb: "call") }
    public static var checkIn: ConfirmationActionName { .init(verb: "checkIn") }
    public static var `continue`: ConfirmationActionName { .init(verb: "continue") }
    public static var create: ConfirmationActionName { .init(verb: "create") }
    public static var `do`: ConfirmationActionName { .init(verb: "do") }
    public static var get: ConfirmationActionName { .init(verb: "get") }
    public static var go: ConfirmationActionName { .init(verb: "go") }
    public static var log: ConfirmationActionName { .init(verb: "log") }
    public static var pay: ConfirmationActionName { .init(verb: "pay") }
    public static var request: ConfirmationActionName { .init(verb: "request") }
    public static var run: ConfirmationActionName { .init(verb: "run") }
    public static var set: ConfirmationActionName { .init(verb: "set") }
    public static var startNavigation: ConfirmationActionName { .init(verb: "startNavigation") }
}
