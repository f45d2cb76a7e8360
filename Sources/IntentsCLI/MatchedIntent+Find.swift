import HostBundles
import HostTools
import IntentsHost

extension MatchedIntent {
    /// The intent `utterance` runs, as `say` finds it: a replay runs it as `say` did.
    /// - Throws: `HostError` (`.usage`) when it runs no conversation: it matches no phrase or
    ///   several, asks what the apps can do, or continues a user activity.
    static func find(_ utterance: String, on dispatcher: IntentDispatcher) async throws -> MatchedIntent {
        let (index, shortcuts) = try await SystemCommandSupport.phraseIndex(dispatcher, for: utterance)
        if AppShortcutsHelp.request(in: utterance, catalog: dispatcher.catalog) != nil {
            throw HostError(.usage, "\(utterance.quotedForDisplay) asks what the apps can do; it runs no conversation.")
        }
        let outcome = index.match(utterance)
        if let unmatched = SpokenPhrase.unmatched(outcome, utterance: utterance) { throw HostError(.usage, unmatched.message) }
        guard case .matched(let match) = outcome, let matched = MatchedIntent(match, shortcuts: shortcuts) else {
            throw HostError(.usage, "\(utterance.quotedForDisplay) continues an activity in its app; it runs no conversation.")
        }
        return matched
    }
}
