import HostBundles
import HostTools
import IntentsHost

/// Replays transcripts on a host: each in the lock state and with the Siri authorization it
/// recorded (the host's `judging`, not the device's state, which stays as it is), from the
/// source it recorded, with its answers given to its prompts (`TranscriptAnswers`).
struct TranscriptReplay {
    let host: IntentDispatcher

    /// Replays `recorded` and returns how the conversation differs from it.
    func differences(_ recorded: RecordedTranscript) async -> [TranscriptDifference] {
        recorded.differences(from: await replay(recorded.transcript))
    }

    /// The transcript of the conversation `expected` describes, run again.
    func replay(_ expected: Transcript) async -> Transcript {
        let dispatcher = host.judging(lockState: expected.lockState, authorization: expected.authorization)
        let user = ConversationRecorder(TranscriptAnswers(expected))
        var (invocation, source) = (expected.invocation, expected.source)
        let outcome: Result<SendResult, HostError>
        do {
            switch expected.invocation {
            case .send(let intent, let app, let parameters):
                outcome = .success(try await dispatcher.send(intent, parameters: parameters.map { ($0.name, $0.value) }, app: app,
                                                             user: user, appChooser: user, source: expected.source, matchesContacts: true))
            case .say(let phrase, _) where expected.expectsNoMatch:
                // Nothing is run: the phrase either matches nothing, as expected, or what it asks
                // for is the difference. A phrase index that cannot be had is an error (below).
                var replayed = expected
                replayed.invocation = .say(phrase: phrase, matched: try await Self.anything(phrase, on: dispatcher))
                return replayed
            case .say(let phrase, _):
                let matched = try await MatchedIntent.find(phrase, on: dispatcher)
                (invocation, source) = (.say(phrase: phrase, matched: matched.transcriptMatch), matched.source)
                outcome = .success(try await matched.send(on: dispatcher, user: user, matchesContacts: true))
            }
        } catch let error as HostError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(HostError(.extensionFailed, "The replay failed: \(error)."))
        }
        let status = switch outcome {
        case .success(let result): ExitStatus.code(for: result)
        case .failure(let error): ExitStatus.code(for: error)
        }
        var replayed = Transcript(invocation: invocation, lockState: expected.lockState, authorization: expected.authorization, source: source,
                          agreesToSystemConfirmation: expected.agreesToSystemConfirmation, outcome: outcome, recorder: user,
                          exitStatus: status)
        replayed.expectsNoMatch = expected.expectsNoMatch
        return replayed
    }

    /// What `phrase` asks for, named as a transcript names a match; nil when it matches no
    /// phrase. Several phrases matched equally, the list of App Shortcuts and a user activity
    /// are each something, named for the reader.
    private static func anything(_ phrase: String, on dispatcher: IntentDispatcher) async throws -> Transcript.Match? {
        let (index, shortcuts) = try await SystemCommandSupport.phraseIndex(dispatcher, for: phrase)
        if AppShortcutsHelp.request(in: phrase, catalog: dispatcher.catalog) != nil {
            return Transcript.Match(intent: "the list of App Shortcuts", app: "the host")
        }
        switch index.match(phrase) {
        case .noMatch:
            return nil
        case .ambiguous(let matches):
            return Transcript.Match(intent: "\(matches.count) phrases equally", app: matches.map { SpokenPhrase.describe($0.template.target) }.joined(separator: "; "))
        case .matched(let match):
            if let intent = MatchedIntent(match, shortcuts: shortcuts)?.transcriptMatch { return intent }
            return Transcript.Match(intent: SpokenPhrase.describe(match.template.target), app: "its app")
        }
    }
}
