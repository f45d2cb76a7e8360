import ExtensionProtocol
import Foundation

/// What a shortcut runs: an intent with its saved parameters, or a user activity the app continues.
public enum ShortcutAction: Codable, Hashable, Sendable {
    /// `className` is the module-qualified Swift class, so that the app can rebuild its intent.
    case intent(IntentPayload, className: String?)
    case userActivity(UserActivityPayload)

    /// The intent name or the activity type.
    public var name: String {
        switch self {
        case .intent(let payload, _): payload.name
        case .userActivity(let activity): activity.activityType
        }
    }

    /// How a person reads it: `OrderPizzaIntent(kind: margherita, quantity: 2)` or `activity com.example.show`.
    public var summary: String {
        switch self {
        case .intent(let payload, _):
            let values = payload.parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.displayString)" }
            return "\(payload.name)(\(values.joined(separator: ", ")))"
        case .userActivity(let activity):
            return "activity \(activity.activityType)" + (activity.title.map { " \"\($0)\"" } ?? "")
        }
    }
}

/// One donation: an interaction (`INInteraction.donate`) or a user activity (`becomeCurrent()`).
public struct Donation: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable { case interaction, userActivity }

    /// A UUID string, or the interaction's own identifier: the app's choice, unique among that
    /// app's donations only (another app may use it too).
    public var identifier: String
    /// The donating app's bundle identifier.
    public var app: String
    public var kind: Kind
    public var date: Date
    public var action: ShortcutAction
    public var groupIdentifier: String?
    /// The response code's name, for an interaction donated with a response.
    public var responseCode: String?
    /// For an activity: `persistentIdentifier`, used to delete it.
    public var persistentIdentifier: String?
    public var suggestedInvocationPhrase: String?

    public init(identifier: String = UUID().uuidString, app: String, kind: Kind, date: Date = Date(), action: ShortcutAction,
                groupIdentifier: String? = nil, responseCode: String? = nil, persistentIdentifier: String? = nil,
                suggestedInvocationPhrase: String? = nil) {
        self.identifier = identifier
        self.app = app
        self.kind = kind
        self.date = date
        self.action = action
        self.groupIdentifier = groupIdentifier
        self.responseCode = responseCode
        self.persistentIdentifier = persistentIdentifier
        self.suggestedInvocationPhrase = suggestedInvocationPhrase
    }
}

/// A phrase the user attached to a shortcut.
public struct VoiceShortcutRecord: Codable, Hashable, Sendable {
    public var identifier: UUID
    public var phrase: String
    /// The app the shortcut belongs to (bundle identifier).
    public var app: String
    public var action: ShortcutAction
    /// The identifier of the donation it was made from, if any: one of `app`'s donations.
    public var donation: String?

    public init(identifier: UUID = UUID(), phrase: String, app: String, action: ShortcutAction, donation: String? = nil) {
        self.identifier = identifier
        self.phrase = phrase
        self.app = app
        self.action = action
        self.donation = donation
    }
}

/// A shortcut an app marked relevant, with when it is relevant.
public struct RelevantShortcutRecord: Codable, Hashable, Sendable {
    public var action: ShortcutAction
    /// `INRelevantShortcutRole`: 0 action, 1 information.
    public var role: Int
    /// Date intervals in which it is relevant (`INDateRelevanceProvider`); empty means always.
    public var intervals: [DateInterval]

    public init(action: ShortcutAction, role: Int = 0, intervals: [DateInterval] = []) {
        self.action = action
        self.role = role
        self.intervals = intervals
    }
}

/// `INSiriAuthorizationStatus`, numbered as Apple numbers it.
public enum SiriAuthorization: Int, Codable, Sendable, CaseIterable {
    case notDetermined = 0, restricted = 1, denied = 2, authorized = 3

    public var name: String { String(describing: self) }
}
