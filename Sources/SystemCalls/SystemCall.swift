import Foundation

/// A system call an app process makes for itself: a donation, vocabulary, shortcuts, its Siri
/// authorization. The SDK sends it to `intents serve` (starting one when none runs), which
/// names the app from the connection, never from the call, and performs it on the system store;
/// in a unit test, `IntentsTesting`'s in-process system performs it.
public enum SystemCall: Codable, Hashable, Sendable {
    /// Donates; the donation's `app` is replaced by the caller's.
    case donate(Donation)
    /// Deletes the caller's donations that `DonationSelection` picks; answers `.count`.
    case deleteDonations(DonationSelection)
    /// The caller's voice shortcuts (`INVoiceShortcutCenter.getAllVoiceShortcuts`).
    case voiceShortcuts
    /// One of the caller's voice shortcuts by identifier; nil for another app's.
    case voiceShortcut(UUID)
    /// Replaces the caller's shortcut suggestions (`setShortcutSuggestions(_:)`).
    case setShortcutSuggestions([ShortcutAction])
    /// Replaces the caller's relevant shortcuts (`INRelevantShortcutStore.setRelevantShortcuts`).
    case setRelevantShortcuts([RelevantShortcutRecord])
    /// Replaces the caller's vocabulary of one `INVocabularyStringType` (its raw value), in order.
    case setVocabulary([String], type: Int)
    /// Removes all of the caller's vocabulary.
    case removeAllVocabulary
    /// The caller's Siri authorization, without asking.
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
    /// Done, with nothing to answer.
    case done
    /// How many records the call removed.
    case count(Int)
    /// The caller's voice shortcuts.
    case voiceShortcuts([VoiceShortcutRecord])
    /// One voice shortcut, or nil when the caller has none with that identifier.
    case voiceShortcut(VoiceShortcutRecord?)
    /// A Siri authorization status.
    case authorization(SiriAuthorization)
    /// An absolute folder (an app group's container).
    case path(String)
}
