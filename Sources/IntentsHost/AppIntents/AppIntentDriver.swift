import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import Logging
import SystemStore

/// Drives one App Intent: turns the given text into values (an entity through its query, a
/// few matches becoming a choice), asks for required parameters that have no value, then runs
/// `perform()`, answering each request it makes (a value, a disambiguation, a confirmation)
/// with the user's answer until it returns or throws.
struct AppIntentDriver {
    let channel: any ExtensionChannel
    /// The extension's bundle identifier, which every error names.
    let bundleIdentifier: String
    let schema: AppIntentSchema
    let metadata: AppIntentsMetadata
    let user: any ConversationUser
    let timeout: Duration
    var logger: Logger
    /// How many requests one `perform()` may make before the host gives up on it.
    var maximumRequests = 32
    /// How many entities are offered at once.
    var maximumChoices = 20

    private var questions: UserQuestions { UserQuestions(user: user, maximumBadAnswers: 3) }

    /// Runs the intent with `text` values (name, text) and `typed` values (from a phrase).
    /// - Throws: `HostError`: `.usage` for parameters and answers, `.inputRequired`,
    ///   `.extensionFailed`, `.requestTimedOut`. `perform()` throwing is not an error: see the
    ///   outcome's `appIntentResult.failure`.
    func run(text: [(name: String, value: String)], typed: [String: IntentValue]) async throws -> ConversationOutcome {
        let conversation = RequestIDs.next()
        defer { channel.notify(.endConversation(conversation: conversation)) }
        var prompts: [Prompt] = []
        var values = typed
        for (name, value) in text {
            guard let parameter = schema.parameter(named: name) else {
                let known = schema.parameters.map(\.name).joined(separator: ", ")
                throw HostError(.usage, "\(schema.name) has no parameter \(name.quotedForDisplay); its parameters: \(known.isEmpty ? "none" : known).")
            }
            values[name] = try await self.value(from: value, for: parameter, prompts: &prompts)
        }
        for parameter in schema.parameters where parameter.isRequired && values[parameter.name] == nil {
            values[parameter.name] = try await askValue(parameter, dialog: nil, prompts: &prompts)
        }
        let payload = IntentPayload(name: schema.name, identifier: nil, parameters: values)
        var reply = try await ask(.perform(requestID: RequestIDs.next(), conversation: conversation, typeName: schema.typeName, intent: payload))
        for _ in 0..<maximumRequests {
            switch reply {
            case .performed(_, let result):
                return outcome(result, values: values, prompts: prompts)
            case .asks(_, let question):
                let answer = try await self.answer(question, values: &values, prompts: &prompts)
                reply = try await ask(.answer(requestID: RequestIDs.next(), conversation: conversation, answer: answer))
            case .failed(_, let failure):
                throw HostError(.extensionFailed, "\(schema.name) failed in \(bundleIdentifier): \(failure.message)")
            default:
                throw HostError(.extensionFailed, "\(bundleIdentifier) answered perform with an unexpected \(reply.kindName) message.")
            }
        }
        throw HostError(.extensionFailed, "\(schema.name) of \(bundleIdentifier) kept asking after \(maximumRequests) requests; the host gave up on it.")
    }

    /// One request to the extension, logged with its step.
    private func ask(_ message: HostToExtensionMessage) async throws -> ExtensionToHostMessage {
        try await channel.request(message, timeout: timeout, logger: logger)
    }

    /// What the user answers to `question`, as the extension takes it.
    private func answer(_ question: AppIntentQuestion, values: inout [String: IntentValue], prompts: inout [Prompt]) async throws -> AppIntentAnswer {
        let parameter = question.parameter.flatMap(schema.parameter(named:))
        let title = parameter?.title ?? schema.title
        switch question.kind {
        case .disambiguation:
            let choices = Array(question.choices.prefix(maximumChoices))
            guard !choices.isEmpty else { throw HostError(.extensionFailed, "\(schema.name) of \(bundleIdentifier) asked to choose among no \(title).") }
            let prompt = Prompt(kind: .choice, parameter: question.parameter,
                                text: question.dialog ?? parameter?.requestDisambiguationDialog ?? "Which \(title)?",
                                choices: choices.map(\.displayString))
            let index = try await questions.askChoiceIndex(prompt, among: choices, prompts: &prompts)
            if let name = question.parameter { values[name] = choices[index] }
            return .choice(index)
        case .value:
            guard let parameter else { throw HostError(.extensionFailed, "\(schema.name) of \(bundleIdentifier) asked for a value of no parameter it has.") }
            let value = try await askValue(parameter, dialog: question.dialog, prompts: &prompts)
            values[parameter.name] = value
            return .value(value)
        case .parameterConfirmation:
            let subject = question.subject?.displayString ?? "that"
            let prompt = Prompt(kind: .confirmation, parameter: question.parameter,
                                text: question.dialog ?? "Just to confirm, you wanted \(subject) for \(title)?", choices: ["yes", "no"])
            return .confirmation(try await questions.askYesNo(prompt, prompts: &prompts))
        case .intentConfirmation:
            let prompt = Prompt(kind: .confirmation, parameter: nil, text: question.dialog ?? "Go ahead with \(schema.title)?", choices: ["yes", "no"])
            guard !user.agreesToSystemConfirmation else {
                var answered = prompt
                answered.answer = "yes (--yes)"
                prompts.append(answered)
                return .confirmation(true)
            }
            return .confirmation(try await questions.askYesNo(prompt, prompts: &prompts))
        }
    }

    /// Asks for a value of `parameter`: an entity is picked among the query's suggestions, or
    /// typed and matched; an enum is picked among its cases.
    private func askValue(_ parameter: AppParameterSchema, dialog: String?, prompts: inout [Prompt]) async throws -> IntentValue {
        let text = dialog ?? parameter.requestValueDialog ?? "What \(parameter.title.lowercased())?"
        switch parameter.kind {
        case .entity:
            let suggested = Array(try await entities(parameter, .suggested).prefix(maximumChoices))
            if !suggested.isEmpty {
                let prompt = Prompt(kind: .choice, parameter: parameter.name, text: text, choices: suggested.map(\.displayString))
                return try await questions.askChoice(prompt, among: suggested, prompts: &prompts)
            }
            let prompt = Prompt(kind: .value, parameter: parameter.name, text: text)
            let typed = try await questions.askUntilUsable(prompt, prompts: &prompts) { $0 }
            return try await value(from: typed, for: parameter, prompts: &prompts)
        case .enumeration:
            let cases = enumCases(parameter)
            let prompt = Prompt(kind: .choice, parameter: parameter.name, text: text, choices: cases.map(\.displayString))
            return try await questions.askChoice(prompt, among: cases, prompts: &prompts)
        default:
            let prompt = Prompt(kind: .value, parameter: parameter.name, text: text)
            let schema = parameterSchema(parameter)
            return try await questions.askUntilUsable(prompt, prompts: &prompts) { typed in
                try self.withinRange(ValueParser.parse([typed], for: schema, of: self.schema.name), of: parameter)
            }
        }
    }

    /// The value typed text stands for: an entity matched by its query (several matches are a
    /// choice for the user), an enum case by its name or title, else parsed by kind.
    private func value(from text: String, for parameter: AppParameterSchema, prompts: inout [Prompt]) async throws -> IntentValue {
        switch parameter.kind {
        case .entity:
            var found: [IntentValue] = []
            for part in Self.parts(of: text, for: parameter) {
                let matches = try await entities(parameter, .matching(part))
                switch matches.count {
                case 0:
                    let kind = metadata.entity(typeName: parameter.typeName ?? "")?.displayName ?? parameter.title
                    await questions.tell(Prompt(kind: .notice, parameter: parameter.name, text: "No \(kind) matches \(part.quotedForDisplay)."),
                                         prompts: &prompts)
                    found.append(try await askValue(parameter, dialog: nil, prompts: &prompts))
                case 1:
                    found.append(matches[0])
                default:
                    let shown = Array(matches.prefix(maximumChoices))
                    let prompt = Prompt(kind: .choice, parameter: parameter.name,
                                        text: parameter.requestDisambiguationDialog ?? "Which \(parameter.title) do you mean?",
                                        choices: shown.map(\.displayString))
                    found.append(try await questions.askChoice(prompt, among: shown, prompts: &prompts))
                }
            }
            return parameter.isList ? .list(found) : found[0]
        case .enumeration:
            let cases = enumCases(parameter)
            let found = try Self.parts(of: text, for: parameter).map { part in
                let wanted = PhraseText.normalized(part)
                guard let match = cases.first(where: { value in
                    guard case .enumeration(let item) = value else { return false }
                    return PhraseText.normalized(item.name) == wanted || PhraseText.normalized(item.display) == wanted
                }) else {
                    throw HostError(.usage, "\(part.quotedForDisplay) is not a \(parameter.title) of \(schema.name); choose from: \(cases.map(\.displayString).joined(separator: ", ")).")
                }
                return match
            }
            return parameter.isList ? .list(found) : found[0]
        default:
            return try withinRange(ValueParser.parse([text], for: parameterSchema(parameter), of: schema.name), of: parameter)
        }
    }

    /// `value` when it is inside the parameter's `inclusiveRange` (each item of a list).
    /// - Throws: `HostError` (`.usage`) naming the value and the range, so the user is asked again.
    private func withinRange(_ value: IntentValue, of parameter: AppParameterSchema) throws -> IntentValue {
        guard parameter.minimum != nil || parameter.maximum != nil else { return value }
        for item in value.elements {
            let number: Double? = switch item {
            case .integer(let integer): Double(integer)
            case .double(let double): double
            default: nil
            }
            guard let number else { continue }
            if let minimum = parameter.minimum, number < minimum { throw outOfRange(item, parameter) }
            if let maximum = parameter.maximum, number > maximum { throw outOfRange(item, parameter) }
        }
        return value
    }

    private func outOfRange(_ value: IntentValue, _ parameter: AppParameterSchema) -> HostError {
        func bound(_ number: Double) -> String {
            number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        }
        let range = switch (parameter.minimum, parameter.maximum) {
        case let (minimum?, maximum?): "\(bound(minimum)) to \(bound(maximum))"
        case let (minimum?, nil): "at least \(bound(minimum))"
        case let (nil, maximum?): "at most \(bound(maximum))"
        case (nil, nil): "any number"
        }
        return HostError(.usage, "\(value.displayString) is not a \(parameter.title) of \(schema.name): it takes \(range).")
    }

    /// The text of each value: a list's comma-separated items, else the text itself.
    private static func parts(of text: String, for parameter: AppParameterSchema) -> [String] {
        parameter.isList ? text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [text]
    }

    private func entities(_ parameter: AppParameterSchema, _ request: EntityQueryRequest) async throws -> [IntentValue] {
        guard let type = parameter.typeName else { return [] }
        let reply = try await ask(.queryEntities(requestID: RequestIDs.next(), entity: type, request: request))
        switch reply {
        case .entities(_, let entities):
            return entities.filter { if case .object = $0 { true } else { false } }
        case .failed(_, let failure):
            throw HostError(.extensionFailed, "The query of \(parameter.title) failed in \(bundleIdentifier): \(failure.message)")
        default:
            throw HostError(.extensionFailed, "\(bundleIdentifier) answered a query with an unexpected \(reply.kindName) message.")
        }
    }

    private func enumCases(_ parameter: AppParameterSchema) -> [IntentValue] {
        metadata.enumeration(typeName: parameter.typeName ?? "")?.values ?? []
    }

    /// The SiriKit-shaped schema of a plain parameter, for the shared value parser.
    private func parameterSchema(_ parameter: AppParameterSchema) -> ParameterSchema {
        ParameterSchema(name: parameter.name, title: parameter.title, type: parameter.kind.valueType, isList: parameter.isList)
    }

    private func outcome(_ result: AppIntentResultPayload, values: [String: IntentValue], prompts: [Prompt]) -> ConversationOutcome {
        let failed = result.failure != nil
        let response = ResponsePayload(code: failed ? 5 : 4, codeName: failed ? "failure" : "success", category: failed ? .failure : .success)
        var outcome = ConversationOutcome(intent: IntentPayload(name: schema.name, identifier: nil, parameters: values),
                                          schema: schema.intentSchema, step: .handle, response: response, prompts: prompts,
                                          declinedByUser: result.declinedByUser)
        outcome.appIntentResult = result
        return outcome
    }
}

extension AppValueKind {
    /// The SiriKit value type that carries this kind.
    var valueType: ValueType {
        switch self {
        case .string: .string
        case .integer: .integer
        case .double: .double
        case .boolean: .boolean
        case .date: .dateComponents
        case .url: .url
        case .entity: .object
        case .enumeration: .enumeration
        }
    }
}

extension AppIntentSchema {
    /// The intent in the shape reports print: its parameters in order, with titles.
    var intentSchema: IntentSchema {
        IntentSchema(name: name, parameters: parameters.map { ParameterSchema(name: $0.name, title: $0.title, type: $0.kind.valueType,
                                                                               isList: $0.isList) },
                     title: title)
    }
}
