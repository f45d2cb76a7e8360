import ExtensionProtocol
import Foundation

/// What a shortcut runs: an intent with its saved parameters, or a user activity the app continues.
public enum ShortcutAction: Codable, Hashable, Sendable {
    /// `className` is the module-qualified Swift class, so that the app can rebuild its intent.
    case intent(IntentPayload, className: String?)
    /// A donated user activity, which its app continues.
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
    /// What was donated: an `INInteraction` or an `NSUserActivity`.
    public enum Kind: String, Codable, Sendable { case interaction, userActivity }

    /// A UUID string, or the interaction's own identifier: the app's choice, unique among that
    /// app's donations only (another app may use it too).
    public var identifier: String
    /// The donating app's bundle identifier.
    public var app: String
    /// An interaction or a user activity.
    public var kind: Kind
    /// When it was donated (or the interaction's date), which suggestions rank by.
    public var date: Date
    /// What a shortcut made from it runs.
    public var action: ShortcutAction
    /// `INInteraction.groupIdentifier`, by which the app may delete a group at once.
    public var groupIdentifier: String?
    /// The response code's name, for an interaction donated with a response.
    public var responseCode: String?
    /// For an activity: `persistentIdentifier`, used to delete it.
    public var persistentIdentifier: String?
    /// For an activity: the phrase it suggests to the user (`suggestedInvocationPhrase`).
    public var suggestedInvocationPhrase: String?

    /// A donation as the SDK makes it; the server replaces `app` with the caller's.
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
    /// `INVoiceShortcut.identifier`.
    public var identifier: UUID
    /// What the user says (`invocationPhrase`), as the user typed it.
    public var phrase: String
    /// The app the shortcut belongs to (bundle identifier).
    public var app: String
    /// What saying the phrase runs.
    public var action: ShortcutAction
    /// The identifier of the donation it was made from, if any: one of `app`'s donations.
    public var donation: String?

    /// A voice shortcut as `intents shortcuts add` makes it.
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
    /// What the shortcut runs.
    public var action: ShortcutAction
    /// `INRelevantShortcutRole`: 0 action, 1 information.
    public var role: Int
    /// Date intervals in which it is relevant (`INDateRelevanceProvider`); empty means always.
    public var intervals: [DateInterval]

    /// A relevant shortcut: an action by default, relevant always unless intervals are given.
    public init(action: ShortcutAction, role: Int = 0, intervals: [DateInterval] = []) {
        self.action = action
        self.role = role
        self.intervals = intervals
    }
}

/// `INSiriAuthorizationStatus`, numbered as Apple numbers it.
public enum SiriAuthorization: Int, Codable, Sendable, CaseIterable {
    /// Not asked, or asked with no answer; set by the system; refused by the user; allowed by the user.
    case notDetermined = 0, restricted = 1, denied = 2, authorized = 3

    /// The case's name, as the CLI and the JSON output spell it.
    public var name: String { String(describing: self) }
}
