/// An error the host reports to its user: one sentence, with a code scripts can read.
public struct HostError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable, Codable {
        /// Wrong arguments or parameter values.
        case usage
        /// No extension supports the intent.
        case noExtension
        /// Refused by lock policy or authorization.
        case refusedByPolicy
        /// Input is needed and the session is not interactive.
        case inputRequired
        /// The user cancelled.
        case cancelled
        /// The extension failed: it crashed, timed out, or broke the protocol.
        case extensionFailed
        case requestTimedOut
        /// Every extension process the host allows is busy.
        case busy
        /// The host's state folder holds something it cannot read.
        case badState
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
