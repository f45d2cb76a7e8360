import ExtensionProtocol
import HostBundles
import HostPolicy
import HostTools
import IntentsHost
import LocalAPI

extension HostAPISession {
    /// `say`: matches the phrase, sends what it asked (`spoken`), then runs a matched intent as
    /// a conversation from the source the phrase is, or continues a matched user activity in its
    /// app. Only the user's `intents` command may run phrases (and any client of a
    /// `--test-control` server).
    static func say(_ say: SayRequest, inbox: ConnectionInbox, host: ServedHost) async throws -> HostReply {
        let peer = inbox.connection.peer
        // A test's own server (--test-control, on a state folder of its own) plays phrases for
        // its tests (SiriEvaluations' scenarios).
        guard peer.isIntentsCommand || host.allowsTestControl else {
            throw HostError(.refusedByPolicy, "Only the user's intents command runs phrases (voice shortcuts, App Shortcuts); \(peer.executable ?? "process \(peer.processID)") is not it.")
        }
        guard say.phrase.utf8.count <= maximumTextBytes else {
            throw HostError(.usage, "The phrase is longer than \(maximumTextBytes) bytes; nothing ran.")
        }
        if let timeout = say.stepTimeout, !RunRequest.allowedStepTimeouts.contains(timeout) {
            throw HostError(.usage, "A step timeout of \(timeout) is out of range; give 0.001 to 86400 seconds.")
        }
        // Folders are named to the user's own `intents` command only (a test's client of a
        // --test-control server learns no path of the host's).
        try checkAppsFolders(say.appsFolders, host: host, naming: peer.isIntentsCommand)
        let dispatcher = say.stepTimeout.map { host.dispatcher.withStepTimeout($0) } ?? host.dispatcher
        let store = try dispatcher.openSystemStore()
        let (index, shortcuts) = try await host.phraseIndex(for: say.phrase)
        let warnings = shortcuts.problems.map { "note: \($0)" } + UserReports.skippedWarnings(in: store)
        if let request = AppShortcutsHelp.request(in: say.phrase, catalog: dispatcher.catalog) {
            do {
                let listed = try AppShortcutsHelp.listed(for: request, in: shortcuts).map { item in
                    SpokenHelp.Shortcut(app: item.app.bundleIdentifier, appName: item.app.displayName, intent: item.intent.name,
                                        phrase: item.primaryPhrase, shortTitle: item.shortcut.shortTitle, description: item.intent.description)
                }
                return .spoken(SpokenOutcome(warnings: warnings, kind: .help(SpokenHelp(everyApp: request == .everyApp, shortcuts: listed))))
            } catch let error as HostError {
                return .spoken(SpokenOutcome(warnings: warnings, kind: .failed(HostFailure(code: error.code.rawValue, message: error.message))))
            }
        }
        let outcome = index.match(say.phrase)
        if let miss = SpokenPhrase.unmatched(outcome, utterance: say.phrase) {
            return .spoken(SpokenOutcome(warnings: warnings, kind: .unmatched(SpokenMiss(status: miss.status, message: miss.message, nearest: miss.nearest))))
        }
        guard case .matched(let match) = outcome else { throw HostError(.badState, "The phrase index gave no outcome.") }
        let matched = MatchedIntent(match, shortcuts: shortcuts)
        let conflict = matched.flatMap { matched in dispatcher.catalog.conflicts.first { $0.intent == matched.intent } }
        let claimants = (peer.isIntentsCommand ? conflict?.claimants : conflict?.extensions) ?? []
        let spoken = SpokenMatch(phrase: match.template.text, kind: SpokenPhrase.kind(match.template.target),
                                 description: SpokenPhrase.describe(match.template.target),
                                 parameters: match.parameters.map { TextParameter(name: $0.name, value: $0.value) },
                                 intent: matched?.intent, app: matched?.app, claimants: claimants)
        // Sent as it is or not at all: `send` would put a failure in place of a match too large
        // for a frame, and the phrase must not run once the client was told it failed.
        guard let frame = try? localAPICodec.encode(ServerMessage.reply(.spoken(SpokenOutcome(warnings: warnings, kind: .matched(spoken))))) else {
            throw HostError(.badState, "What the phrase matched is too large to send over the local API; nothing ran.")
        }
        guard inbox.connection.send(frame: frame) else {
            throw HostError(.cancelled, "The client went away before the phrase ran.")
        }
        guard let matched else { return try await continueActivity(match, on: dispatcher) }
        let user = RemoteUser(inbox: inbox, interactive: say.interactive, agreesToSystemConfirmation: say.agreesToSystemConfirmation)
        do {
            // Names are matched against the contacts for the user's `intents` command only (a test's
            // client of a --test-control server gets here too, and learns no contact).
            return .conversation(HostAPIReplies.conversation(try await matched.send(on: dispatcher, user: user,
                                                                                    matchesContacts: peer.isIntentsCommand)))
        } catch let error as HostError {
            return .failure(HostFailure(code: error.code.rawValue, message: error.message, rule: error.policyRule?.rawValue,
                                        extensionBundle: try? dispatcher.route(matched.intent).bundleIdentifier))
        }
    }

    /// A voice shortcut to a user activity: handed to its app once the policy gate allows it
    /// (continuing an activity opens the app, which needs the device unlocked), its output kept.
    /// A failure names the app (`extensionBundle`), unless the app is not installed.
    private static func continueActivity(_ match: PhraseIndex.Match, on dispatcher: IntentDispatcher) async throws -> HostReply {
        guard case .voiceShortcut(let shortcut) = match.template.target, case .userActivity(let activity) = shortcut.action else {
            throw HostError(.badState, "The phrase matched neither an intent nor a user activity.")
        }
        guard let app = dispatcher.catalog.app(identifier: shortcut.app) else {
            throw HostError(.noExtension, "The app \(shortcut.app) of this shortcut is not installed.")
        }
        do {
            let outcome = try await dispatcher.continueActivity(activity, in: app, capturingOutput: true)
            return .continuation(ActivityContinuationResult(app: app.bundleIdentifier, status: outcome.status,
                                                            output: lastBytes(of: outcome.output, ActivityContinuationResult.maximumOutputBytes)))
        } catch let error as HostError {
            return .failure(HostFailure(code: error.code.rawValue, message: error.message, rule: error.policyRule?.rawValue, extensionBundle: app.bundleIdentifier))
        }
    }

    /// The last `limit` UTF-8 bytes of `text` at most, starting on a character.
    private static func lastBytes(of text: String, _ limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var start = text.utf8.index(text.utf8.endIndex, offsetBy: -limit)
        // Not in the middle of a character's bytes (10xxxxxx continues one).
        while start < text.utf8.endIndex, text.utf8[start] & 0xC0 == 0x80 { start = text.utf8.index(after: start) }
        return String(text[start...])
    }
}
