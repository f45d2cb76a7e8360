import Foundation

/// A system call an app process makes for itself: a donation, vocabulary, shortcuts, its Siri
/// authorization. The same calls are performed on the store by `intents serve` (which names the
/// app from the connection, never from the call) or, with no server, by the app's own process.
public enum SystemCall: Codable, Hashable, Sendable {
    /// Donates; the donation's `app` is replaced by the caller's.
    case donate(Donation)
    case deleteDonations(SystemStore.DonationSelection)
    case voiceShortcuts
    case voiceShortcut(UUID)
    case setShortcutSuggestions([ShortcutAction])
    case setRelevantShortcuts([RelevantShortcutRecord])
    case setVocabulary([String], type: Int)
    case removeAllVocabulary
    case authorization
    /// Asks the user once (`INPreferences.requestSiriAuthorization`): answered by the user's
    /// decision. Served, it is a pending request that `intents authorize` answers.
    case requestAuthorization(displayName: String, usageDescription: String)
    /// The container of an app group the app is entitled to (created if needed).
    case appGroupContainer(String)
    /// `updateAppShortcutParameters()`: the app's entity values changed; the host asks its
    /// extension's queries again before it next matches the app's App Shortcut phrases.
    case updateAppShortcutParameters

    /// The operation's name in the local API.
    public var name: String {
        switch self {
        case .donate: "donate"
        case .deleteDonations: "deleteDonations"
        case .voiceShortcuts: "voiceShortcuts"
        case .voiceShortcut: "voiceShortcut"
        case .setShortcutSuggestions: "setShortcutSuggestions"
        case .setRelevantShortcuts: "setRelevantShortcuts"
        case .setVocabulary: "setVocabulary"
        case .removeAllVocabulary: "removeAllVocabulary"
        case .authorization: "authorization"
        case .requestAuthorization: "requestAuthorization"
        case .appGroupContainer: "appGroupContainer"
        case .updateAppShortcutParameters: "updateAppShortcutParameters"
        }
    }
}

/// What a system call answers.
public enum SystemCallResult: Codable, Hashable, Sendable {
    case done
    case count(Int)
    case voiceShortcuts([VoiceShortcutRecord])
    case voiceShortcut(VoiceShortcutRecord?)
    case authorization(SiriAuthorization)
    case path(String)
}

extension SystemStore {
    /// Performs `call` for `app` (a bundle identifier). `requestAuthorization` asks `decide`;
    /// `appGroupContainer` is not the store's and throws.
    /// - Throws: `SystemStoreError` as the store's own calls do.
    public func perform(_ call: SystemCall, app: String, decide: () -> SiriAuthorization = { .notDetermined }) throws -> SystemCallResult {
        switch call {
        case .donate(var donation):
            donation.app = app
            try donate(donation)
            return .done
        case .deleteDonations(let selection):
            return .count(try deleteDonations(app: app, selection))
        case .voiceShortcuts:
            return .voiceShortcuts(try voiceShortcuts(app: app))
        case .voiceShortcut(let identifier):
            return .voiceShortcut(try voiceShortcut(identifier: identifier).flatMap { $0.app == app ? $0 : nil })
        case .setShortcutSuggestions(let actions):
            try setShortcutSuggestions(actions, app: app)
            return .done
        case .setRelevantShortcuts(let shortcuts):
            try setRelevantShortcuts(shortcuts, app: app)
            return .done
        case .setVocabulary(let strings, let type):
            try setVocabulary(strings, type: type, app: app)
            return .done
        case .removeAllVocabulary:
            try removeAllVocabulary(app: app)
            return .done
        case .authorization:
            return .authorization(try authorization(app: app))
        case .requestAuthorization:
            return .authorization(try requestAuthorization(app: app, decide: decide))
        case .updateAppShortcutParameters:
            try requestAppShortcutParameters(app: app)
            return .done
        case .appGroupContainer(let group):
            throw SystemStoreError(.invalid, "The container of the app group \(group) is not the system store's to give.")
        }
    }
}
