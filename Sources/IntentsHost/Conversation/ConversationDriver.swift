import Foundation
import ExtensionProtocol
import Logging
import Synchronization
import ExtensionProcesses
import HostBundles
import HostPolicy

/// Drives resolve -> confirm -> handle with one extension, asking the user when a
/// resolution result needs a value, a choice or a confirmation.
///
/// Parameters are resolved in declared order, each until it succeeds, is not required, or
/// is not resolved by the handler; every answer is resolved again. A parameter that applies
/// only under its parent's value (`ParameterSchema.relationship`) is skipped when the parent,
/// as resolved so far, does not have it. `confirm` answering a
/// failure ends the conversation there, and answering `userConfirmationRequired` asks the user
/// whether to go ahead; otherwise `handle` gives the final answer.
public struct ConversationDriver: Sendable {
    public let channel: any ExtensionChannel
    public let schema: IntentSchema
    public let user: any ConversationUser
    public let timeout: Duration
    /// How many times one parameter may be resolved before the host gives up on the extension.
    public var maximumRounds = 12
    /// How many unusable answers in a row the host accepts before it stops asking.
    public var maximumBadAnswers = 3
    /// How many of a handler's dynamic options are offered at once.
    public var maximumOptionsShown = 20
    /// The user's contacts and the app's contact names, which people the user named are matched
    /// against before their parameter is resolved (ContactResolution.swift); none by default.
    public var personResolution = PersonResolution.none
    /// Where each step is logged (debug: each request and how long it took; warning: a step
    /// that failed), with the conversation's metadata; nothing by default.
    public var logger = Logger(label: "intents.conversation", factory: { _ in SwiftLogNoOpLogHandler() })

    public init(channel: any ExtensionChannel, schema: IntentSchema, user: any ConversationUser, timeout: Duration) {
        self.channel = channel
        self.schema = schema
        self.user = user
        self.timeout = timeout
    }

    /// Runs the conversation for `intent`.
    /// - Throws: `HostError`: `.inputRequired` or `.usage` for answers, `.extensionFailed` or
    ///   `.requestTimedOut` for the extension. A failure code from the extension is not an error.
    public func run(_ intent: IntentPayload) async throws -> ConversationOutcome {
        let conversation = RequestIDs.next()
        // An extension lets a conversation go once it answered handle (one message less per
        // conversation); one that ended earlier, or failed, is ended here.
        var reachedHandle = false
        defer { if !reachedHandle { channel.notify(.endConversation(conversation: conversation)) } }
        var state = ConversationState(intent: intent, conversation: conversation)
        // The people of the intent as sent are the user's names, which contacts may match.
        for parameter in schema.parameters where parameter.type == .person {
            state.noteUserNamed(intent.parameters[parameter.name])
        }
        for parameter in schema.parameters {
            // A parameter whose parent does not have the value it depends on (a delivery address
            // of a pickup order) is neither resolved nor asked for, as Siri leaves it out.
            if let relationship = parameter.relationship,
               !relationship.holds(forParentValue: state.intent.parameters[relationship.parent]) { continue }
            try await resolve(parameter, conversation: conversation, state: &state)
        }
        let confirmed = try await respond(.confirm(requestID: RequestIDs.next(), conversation: conversation, intent: state.intent))
        // The user is asked before handle when the system asks for this intent ("Ready to send
        // it?") or when confirm answered userConfirmationRequired; a no ends the conversation.
        let asksUser = confirmed.category == .userConfirmationRequired
        if !confirmed.category.allowsHandling && !asksUser {
            return ConversationOutcome(intent: state.intent, schema: schema, step: .confirm, response: confirmed, prompts: state.prompts)
        }
        let question = SystemConfirmationPolicy.prompt(for: schema) ?? (asksUser ? "Go ahead with \(schema.name)?" : nil)
        if let question, !(try await systemConfirmation(question, &state)) {
            return ConversationOutcome(intent: state.intent, schema: schema, step: .confirm, response: confirmed, prompts: state.prompts,
                                       declinedByUser: true)
        }
        let handled = try await respond(.handle(requestID: RequestIDs.next(), conversation: conversation, intent: state.intent))
        reachedHandle = true
        return ConversationOutcome(intent: state.intent, schema: schema, step: .handle, response: handled, prompts: state.prompts)
    }

    private func respond(_ message: HostToExtensionMessage) async throws -> ResponsePayload {
        let reply = try await ask(message)
        guard case .responded(_, let response) = reply else {
            throw HostError(.extensionFailed, "The extension answered \(message.stepDescription) with an unexpected \(reply.kindName) message.")
        }
        return response
    }

    /// One request to the extension, logged with its step.
    private func ask(_ message: HostToExtensionMessage) async throws -> ExtensionToHostMessage {
        try await channel.request(message, timeout: timeout, logger: logger)
    }

    private func resolve(_ parameter: ParameterSchema, conversation: UInt64, state: inout ConversationState) async throws {
        var matchedNames: Set<String> = []
        for _ in 0..<maximumRounds {
            // As Siri does, people named but not identified are first looked up in the user's contacts.
            try await matchContacts(for: parameter, settled: &matchedNames, state: &state)
            let reply = try await ask(
                .resolve(requestID: RequestIDs.next(), conversation: conversation, intent: state.intent, parameter: parameter.name))
            guard case .resolved(_, let results) = reply, !results.isEmpty || parameter.isList else {
                throw HostError(.extensionFailed, "The extension answered resolve \(parameter.name) with no resolution result.")
            }
            var elements = state.intent.parameters[parameter.name]?.elements ?? []
            // A list resolved with no results (an empty list), or a resolve method the handler does
            // not implement, leaves the value as given: every element of a list, not its first.
            if results.isEmpty { return }
            if results.count == 1, case .unimplemented = results[0] { return }
            guard let (index, pending) = firstUnresolved(results, elements: elements, parameter: parameter, state: state) else {
                let resolved = results.enumerated().compactMap { offset, result -> IntentValue? in
                    if case .success(let value) = result { return value }
                    if case .confirmationRequired(let value?) = result { return value }
                    return offset < elements.count ? elements[offset] : nil
                }
                if !resolved.isEmpty || !elements.isEmpty {
                    // A list may be resolved as a whole (an option set's one result holds every option).
                    state.intent.parameters[parameter.name] = parameter.isList ? .list(resolved.flatMap(\.elements)) : resolved.first
                }
                return
            }
            let current = index < elements.count ? elements[index] : nil
            let newValues = try await ask(about: pending, parameter: parameter, current: current, state: &state)
            if index < elements.count {
                elements.replaceSubrange(index...index, with: newValues)
            } else {
                elements.append(contentsOf: newValues)
            }
            state.intent.parameters[parameter.name] = parameter.isList ? .list(elements) : elements.first
        }
        throw HostError(.extensionFailed, "The extension kept asking about \(parameter.name) after \(maximumRounds) rounds of resolving.")
    }

    /// The first result that needs the user, with its index; nil when all are settled.
    private func firstUnresolved(_ results: [ResolutionPayload], elements: [IntentValue], parameter: ParameterSchema,
                                 state: ConversationState) -> (Int, ResolutionPayload)? {
        for (index, result) in results.enumerated() {
            switch result {
            case .success, .notRequired, .unimplemented:
                continue
            case .confirmationRequired(let value):
                let subject = value ?? (index < elements.count ? elements[index] : nil)
                if let subject, state.confirmed[parameter.name, default: []].contains(subject) { continue }
                return (index, result)
            default:
                return (index, result)
            }
        }
        return nil
    }

    /// Asks the user what `result` calls for; returns the value(s) to put in its place.
    private func ask(about result: ResolutionPayload, parameter: ParameterSchema, current: IntentValue?,
                     state: inout ConversationState) async throws -> [IntentValue] {
        let title = parameter.title
        switch result {
        case .disambiguation(let choices) where choices.count >= 2:
            let shown = Array(choices.prefix(10))
            let prompt = Prompt(kind: .choice, parameter: parameter.name, text: "Which \(title) do you mean?",
                                choices: shown.map(\.displayString))
            return [try await askChoice(prompt, among: shown, state: &state)]
        case .disambiguation(let choices):
            guard let only = choices.first else { return try await askValue(parameter, state: &state) }
            return try await askConfirmation(of: only, parameter: parameter, state: &state)
        case .confirmationRequired(let value):
            guard let value = value ?? current else { return try await askValue(parameter, state: &state) }
            return try await askConfirmation(of: value, parameter: parameter, state: &state)
        case .unsupported(let reason):
            let subject = current.map { "\"\($0.displayString)\" cannot be used for \(title)" } ?? "That \(title) cannot be used"
            let because = reason.map {
                ": " + ($0.message.map { Self.filled($0, parameter: parameter, value: current, intent: state.intent) } ?? Self.words($0.name))
            } ?? "."
            await tell(Prompt(kind: .notice, parameter: parameter.name, text: subject + because), state: &state)
            return try await askValue(parameter, state: &state)
        default:
            return try await askValue(parameter, state: &state)
        }
    }

    /// The system's own yes/no before `handle`; a user who agreed in advance (`--yes`) is not asked.
    private func systemConfirmation(_ question: String, _ state: inout ConversationState) async throws -> Bool {
        let prompt = Prompt(kind: .confirmation, parameter: nil, text: question, choices: ["yes", "no"])
        guard !user.agreesToSystemConfirmation else {
            var answered = prompt
            answered.answer = "yes (--yes)"
            state.prompts.append(answered)
            return true
        }
        return try await askYesNo(prompt, state: &state)
    }

    private func askYesNo(_ prompt: Prompt, state: inout ConversationState) async throws -> Bool {
        try await questions.askYesNo(prompt, prompts: &state.prompts)
    }

    /// Asks for a value; when the handler provides options, offers them as choices, and an
    /// answer that names none of them is taken as a value of its own.
    private func askValue(_ parameter: ParameterSchema, state: inout ConversationState) async throws -> [IntentValue] {
        let options = parameter.providesOptions ? try await provideOptions(for: parameter, state: state) : []
        guard !options.isEmpty else {
            let prompt = Prompt(kind: .value, parameter: parameter.name, text: "What should the \(parameter.title) be?")
            let typed = try await askUntilUsable(prompt, state: &state) { text in
                try ValueParser.parse([text], for: parameter, of: schema.name).elements
            }
            state.noteUserNamed(.list(typed))
            return typed
        }
        let shown = Array(options.prefix(maximumOptionsShown))
        let prompt = Prompt(kind: .choice, parameter: parameter.name, text: "Which \(parameter.title)?", choices: shown.map(\.displayString))
        let (values, typed) = try await askUntilUsable(prompt, state: &state) { text -> ([IntentValue], Bool) in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            // A number picks a choice, except for numeric parameters, where it is the value itself.
            if let number = Int(trimmed), (1...shown.count).contains(number), parameter.type != .integer, parameter.type != .double {
                return ([shown[number - 1]], false)
            }
            if let named = shown.first(where: { $0.displayString.lowercased() == trimmed.lowercased() }) { return ([named], false) }
            return (try ValueParser.parse([text], for: parameter, of: schema.name).elements, true)
        }
        // A value the user typed is the user's name; an option the handler offered is not.
        if typed { state.noteUserNamed(.list(values)) }
        return values
    }

    /// The options the handler offers for `parameter`, for the intent as it stands.
    private func provideOptions(for parameter: ParameterSchema, state: ConversationState) async throws -> [IntentValue] {
        let reply = try await ask(.provideOptions(requestID: RequestIDs.next(), conversation: state.conversation,
                                                  intent: state.intent, parameter: parameter.name))
        guard case .provided(_, let options) = reply else {
            throw HostError(.extensionFailed, "The extension answered provide options for \(parameter.name) with an unexpected \(reply.kindName) message.")
        }
        return options.compactMap { $0.asOption(of: parameter) }
    }

    private func askChoice(_ prompt: Prompt, among choices: [IntentValue], state: inout ConversationState) async throws -> IntentValue {
        try await questions.askChoice(prompt, among: choices, prompts: &state.prompts)
    }

    private func askConfirmation(of value: IntentValue, parameter: ParameterSchema,
                                 state: inout ConversationState) async throws -> [IntentValue] {
        let prompt = Prompt(kind: .confirmation, parameter: parameter.name,
                            text: "Did you mean \(value.displayString) for \(parameter.title)?", choices: ["yes", "no"])
        let accepted = try await askYesNo(prompt, state: &state)
        if accepted {
            state.confirmed[parameter.name, default: []].insert(value)
            return [value]
        }
        return try await askValue(parameter, state: &state)
    }

    private func askUntilUsable<Value>(_ prompt: Prompt, state: inout ConversationState,
                                       interpret: (String) throws -> Value) async throws -> Value {
        try await questions.askUntilUsable(prompt, prompts: &state.prompts, interpret: interpret)
    }

    private func tell(_ prompt: Prompt, state: inout ConversationState) async {
        await questions.tell(prompt, prompts: &state.prompts)
    }

    private var questions: UserQuestions { UserQuestions(user: user, maximumBadAnswers: maximumBadAnswers) }

    /// A reason's dialog with `${parameter}` replaced by the value (or the parameter's title),
    /// and `${other}` by the value the intent holds for another of its parameters, as Siri fills
    /// an `.intentdefinition` format string; a placeholder with no value stays as written.
    static func filled(_ text: String, parameter: ParameterSchema, value: IntentValue?, intent: IntentPayload? = nil) -> String {
        let replacement = value?.displayString ?? parameter.title
        // One pass over the dialog: text put in is never scanned again.
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${"), let end = rest[start.upperBound...].firstIndex(of: "}") {
            result += rest[..<start.lowerBound]
            let name = String(rest[start.upperBound..<end])
            if name == parameter.name {
                result += replacement
            } else if let other = intent?.parameters[name] {
                result += other.displayString
            } else {
                result += rest[start.lowerBound...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        result += rest
        if result.hasPrefix(replacement), let first = result.first, first.isLowercase, value == nil {
            result = first.uppercased() + result.dropFirst()
        }
        return result
    }

    /// `notOnMenu` -> `not on menu`.
    static func words(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase { result += " " + character.lowercased() } else { result.append(character) }
        }
        return result + "."
    }
}

/// What a conversation has learned so far.
struct ConversationState {
    var intent: IntentPayload
    /// The id that names the handler in the extension.
    var conversation: UInt64
    var prompts: [Prompt] = []
    /// Values the user confirmed, per parameter: a later `confirmationRequired` for them is settled.
    var confirmed: [String: Set<IntentValue>] = [:]
    /// The people the user named: in the intent as sent, or typed in answer to a value question.
    /// Only these are matched against the user's contacts, never a person the extension
    /// offered (a choice, a value to confirm, a resolved value).
    var userNamed: Set<PersonValue> = []

    /// Notes the people of `value` as the user's own names.
    mutating func noteUserNamed(_ value: IntentValue?) {
        for case .person(let person) in value?.elements ?? [] { userNamed.insert(person) }
    }
}

/// Request and conversation ids, unique in this host process.
public enum RequestIDs {
    private static let counter = Atomic<UInt64>(1)

    /// A fresh id.
    public static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).oldValue
    }
}
