import AppIntentsTesting
import AppIntentsTypeSupport
import CommandReports
import Foundation
import IntentsClient
import Synchronization

/// Plays scenarios through the test's intents host (`HostUnderTest`).
public enum SiriService {
    /// Plays each turn as `intents say` does: its phrase is matched (App Shortcuts, voice
    /// shortcuts, example phrases) and what it matches runs through the policy gate, in the
    /// extension's sandbox. A question ends its turn (`needsInput`, `awaitingConfirmation`)
    /// unless the host's scripted answers answer it.
    /// - Throws: `HostUnderTestError` when the run cannot start (no host); a turn that fails is recorded, not thrown.
    public static func run(scenario: SiriScenario) async throws -> SiriScenarioSubject {
        let session = try await HostUnderTest.current()
        var turns: [SiriTranscript.Turn] = []
        for turn in scenario.turns {
            turns.append(try await play(turn, on: session))
        }
        let invocations = turns.reduce(0) { $0 + $1.intentInvocations.count }
        return SiriScenarioSubject(value: SiriScenarioSubject.ScenarioReport(turnsPlayed: turns.count, invocations: invocations),
                                   siriTranscript: SiriTranscript(turns: turns), scenario: scenario)
    }

    private static func play(_ turn: UserTurn, on session: HostSession) async throws -> SiriTranscript.Turn {
        let script = AnswerScript(session.options.answers)
        let spoken = Mutex<SpokenOutcome?>(nil)
        let request = SayRequest(phrase: turn.utterance, interactive: true, appsFolders: session.core.appsFolders,
                                 stepTimeout: session.options.stepTimeout)
        let ending: IntentsClient.SayEnding
        do {
            ending = try await session.core.client.say(request, spoken: { outcome in spoken.withLock { $0 = outcome } },
                                                        answering: { script.answer($0) })
        } catch let error as IntentsClientError {
            guard case .matched(let match)? = spoken.withLock({ $0 })?.kind, let intent = match.intent, let app = match.app else {
                throw HostUnderTestError(.hostFailed, "The turn \"\(turn.utterance)\" could not be played: \(error.message)")
            }
            let outcome: IntentInvocation.Outcome = if error.code == .inputRequired, let (question, _) = script.unanswered {
                question.kind == .confirmation ? .awaitingConfirmation : .needsInput
            } else { .failed }
            let called = try await invocation(intent, of: app, parameters: [:], text: match.parameters, result: nil, outcome: outcome, on: session)
            return record(turn, invocations: [called], response: error.message)
        }
        switch ending {
        case .nothing:
            let reply = switch spoken.withLock({ $0 })?.kind {
            case .unmatched(let miss)?: miss.message
            case .failed(let failure)?: failure.message
            case .help(let help)?: help.shortcuts.map(\.phrase).joined(separator: "\n")
            default: ""
            }
            return record(turn, invocations: [], response: reply)
        case .continuation(let continued):
            return record(turn, invocations: [], response: continued.output)
        case .conversation(let result):
            let outcome: IntentInvocation.Outcome = switch result.status {
            case .success: .succeeded
            case .failure, .declined: .failed
            }
            let app = spoken.withLock { state -> String? in
                if case .matched(let match)? = state?.kind { return match.app }
                return nil
            } ?? result.extensionBundle
            let called = try await invocation(result.intent.name, of: app, parameters: result.intent.parameters, text: [],
                                              result: result, outcome: outcome, on: session)
            let reply = ConversationReport(intent: result.intent.name).lines(result).joined(separator: "\n")
            return record(turn, invocations: [called], response: reply)
        }
    }

    /// The invocation as a test reads it: the intent with its resolved parameters, typed by the
    /// app's metadata when the host knows it.
    private static func invocation(_ intent: String, of app: String, parameters: [String: IntentValue], text: [TextParameter],
                                   result: ConversationResult?, outcome: IntentInvocation.Outcome,
                                   on session: HostSession) async throws -> IntentInvocation {
        let catalog = try? await session.core.catalog(of: app)
        let schema = try? catalog?.intent(intent)
        var arguments: [(String, (any IntentValueExpressing)?)] = []
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            let type = schema?.parameter(named: name).map { AppValueTypeSchema(kind: $0.kind, typeName: $0.typeName, isOptional: $0.isOptional, isList: $0.isList) }
            arguments.append((name, WireValue(container: IntentValueContainer(value: value, type: type, types: catalog?.types ?? ValueTypeTable(),
                                                                                 path: "\(intent).\(name)"))))
        }
        for parameter in text where parameters[parameter.name] == nil {
            arguments.append((parameter.name, parameter.value))
        }
        let resolved = result.flatMap { result -> ResolvedIntentResult? in
            guard result.status == .success else { return nil }
            return ResolvedIntentResult(container: IntentValueContainer(value: result.appIntentResult?.value, type: schema?.returnType,
                                                                        types: catalog?.types ?? ValueTypeTable(), path: "result.value"),
                                        bundleIdentifier: app)
        }
        return IntentInvocation(intent: AnyAppIntent(bundleIdentifier: app, identifier: intent, parameters: arguments),
                                result: resolved, outcome: outcome)
    }

    private static func record(_ turn: UserTurn, invocations: [IntentInvocation], response: String) -> SiriTranscript.Turn {
        let found = invocations.flatMap { invocation in
            invocation.intent.entityArguments.map { Observation(value: $0) }
        }
        return SiriTranscript.Turn(id: turn.id, utterance: turn.utterance, intentInvocations: invocations.map { Observation(value: $0) },
                                   foundEntities: found, onScreenEntities: [], loadedSkills: [], response: Observation(value: response))
    }
}

extension AnyAppIntent {
    /// The entities among the intent's parameters (and lists of them).
    var entityArguments: [AnyAppEntity] {
        parameterValues.flatMap { value -> [AnyAppEntity] in
            guard let convertible = value as? any IntentValueConvertible else { return [] }
            let container = convertible.makeContainer(context: IntentValueContainer.ConversionContext())
            if let entity = try? AnyAppEntity._converted(from: container) { return [entity] }
            return (try? [AnyAppEntity]._converted(from: container)) ?? []
        }
    }
}
