import AppIntentsTesting
import Foundation

/// What was seen during a run: a value, as recorded.
public struct Observation<Value: Sendable>: Sendable {
    public let value: Value
}

/// An intent Siri called during a turn, and how it ended.
public struct IntentInvocation: Sendable {
    public enum Outcome: String, Hashable, Sendable {
        /// It ran to the end and succeeded.
        case succeeded
        /// It failed, or was refused, or ended in a way this version does not know.
        case failed
        /// It asked for a value or a choice, and the turn ended there.
        case needsInput
        /// It asked to confirm, and the turn ended there.
        case awaitingConfirmation
        /// It showed a result whose success is unknown; counts as ran.
        case unknown
        /// No outcome was recorded.
        case unreported
    }

    /// The intent as called: the parameters the phrase gave, as the host resolved them.
    public let intent: AnyAppIntent
    /// What it returned, when it ran.
    public let result: ResolvedIntentResult?
    public let outcome: Outcome

    /// Whether it ran: succeeded, or showed a result.
    public var ran: Bool { outcome == .succeeded || outcome == .unknown }
    /// Whether it ran, awaits confirmation, or reported nothing: what `Calls(.disallowed)` refuses.
    public var committed: Bool { ran || outcome == .awaitingConfirmation || outcome == .unreported }
}

/// The record of a scenario's run, turn by turn.
public struct SiriTranscript: Sendable {
    public struct Turn: Identifiable, Sendable {
        /// The `UserTurn`'s id.
        public let id: UUID
        public let utterance: String
        public let intentInvocations: [Observation<IntentInvocation>]
        /// Entities Siri found (resolved from what the user said) for the intents it called.
        public let foundEntities: [Observation<AnyAppEntity>]
        /// Linux: always empty (an extension has no screen).
        public let onScreenEntities: [Observation<AnyAppEntity>]
        /// Linux: always empty (the host loads no skills).
        public let loadedSkills: [Observation<SkillDefinition>]
        /// What Siri replied: the intent's dialog and result, or why nothing ran.
        public let response: Observation<String>
    }

    public let turns: [Turn]

    /// The record of `turn`, when the run reached it.
    public func turn(for turn: UserTurn) -> Turn? {
        turns.first { $0.id == turn.id }
    }
}

/// A scenario's run: its report and transcript.
public struct SiriScenarioSubject: Sendable {
    /// Linux: what ran, for a report (the Evaluations framework's metrics are out of scope).
    public struct ScenarioReport: Sendable {
        /// How many of the scenario's turns were played.
        public let turnsPlayed: Int
        /// How many intents were called in all.
        public let invocations: Int
    }

    public let value: ScenarioReport
    public let siriTranscript: SiriTranscript
    let scenario: SiriScenario
}
