/// An intent that starts in the background and may ask to continue in its app.
///
/// Linux form: continuing in the foreground tells the host the intent wants its app, as
/// `openAppWhenRun` does (`opensApp` in the result); the continuation runs in the extension, on
/// the main actor, once the user agrees.
public protocol ForegroundContinuableIntent: AppIntent {}

extension ForegroundContinuableIntent {
    /// An error to throw from `perform()` that ends it and asks the host to open the app.
    /// - Parameters:
    ///   - dialog: what the user is told; it becomes the result's dialog.
    ///   - continuation: run on the main actor before the result is sent.
    public func needsToContinueInForegroundError(_ dialog: IntentDialog? = nil,
                                                 continuation: (@MainActor () async throws -> Void)? = nil) -> AppIntentError {
        AppIntentError(.continueInForeground(dialog, continuation.map(ForegroundContinuation.init)))
    }

    /// Asks the user whether to continue in the app; on a yes, the host is told the intent wants
    /// its app and `continuation` runs on the main actor.
    /// - Returns: what `continuation` returns.
    /// - Throws: `AppIntentError.userCancelled` when the user says no.
    @discardableResult
    public func requestToContinueInForeground<ResultValue: Sendable>(_ dialog: IntentDialog? = nil,
                                                                     continuation: @MainActor () async throws -> ResultValue = { () })
        async throws -> ResultValue {
        try await Conversation.confirmIntent(dialog: dialog?.text, request: "requestToContinueInForeground(_:continuation:)")
        Conversation.current?.wantsApp()
        return try await continuation()
    }
}

/// The closure of `needsToContinueInForegroundError(_:continuation:)`, carried by the error.
struct ForegroundContinuation: @unchecked Sendable {
    let run: @MainActor () async throws -> Void

    init(_ run: @escaping @MainActor () async throws -> Void) {
        self.run = run
    }
}
