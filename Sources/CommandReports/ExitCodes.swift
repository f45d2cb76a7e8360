import LocalAPI

/// The documented exit codes of `intents`, shared by the client and the embedded host.
public enum ExitCodes {
    public static let success: Int32 = 0
    /// Faults found, a file that could not be written, a server that failed.
    public static let problems: Int32 = 1
    /// A usage error, no extension for the intent, input needed and none given.
    public static let usage: Int32 = 2
    /// Refused by the policy gate (lock state, authorization, source): nothing ran.
    public static let refused: Int32 = 3
    /// The extension answered with a failure code.
    public static let extensionAnsweredFailure: Int32 = 4
    /// The extension crashed, hung past its deadline, or the host was too busy to run it.
    public static let extensionFailed: Int32 = 5
    /// The user answered no to the system's confirmation: nothing was handled.
    public static let declinedByUser: Int32 = 6

    /// The exit code for a host error's code (`HostFailure.code`); 1 for a code it does not know.
    public static func code(forFailure code: String) -> Int32 {
        switch code {
        case "usage", "noExtension", "inputRequired", "cancelled": usage
        case "refusedByPolicy": refused
        case "extensionFailed", "requestTimedOut", "busy": extensionFailed
        default: problems
        }
    }

    /// The exit code for a conversation's end: the user declined, the extension answered with
    /// a failure code, or success.
    public static func code(for result: ConversationResult) -> Int32 {
        if result.status == .declined { return declinedByUser }
        return result.response.category.isFailure ? extensionAnsweredFailure : success
    }
}
