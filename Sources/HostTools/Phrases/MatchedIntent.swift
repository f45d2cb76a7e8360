import ExtensionProtocol
import HostBundles
import HostPolicy
import IntentsHost

/// An intent a spoken phrase matched, as `intents say` runs it: the app the phrase belongs to,
/// the source policy judges it from, and the values the phrase's slots caught.
public struct MatchedIntent: Sendable {
    public var intent: String
    /// The app (bundle identifier) the phrase belongs to, whose extension handles the intent.
    public var app: String
    public var source: InvocationSource
    private let run: @Sendable (IntentDispatcher, any ConversationUser, Bool) async throws -> SendResult

    /// The intent `match` runs; nil when it continues a user activity in its app instead.
    public init?(_ match: PhraseIndex.Match, shortcuts: AppShortcutsSnapshot) {
        let parameters = match.parameters
        switch match.template.target {
        case .voiceShortcut(let shortcut):
            guard case .intent(var payload, _) = shortcut.action else { return nil }
            payload.identifier = nil
            let intent = payload
            (self.intent, app, source) = (intent.name, shortcut.app, .voiceShortcut)
            run = { dispatcher, user, contacts in
                try await dispatcher.send(intent, app: shortcut.app, user: user, source: .voiceShortcut, matchesContacts: contacts)
            }
        case .intentPhrase(let app, let intent, _):
            (self.intent, self.app, source) = (intent, app, .direct)
            run = { dispatcher, user, contacts in
                try await dispatcher.send(intent, parameters: parameters, app: app, user: user, matchesContacts: contacts)
            }
        case .appShortcut(let app, let extensionIdentifier, let intent, _):
            let typed = Self.typedValues(match, intent: intent, extension: extensionIdentifier, shortcuts: shortcuts)
            (self.intent, self.app, source) = (intent, app, .appShortcut)
            run = { dispatcher, user, contacts in
                try await dispatcher.send(intent, parameters: [], typed: typed, app: app, user: user, source: .appShortcut,
                                          matchesContacts: contacts)
            }
        }
    }

    /// Runs the conversation with `user` answering.
    /// - Parameter matchesContacts: as `IntentDispatcher.send`'s: true only for a phrase the user
    ///   said through the `intents` command.
    /// - Throws: as `IntentDispatcher.send`.
    public func send(on dispatcher: IntentDispatcher, user: any ConversationUser, matchesContacts: Bool = false) async throws -> SendResult {
        try await run(dispatcher, user, matchesContacts)
    }

    /// What a transcript records of the match.
    public var transcriptMatch: Transcript.Match { Transcript.Match(intent: intent, app: app) }

    /// The entity or enum values an App Shortcut phrase's slots caught, by their identifiers.
    public static func typedValues(_ match: PhraseIndex.Match, intent: String, extension identifier: String,
                            shortcuts: AppShortcutsSnapshot) -> [String: IntentValue] {
        guard let item = shortcuts.shortcuts.first(where: { $0.bundle.bundleIdentifier == identifier && $0.intent.name == intent }) else {
            return [:]
        }
        var typed: [String: IntentValue] = [:]
        for (name, caught) in match.parameters {
            if let parameter = item.intent.parameter(named: name),
               let value = shortcuts.value(identifier: caught, of: parameter, in: item.bundle) {
                typed[name] = value
            }
        }
        return typed
    }
}
