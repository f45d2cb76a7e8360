import ExtensionProtocol
import HostBundles
import HostPolicy
import HostTools
import IntentsHost

/// An intent a spoken phrase matched, as `intents say` runs it: the app the phrase belongs to,
/// the source policy judges it from, and the values the phrase's slots caught.
struct MatchedIntent {
    var intent: String
    /// The app (bundle identifier) the phrase belongs to, whose extension handles the intent.
    var app: String
    var source: InvocationSource
    private let run: @Sendable (IntentDispatcher, any ConversationUser) async throws -> SendResult

    /// The intent `match` runs; nil when it continues a user activity in its app instead.
    init?(_ match: PhraseIndex.Match, shortcuts: AppShortcutsSnapshot) {
        let parameters = match.parameters
        switch match.template.target {
        case .voiceShortcut(let shortcut):
            guard case .intent(var payload, _) = shortcut.action else { return nil }
            payload.identifier = nil
            let intent = payload
            (self.intent, app, source) = (intent.name, shortcut.app, .voiceShortcut)
            run = { dispatcher, user in try await dispatcher.send(intent, app: shortcut.app, user: user, source: .voiceShortcut) }
        case .intentPhrase(let app, let intent, _):
            (self.intent, self.app, source) = (intent, app, .direct)
            run = { dispatcher, user in try await dispatcher.send(intent, parameters: parameters, app: app, user: user) }
        case .appShortcut(let app, let extensionIdentifier, let intent, _):
            let typed = Self.typedValues(match, intent: intent, extension: extensionIdentifier, shortcuts: shortcuts)
            (self.intent, self.app, source) = (intent, app, .appShortcut)
            run = { dispatcher, user in
                try await dispatcher.send(intent, parameters: [], typed: typed, app: app, user: user, source: .appShortcut)
            }
        }
    }

    /// The intent `utterance` runs, as `say` finds it: a replay runs it as `say` did.
    /// - Throws: `HostError` (`.usage`) when it runs no conversation: it matches no phrase or
    ///   several, asks what the apps can do, or continues a user activity.
    static func find(_ utterance: String, on dispatcher: IntentDispatcher) async throws -> MatchedIntent {
        let (index, shortcuts) = try await SystemCommandSupport.phraseIndex(dispatcher)
        if AppShortcutsHelp.request(in: utterance, catalog: dispatcher.catalog) != nil {
            throw HostError(.usage, "\(utterance.quotedForDisplay) asks what the apps can do; it runs no conversation.")
        }
        let outcome = index.match(utterance)
        if let unmatched = SayCommand.unmatched(outcome, utterance: utterance) { throw HostError(.usage, unmatched.message) }
        guard case .matched(let match) = outcome, let matched = MatchedIntent(match, shortcuts: shortcuts) else {
            throw HostError(.usage, "\(utterance.quotedForDisplay) continues an activity in its app; it runs no conversation.")
        }
        return matched
    }

    /// Runs the conversation with `user` answering.
    /// - Throws: as `IntentDispatcher.send`.
    func send(on dispatcher: IntentDispatcher, user: any ConversationUser) async throws -> SendResult {
        try await run(dispatcher, user)
    }

    /// What a transcript records of the match.
    var transcriptMatch: Transcript.Match { Transcript.Match(intent: intent, app: app) }

    /// The entity or enum values an App Shortcut phrase's slots caught, by their identifiers.
    static func typedValues(_ match: PhraseIndex.Match, intent: String, extension identifier: String,
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
