import AppIntentsTesting
import Foundation

/// A conversation with Siri: the user's turns, in order, in one session, with what each turn
/// and the whole scenario expect.
///
///     let scenario = SiriScenario {
///         UserTurn("List my notes in Notes") {
///             Calls { defs.intents["ListNotesIntent"] }
///             SiriResponse(.contains("notes", caseSensitive: false))
///         }
///     } expectation: {
///         Calls(.disallowed) { defs.intents["DeleteNoteIntent"] }
///     }
///
/// On Linux the turns are played through the intents host's phrase matching (App Shortcuts'
/// phrases, voice shortcuts, the apps' example phrases): Apple's Siri plans with a language
/// model, this host matches phrases. An utterance no phrase matches runs nothing.
public struct SiriScenario: Sendable {
    public let turns: [UserTurn]
    /// Checks over all the turns: `Calls` and `Finds`.
    let expectations: [ScenarioCheck]

    public init(@SiriScenarioBuilder _ content: () -> [UserTurn]) {
        turns = content()
        expectations = []
    }

    public init(@SiriScenarioBuilder _ content: () -> [UserTurn],
                @SiriScenarioExpectationBuilder expectation: () -> SiriScenarioExpectationBuilder.Component) {
        turns = content()
        expectations = expectation().checks
    }
}

/// One thing the user says, and what that turn expects.
public struct UserTurn: Identifiable, Sendable {
    public let id: UUID
    public let utterance: String
    let expectations: [ScenarioCheck]

    /// A turn that sets context only: nothing is checked of it.
    public init(_ utterance: String) {
        id = UUID()
        self.utterance = utterance
        expectations = []
    }

    public init(_ utterance: String, @SiriTurnExpectationBuilder _ content: () -> SiriTurnExpectationBuilder.Component) {
        id = UUID()
        self.utterance = utterance
        expectations = content().checks
    }
}

/// Intents a turn or a scenario expects to be called, in order, in any order, or never.
/// Only a call that ran satisfies `.ordered` and `.unordered` (extra calls are ignored);
/// `.disallowed` fails on any call that ran, awaits confirmation or reported no outcome.
public struct Calls: Sendable {
    public enum Ordering: String, Codable, Hashable, Sendable {
        case ordered, unordered, disallowed
    }

    public let ordering: Ordering
    let intents: [any AppIntentExpectationProviding]

    public init(_ ordering: Calls.Ordering = .ordered, @IntentExpectationBuilder _ content: () -> [any AppIntentExpectationProviding]) {
        self.ordering = ordering
        intents = content()
    }
}

/// Entities a turn or a scenario expects Siri to have found (by search, or by resolving what
/// the user said): on Linux, the entity values of the intents called.
public struct Finds: Sendable {
    let entities: [any AppEntityExpectationProviding]

    public init(@EntityFindExpectationBuilder _ content: () -> [any AppEntityExpectationProviding]) {
        entities = content()
    }
}

/// What a turn expects Siri to reply: every text must be in the reply. Turns only.
public struct SiriResponse: Sendable {
    /// A plain substring (never a pattern) the reply must contain.
    public struct Text: Sendable {
        let value: String
        let caseSensitive: Bool

        public static func contains(_ value: String, caseSensitive: Bool = true) -> SiriResponse.Text {
            Text(value: value, caseSensitive: caseSensitive)
        }
    }

    let checks: [Text]

    public init(_ checks: SiriResponse.Text...) {
        self.checks = checks
    }
}

/// A check of a turn or a scenario.
enum ScenarioCheck: Sendable {
    case calls(Calls)
    case finds(Finds)
    case response(SiriResponse)
}
