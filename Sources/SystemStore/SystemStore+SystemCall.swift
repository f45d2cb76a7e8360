import Foundation
import SystemCalls

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

    /// Whether `call` only reads the store, so that `reading(_:)` may run it beside a write
    /// that waits for a lock.
    public static func onlyReads(_ call: SystemCall) -> Bool {
        switch call {
        case .voiceShortcuts, .voiceShortcut, .authorization: true
        case .donate, .deleteDonations, .setShortcutSuggestions, .setRelevantShortcuts, .setVocabulary, .removeAllVocabulary,
             .requestAuthorization, .updateAppShortcutParameters, .appGroupContainer: false
        }
    }
}
