import ExtensionProtocol
import Foundation
import SystemCalls

/// What a shortcut runs: an intent with its parameters, or a user activity for the app.
public enum INShortcut: Hashable {
    /// A shortcut that sends the intent, with the parameter values it holds, to the app's
    /// extension.
    case intent(INIntent)
    /// A shortcut that opens the app with the activity; only the activity's
    /// `requiredUserInfoKeys`, when set, are stored.
    case userActivity(NSUserActivity)

    /// Nil for the base `INIntent`, which names no request.
    public init?(intent: INIntent) {
        guard type(of: intent) != INIntent.self else { return nil }
        self = .intent(intent)
    }

    /// A shortcut that opens the app with `userActivity`; never nil, as in Apple's API.
    public init(userActivity: NSUserActivity) {
        self = .userActivity(userActivity)
    }

    /// The intent, for an intent shortcut; nil for an activity shortcut.
    public var intent: INIntent? {
        if case .intent(let intent) = self { intent } else { nil }
    }

    /// The activity, for an activity shortcut; nil for an intent shortcut.
    public var userActivity: NSUserActivity? {
        if case .userActivity(let activity) = self { activity } else { nil }
    }

    /// The stored form.
    var action: ShortcutAction {
        switch self {
        case .intent(let intent): .intent(intent.payload, className: String(reflecting: type(of: intent)))
        case .userActivity(let activity): .userActivity(activity.storedPayload)
        }
    }

    /// Rebuilds a shortcut from its stored form, with this process's intent classes.
    /// - Throws: `INIntentError` (`.decodingGeneric`) when the intent's class is not in this process.
    init(action: ShortcutAction) throws {
        switch action {
        case .intent(let payload, let className):
            let found = (className.flatMap { _typeByName($0) } ?? IntentClassLookup.systemIntents[payload.name]) as? INIntent.Type
            guard let intentClass = found else {
                throw INIntentError(.decodingGeneric, "The shortcut's intent class \(className ?? payload.name) is not linked into this process.")
            }
            do {
                self = .intent(try intentClass.make(from: payload))
            } catch {
                throw INIntentError(.decodingGeneric, "The shortcut's \(payload.name) cannot be rebuilt: \(error).")
            }
        case .userActivity(let payload):
            self = .userActivity(NSUserActivity(payload: payload))
        }
    }

}

/// A phrase the user attached to a shortcut. Only the system makes them (here: `intents shortcuts add`).
public final class INVoiceShortcut: NSObject {
    /// The system's identifier for the voice shortcut, which `getVoiceShortcut(with:completion:)`
    /// looks up.
    public let identifier: UUID
    /// The phrase the user says (or types to `intents say`) to run the shortcut.
    public let invocationPhrase: String
    /// What the phrase runs, rebuilt with this process's intent classes.
    public let shortcut: INShortcut

    init(identifier: UUID, invocationPhrase: String, shortcut: INShortcut) {
        self.identifier = identifier
        self.invocationPhrase = invocationPhrase
        self.shortcut = shortcut
        super.init()
    }
}

/// The app's view of the user's voice shortcuts.
public final class INVoiceShortcutCenter: NSObject, @unchecked Sendable {
    /// The center of this process's app; it reads the system store of the state folder.
    public static let shared = INVoiceShortcutCenter()

    /// This app's voice shortcuts.
    public func getAllVoiceShortcuts(completion: @escaping ([INVoiceShortcut]?, (any Error)?) -> Void) {
        do {
            guard case .voiceShortcuts(let records) = try IntentsAppContext.perform(.voiceShortcuts, failing: .decodingGeneric) else {
                throw INIntentError(.decodingGeneric, "The voice shortcuts came back as something else.")
            }
            completion(try records.map(Self.make), nil)
        } catch {
            completion(nil, error)
        }
    }

    /// This app's voice shortcut with `identifier`, or nil.
    public func getVoiceShortcut(with identifier: UUID, completion: @escaping (INVoiceShortcut?, (any Error)?) -> Void) {
        do {
            guard case .voiceShortcut(let record) = try IntentsAppContext.perform(.voiceShortcut(identifier), failing: .decodingGeneric) else {
                throw INIntentError(.decodingGeneric, "The voice shortcut came back as something else.")
            }
            completion(try record.map(Self.make), nil)
        } catch {
            completion(nil, error)
        }
    }

    /// Replaces the shortcuts this app suggests the user add (shown by `intents suggestions`).
    /// Failures are written to standard error, as Apple's systems log them.
    public func setShortcutSuggestions(_ suggestions: [INShortcut]) {
        IntentsAppContext.logFailure("INVoiceShortcutCenter") {
            _ = try IntentsAppContext.perform(.setShortcutSuggestions(suggestions.map(\.action)), failing: .donatingInteraction)
        }
    }

    private static func make(_ record: VoiceShortcutRecord) throws -> INVoiceShortcut {
        INVoiceShortcut(identifier: record.identifier, invocationPhrase: record.phrase, shortcut: try INShortcut(action: record.action))
    }
}
