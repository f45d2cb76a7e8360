/// An intent as it crosses the boundary: its class name and its parameter values.
public struct IntentPayload: Codable, Hashable, Sendable {
    public var name: String
    public var identifier: String?
    public var parameters: [String: IntentValue]

    public init(name: String, identifier: String? = nil, parameters: [String: IntentValue] = [:]) {
        self.name = name
        self.identifier = identifier
        self.parameters = parameters
    }
}

/// One resolution result, as the extension's resolve method answered it.
public enum ResolutionPayload: Codable, Hashable, Sendable {
    case success(value: IntentValue)
    case disambiguation(choices: [IntentValue])
    case confirmationRequired(value: IntentValue?)
    case needsValue
    case notRequired
    case unsupported(reason: UnsupportedReason?)
    /// The handler does not implement resolve for this parameter: the value stands as it is.
    case unimplemented
}

/// Why a value was unsupported: the reason's code and name, and a sentence for the user.
public struct UnsupportedReason: Codable, Hashable, Sendable {
    public var code: Int
    public var name: String
    public var message: String?

    public init(code: Int, name: String, message: String? = nil) {
        self.code = code
        self.name = name
        self.message = message
    }
}

/// How the host should treat a response code, whatever its number in its own enum.
public enum ResponseCategory: String, Codable, Hashable, Sendable {
    case unspecified, ready, inProgress, success, failure, failureRequiringAppLaunch, continueInApp
    /// The user must confirm before `handle` (`INStartCallIntentResponseCode.userConfirmationRequired`):
    /// after `confirm`, the host asks, and goes on only on a yes.
    case userConfirmationRequired

    /// Whether the conversation may go on to `handle` after `confirm` answered this.
    public var allowsHandling: Bool { self == .ready || self == .success || self == .inProgress }

    /// Whether the extension reported a failure.
    public var isFailure: Bool { self == .failure || self == .failureRequiringAppLaunch || self == .unspecified }
}

/// A name and a value, for ordered output parameters.
public struct NamedValue: Codable, Hashable, Sendable {
    public var name: String
    public var value: IntentValue

    public init(name: String, value: IntentValue) {
        self.name = name
        self.value = value
    }
}

/// An `NSUserActivity` as it crosses the boundary.
public struct UserActivityPayload: Codable, Hashable, Sendable {
    public var activityType: String
    public var title: String?
    public var userInfo: [String: IntentValue]

    public init(activityType: String, title: String? = nil, userInfo: [String: IntentValue] = [:]) {
        self.activityType = activityType
        self.title = title
        self.userInfo = userInfo
    }
}

/// An intent response: its code (number and name), how to treat it, its output and user activity.
public struct ResponsePayload: Codable, Hashable, Sendable {
    public var code: Int
    public var codeName: String
    public var category: ResponseCategory
    public var output: [NamedValue]
    public var userActivity: UserActivityPayload?

    public init(code: Int, codeName: String, category: ResponseCategory,
                output: [NamedValue] = [], userActivity: UserActivityPayload? = nil) {
        self.code = code
        self.codeName = codeName
        self.category = category
        self.output = output
        self.userActivity = userActivity
    }
}

/// A failure the SDK inside the extension reports instead of an answer.
public struct ExtensionFailure: Codable, Hashable, Sendable, Error {
    public enum Code: String, Codable, Sendable {
        case principalClassNotFound, principalClassNotAnExtension, unknownIntent, unknownParameter
        case noHandler, handlerDoesNotConform, badRequest, protocolVersionMismatch, confinementFailed, libraryNotLoaded
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
