import Foundation

/// The codes of `INSendMessageIntentResponse`, numbered as Apple numbers them.
public enum INSendMessageIntentResponseCode: Int, INSystemIntentResponseCode, Sendable {
    case unspecified = 0
    case ready = 1
    case inProgress = 2
    case success = 3
    case failure = 4
    case failureRequiringAppLaunch = 5
    case failureMessageServiceNotAvailable = 6
    case failureRequiringInAppAuthentication = 7
}

/// The answer to `INSendMessageIntent`.
open class INSendMessageIntentResponse: INIntentResponse {
    public private(set) var code: INSendMessageIntentResponseCode = .unspecified
    open var sentMessages: [Any]?

    public required init() {
        super.init()
    }

    public init(code: INSendMessageIntentResponseCode, userActivity: NSUserActivity?) {
        super.init(responseCode: code, userActivity: userActivity)
        self.code = code
    }
}

/// Why a recipient cannot receive the message, numbered as Apple numbers it.
public enum INSendMessageRecipientUnsupportedReason: Int, INUnsupportedReason, Sendable {
    case noAccount = 1
    case offline = 2
    case messagingServiceNotEnabledForRecipient = 3
    case noValidHandle = 4
    case requestedHandleInvalid = 5
    case noHandleForLabel = 6
    case requiringInAppAuthentication = 7

    public var reasonDescription: String? {
        switch self {
        case .noAccount: return "The recipient has no account."
        case .offline: return "The recipient is offline."
        case .messagingServiceNotEnabledForRecipient: return "The recipient cannot receive messages from this service."
        case .noValidHandle: return "The recipient has no valid handle."
        case .requestedHandleInvalid: return "The requested handle is invalid."
        case .noHandleForLabel: return "The recipient has no handle with that label."
        case .requiringInAppAuthentication: return "Sending to this recipient needs signing in to the app."
        }
    }
}

/// Resolves one recipient of `INSendMessageIntent`.
open class INSendMessageRecipientResolutionResult: INPersonResolutionResult {
    public class func unsupported(forReason reason: INSendMessageRecipientUnsupportedReason) -> Self {
        unsupported(withReason: reason)
    }
}
