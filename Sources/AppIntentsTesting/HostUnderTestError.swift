import IntentsClient

/// Linux only: why a test's run, query or lookup failed. Apple documents no error type for
/// AppIntentsTesting; each of these says in one sentence what happened and what to change.
public struct HostUnderTestError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// The app, or an intent, entity, enum or parameter it was asked for, is not installed.
        case notFound
        /// A value given for a parameter is not of its type, or names no case or entity.
        case badValue
        /// The host's policy refused the run (`rule` names the rule): nothing of the app ran.
        case refusedByPolicy
        /// The run asked a question (`question`) no scripted answer was left for, or the one
        /// left does not answer it.
        case unansweredQuestion
        /// `perform()` threw: `message` is the error's text, `failureCase` its case.
        case performFailed
        /// The user answered no to a confirmation: the intent did not go ahead.
        case declined
        /// The extension crashed, timed out or broke the protocol; or the host could not be reached.
        case hostFailed
        /// What the Linux host does not have (Spotlight, the screen, Transferable export).
        case notAvailableOnLinux
    }

    public var kind: Kind
    public var message: String
    /// The policy rule that refused the run, as `intents policy` names it.
    public var rule: String?
    /// The question a run asked and could not have answered.
    public var question: AskedQuestion?
    /// The case of the error `perform()` threw (`GroceryError.quantityTooLarge(30)`), when it is the app's own.
    public var failureCase: String?

    public init(_ kind: Kind, _ message: String, rule: String? = nil, question: AskedQuestion? = nil, failureCase: String? = nil) {
        self.kind = kind
        self.message = message
        self.rule = rule
        self.question = question
        self.failureCase = failureCase
    }

    public var description: String { message }

    /// The client's error as a test reads it.
    init(_ error: IntentsClientError) {
        switch error.code {
        case .refusedByPolicy:
            self.init(.refusedByPolicy, error.message + (error.rule.map { " (policy rule: \($0))" } ?? ""), rule: error.rule)
        case .noExtension:
            self.init(.notFound, error.message)
        case .usage:
            self.init(.badValue, error.message)
        default:
            self.init(.hostFailed, error.message)
        }
    }
}

/// A question a run asked: what kind, about which parameter, with what dialog and choices.
public struct AskedQuestion: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        case value, choice, confirmation
    }

    public var kind: Kind
    public var parameter: String?
    /// What Siri would have said.
    public var dialog: String
    /// The choices offered (`choice` only), as shown.
    public var choices: [String]

    public init(kind: Kind, parameter: String?, dialog: String, choices: [String]) {
        self.kind = kind
        self.parameter = parameter
        self.dialog = dialog
        self.choices = choices
    }

    public var description: String {
        let about = parameter.map { " for \($0)" } ?? ""
        let offered = choices.isEmpty ? "" : " (choices: \(choices.joined(separator: ", ")))"
        return "a \(kind.rawValue)\(about), \"\(dialog)\"\(offered)"
    }
}
