import Foundation

/// A system call an app process makes for itself: a donation, vocabulary, shortcuts, its Siri
/// authorization. The SDK sends it to `intents serve` (starting one when none runs), which
/// names the app from the connection, never from the call, and performs it on the system store;
/// in a unit test, `IntentsTesting`'s in-process system performs it.
public enum SystemCall: Codable, Hashable, Sendable {
    /// Donates; the donation's `app` is replaced by the caller's.
    case donate(Donation)
    case deleteDonations(DonationSelection)
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
