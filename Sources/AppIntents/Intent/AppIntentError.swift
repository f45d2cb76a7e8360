/// An error of App Intents that the system acts on: asking for a value and performing again,
/// or the user declining what `perform()` asked to confirm.
public struct AppIntentError: Error, Sendable, LocalizedError, CustomStringConvertible {
    enum Kind: @unchecked Sendable {
        /// Ask the user for this parameter, set it, and perform again.
        case needsValue(any AnyIntentParameter, IntentDialog?)
        case restartPerform
        case userCancelled
        /// End `perform()` and open the app, after running the continuation.
        case continueInForeground(IntentDialog?, ForegroundContinuation?)
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// Ask the system to perform the intent again.
    public static var restartPerform: AppIntentError { AppIntentError(.restartPerform) }
    /// The user answered no to a confirmation (Linux addition: the error `perform()` gets then).
    public static var userCancelled: AppIntentError { AppIntentError(.userCancelled) }

    /// The same sentence as `description`, for code that shows `localizedDescription`.
    public var errorDescription: String? { description }

    /// One sentence saying which request it stands for: the parameter that needs a value (by
    /// title), a restart, or the user's cancellation.
    public var description: String {
        switch kind {
        case .needsValue(let parameter, _):
            parameter.titleText.isEmpty ? "A parameter needs a value." : "The parameter \"\(parameter.titleText)\" needs a value."
        case .restartPerform: "The intent asked to be performed again."
        case .userCancelled: "The user cancelled the action."
        case .continueInForeground: "The intent asked to continue in its app."
        }
    }

    var isUserCancelled: Bool {
        if case .userCancelled = kind { return true }
        return false
    }
}
