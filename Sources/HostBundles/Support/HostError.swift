import Foundation

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
    /// The rule that refused the request (`.refusedByPolicy`), when policy did.
    public var policyRule: PolicyRule?

    public init(_ code: Code, _ message: String, policyRule: PolicyRule? = nil) {
        self.code = code
        self.message = message
        self.policyRule = policyRule
    }

    public var description: String { message }
}

extension HostError {
    /// Why a file-system call failed, in a few words and never as an `NSError` dump: the POSIX
    /// reason when there is one ("Permission denied"), else the error's localized description.
    public static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
