/// Writes what custom and system intents share: the `handlingTable` the SDK dispatches through,
/// and the `<Intent>Handling` protocol whose resolve, options, confirm and handle methods each
/// come in a completion-handler and an `async` form, with defaults so that a handler implements
/// either form, or neither. Each declaration gets a doc comment saying what the host does with
/// what the method answers.
struct HandlingEmitter {
    /// A parameter with a `resolve<Name>` method: its name, the result class, and whether the
    /// method answers one result per element of a list.
    struct Resolver {
        var parameter: String
        var result: String
        var isList: Bool
        /// What prompts call the parameter.
        var title: String
        /// The factories `result` has, for the doc comment.
        var shape = ResultShape()
        /// Whether the handler also provides the parameter's options.
        var providesOptions = false
    }

    /// Which factories a resolution result class has beyond those of every result
    /// (`needsValue()`, `notRequired()`, `unsupported()`).
    struct ResultShape {
        /// `disambiguation(with:)`: not for yes/no values, durations and option sets.
        var disambiguation = true
        /// The reasons of `unsupported(forReason:)`, when the class has them.
        var unsupportedReasons: String?
        /// The reasons of `confirmationRequired(with:forReason:)`, when the class has them.
        var confirmationReasons: String?
    }

    /// A parameter with `provide<Name>OptionsCollection`, and the collection's element type.
    struct OptionsProvider {
        var parameter: String
        var element: String
        /// What prompts call the parameter.
        var title: String
        /// Whether the collection methods take the user's `searchTerm:` (Xcode's "Allow search").
        var supportsSearch = false
        /// Whether the protocol also has the form Xcode generated before iOS 14,
        /// `provide<Name>Options(for:with:)`, answering an array.
        var hasArrayForm = true
        /// The array form's element: `String` where the collection holds `NSString`, as Swift
        /// imports `NSArray<NSString *>`; the collection's element otherwise.
        var arrayElement: String {
            element == "NSString" ? "String" : element
        }
        /// How the array form's values become the collection's (`NSString(string:)` for strings).
        var toCollectionElements: String {
            element == "NSString" ? ".map { NSString(string: $0) }" : ""
        }
    }

    let intentClass: String
    let responseClass: String
    let access: String
    let resolvers: [Resolver]
    let optionsProviders: [OptionsProvider]
    /// Further requirements with their defaults and a sentence for their doc comment, written as given.
    var otherRequirements: [(declaration: String, body: String, summary: String)] = []
    /// The names of the response's codes, for what the doc comments say of `confirm`.
    var codeNames: [String] = []
    /// The question the host asks before `handle` ("Ready to send it?"), when it asks one.
    var confirmationPrompt: String?

    private struct Requirement {
        var declaration: String
        var body: String
        var docs: [String]
        var defaultDocs: [String]
        /// An attribute written before the declaration (Xcode's availability of older forms).
        var attribute: String? = nil
    }

    /// `override class var handlingTable`, inside the intent class.
    func emitTable(into out: inout SourceWriter, override: String = "override") {
        let resolved = resolvers.isEmpty ? "" : ", and the resolve method of \(DocText.codeList(resolvers.map(\.parameter)))"
        let options = optionsProviders.isEmpty ? "" : "; it also asks for the options of \(DocText.codeList(optionsProviders.map(\.parameter)))"
        out.doc(lines: ["How the SDK calls the extension's `\(intentClass)Handling` handler for the host's requests: `confirm`, `handle`\(resolved)\(options)."])
        out.block("\(access) \(override) class var handlingTable: (any INIntentHandlingDispatching)?") { out in
            out.line("INIntentHandlingTable<\(intentClass), any \(intentClass)Handling>(")
            out.line("    confirm: { await $0.confirm(intent: $1) },")
            out.line("    handle: { await $0.handle(intent: $1) })")
            for resolver in resolvers {
                let call = "await $0.resolve\(SwiftSource.upperFirst(resolver.parameter))(for: $1)"
                out.line("    .resolving(\(SwiftSource.literal(resolver.parameter))) { \(resolver.isList ? call : "[\(call)]") }")
            }
            for provider in optionsProviders {
                let name = SwiftSource.upperFirst(provider.parameter)
                let search = provider.supportsSearch ? ", searchTerm: nil" : ""
                out.line("    .providingOptions(\(SwiftSource.literal(provider.parameter))) { try await $0.provide\(name)OptionsCollection(for: $1\(search)) }")
            }
        }
    }

    /// The protocol and its defaults.
    func emitProtocol(into out: inout SourceWriter) {
        var requirements: [Requirement] = []
        for step in ["handle", "confirm"] {
            let docs = step == "handle" ? handleDocs() : confirmDocs()
            requirements.append(Requirement(
                declaration: "func \(step)(intent: \(intentClass)) async -> \(responseClass)",
                body: "await withIntentCompletion { \(step)(intent: intent, completion: $0) }",
                docs: docs + ["", "- Parameter intent: The intent, every parameter resolved.",
                              "- Returns: \(step == "handle" ? "The response: its code, its output properties and the user activity for the app." : "The response, whose code says whether the conversation goes on.")"],
                defaultDocs: ["Calls `\(step)(intent:completion:)`, so that a handler may implement the completion-handler form instead."]))
            requirements.append(Requirement(
                declaration: "func \(step)(intent: \(intentClass), completion: @escaping (\(responseClass)) -> Void)",
                body: "completion(.notImplemented())",
                docs: ["The completion-handler form of `\(step)(intent:)`, which says what the host does with the response; implement either form.",
                       "", "- Parameters:", "  - intent: The intent, every parameter resolved.", "  - completion: Call it once, with the response."],
                defaultDocs: [step == "handle"
                    ? "Answers `notImplemented()`: a handler that implements neither form of `handle` fails the request, and `intents send` exits 5."
                    : "Answers `notImplemented()`, which the SDK sends as `ready`: the conversation goes on to `handle`."]))
        }
        for (index, resolver) in resolvers.enumerated() {
            let name = SwiftSource.upperFirst(resolver.parameter)
            let answer = resolver.isList ? "[\(resolver.result)]" : resolver.result
            let fallback = resolver.isList ? "[.notImplemented()]" : ".notImplemented()"
            let returns = resolver.isList ? "One `\(resolver.result)` per element, in order." : "The `\(resolver.result)` for the value."
            requirements.append(Requirement(
                declaration: "func resolve\(name)(for intent: \(intentClass)) async -> \(answer)",
                body: "await withIntentCompletion { resolve\(name)(for: intent, with: $0) }",
                docs: resolveDocs(resolver, index: index) + ["", "- Parameter intent: \(Self.intentSoFar)", "- Returns: \(returns)"],
                defaultDocs: ["Calls `resolve\(name)(for:with:)`, so that a handler may implement the completion-handler form instead."]))
            requirements.append(Requirement(
                declaration: "func resolve\(name)(for intent: \(intentClass), with completion: @escaping (\(answer)) -> Void)",
                body: "completion(\(fallback))",
                docs: ["The completion-handler form of `resolve\(name)(for:)`, which says what the host does with each result; implement either form.",
                       "", "- Parameters:", "  - intent: \(Self.intentSoFar)",
                       "  - completion: Call it once, with \(resolver.isList ? "one `\(resolver.result)` per element, in order" : "the `\(resolver.result)` for the value")."],
                defaultDocs: ["Answers `notImplemented()`: the host leaves `\(resolver.parameter)` as the user gave it."]))
        }
        for provider in optionsProviders {
            requirements += optionsRequirements(provider)
        }
        requirements += otherRequirements.map {
            Requirement(declaration: $0.declaration, body: $0.body, docs: [$0.summary],
                        defaultDocs: ["The default does nothing.", "", $0.summary])
        }
        out.line()
        out.doc(lines: protocolDocs())
        out.block("\(access) protocol \(intentClass)Handling: NSObjectProtocol") { out in
            for (index, requirement) in requirements.enumerated() {
                if index > 0 { out.line() }
                out.doc(lines: requirement.docs)
                if let attribute = requirement.attribute { out.line(attribute) }
                out.line(requirement.declaration)
            }
        }
        out.line()
        out.block("extension \(intentClass)Handling") { out in
            for (index, requirement) in requirements.enumerated() {
                if index > 0 { out.line() }
                out.doc(lines: requirement.defaultDocs)
                if let attribute = requirement.attribute { out.line(attribute) }
                out.block("\(access) \(requirement.declaration)") { out in
                    if !requirement.body.isEmpty { out.line(requirement.body) }
                }
            }
        }
    }

    private static let intentSoFar = "The intent as it stands: the parameters resolved before this one, the others as the user gave them."

    /// The order the host calls the methods in, for the protocol and the intent class.
    var conversationOrder: String {
        let resolving = resolvers.isEmpty
            ? "it calls no resolve method, as none of the intent's parameters is resolved"
            : "it resolves \(DocText.codeList(resolvers.map(\.parameter))), in this order, each with its `resolve` method"
        return "For each request, the host sends the intent with the values the user gave; \(resolving); then it calls `confirm`, then `handle`."
    }

    private func protocolDocs() -> [String] {
        [
            "Handles `\(intentClass)`: resolve each parameter, \(optionsProviders.isEmpty ? "" : "provide options, ")confirm and handle; implement either form of each.",
            "",
            "The extension's `INExtension` subclass returns a handler conforming to it from `handler(for:)`. "
                + "Each method comes in a completion-handler form and an `async` form, and the defaults call one from the other, "
                + "so a handler implements whichever it likes. Only `handle` is required; a resolve method left out leaves its parameter as the user gave it, "
                + "and `confirm` left out answers `ready`.",
            "",
            conversationOrder,
        ]
    }

    private func confirmDocs() -> [String] {
        let categories = codeNames.map { ($0, DocText.category(ofCodeNamed: $0)) }
        let goOn = categories.filter { ["ready", "inProgress", "success"].contains($0.1) }.map(\.0)
        var lines = ["Says whether the extension can handle the intent as resolved, before `handle`.",
                     "", "The host calls it once every parameter is resolved. The response's code decides what follows:"]
        let question = confirmationPrompt.map {
            ", after the host asks the user \"\($0)\" (after a no the conversation ends without `handle`, and `intents send` exits 6; `--yes` answers yes in advance)"
        } ?? ""
        lines.append("- \(DocText.codeList(goOn.isEmpty ? ["ready"] : goOn, conjunction: "or")): the conversation goes on to `handle`\(question).")
        if categories.contains(where: { $0.1 == "userConfirmationRequired" }) {
            lines.append("- `userConfirmationRequired`: the host asks the user whether to go ahead, and calls `handle` only after a yes (after a no, `intents send` exits 6).")
        }
        let inApp = categories.filter { $0.1 == "continueInApp" }.map(\.0)
        if !inApp.isEmpty {
            lines.append("- \(DocText.codeList(inApp, conjunction: "or")): the conversation ends without `handle`; the host reports the response's user activity for the app, and `intents send` exits 0.")
        }
        lines.append("- A failure code, or `unspecified`: the conversation ends there, without `handle`, and `intents send` exits 4.")
        lines += ["", "Left unimplemented, it answers as `ready`."]
        return lines
    }

    private func handleDocs() -> [String] {
        let asked = confirmationPrompt.map { " and the user said yes to \"\($0)\"" } ?? ""
        return [
            "Carries out the intent, and answers how it went: the conversation's final answer.",
            "",
            "The host calls it once `confirm` let the conversation go on\(asked), with every parameter resolved. "
                + "A failure code or `unspecified` makes `intents send` exit 4, any other code 0 (`\(responseClass)Code` says how the host treats each); "
                + "the host shows the response's output properties, and its user activity when the code hands over to the app.",
            "",
            "It is the one method a handler must implement, in either form: without it the request fails, and `intents send` exits 5.",
        ]
    }

    private func resolveDocs(_ resolver: Resolver, index: Int) -> [String] {
        let position = resolvers.count == 1
            ? "the one parameter the host resolves"
            : "the \(DocText.ordinal(index + 1)) of the \(resolvers.count) parameters the host resolves, in order"
        var lines = [
            "Resolves `\(resolver.parameter)`, \(position), before `confirm`.",
            "",
            "The host calls it with the intent as it stands, and again after each answer the user gives, until the results settle; "
                + "the parameter then holds the values they give. Prompts call the parameter \"\(resolver.title)\".",
        ]
        if resolver.isList {
            lines.append("Answer one result per element, in order: the host asks about the first one that needs the user and puts the answer in its place. No results leave the list as given.")
        }
        let shape = resolver.shape
        lines += ["", "What the host does with each result of `\(resolver.result)`:",
                  "- `success(with:)`: the parameter takes the value, which may differ from what the user gave, and the host moves on."]
        if shape.disambiguation {
            lines.append("- `disambiguation(with:)`: the user picks one of the values (the first 10 are offered), which is resolved again; one value is asked about as a confirmation, none as a new value.")
        }
        lines.append("- `confirmationRequired(with:)`: the user is asked \"Did you mean …?\" about the value (the current one when nil); after a yes it is resolved again and not asked about twice, after a no the user gives another value.")
        if let reasons = shape.confirmationReasons {
            lines.append("- `confirmationRequired(with:forReason:)`: the same; the reason (`\(reasons)`) stays with the extension.")
        }
        if let reasons = shape.unsupportedReasons {
            lines.append("- `unsupported(forReason:)`: the host tells the user the reason's sentence (`\(reasons)`), then asks for another value; `unsupported()` does the same without a reason.")
        } else {
            lines.append("- `unsupported()`: the host tells the user that the value cannot be used, then asks for another.")
        }
        let offered = resolver.providesOptions ? ", offering the handler's options as choices" : ""
        lines += ["- `needsValue()`: the host asks the user for a value\(offered).",
                  "- `notRequired()`: the value stays as it is, and the host moves on.",
                  "",
                  "Left unimplemented, the value stays as the user gave it. Each answer of the user is resolved again: the host gives up on an extension "
                    + "that still asks after 12 rounds (`intents send` exits 5), and a user who gives 3 unusable answers in a row, or who cannot be asked "
                    + "(`--non-interactive`), ends the conversation with exit status 2."]
        return lines
    }

    /// The options methods of one parameter: the collection forms (with `searchTerm:` when the
    /// definition allows search), and the array forms Xcode generated before iOS 14, which the
    /// collection form's default calls, so that a handler written for either is asked.
    private func optionsRequirements(_ provider: OptionsProvider) -> [Requirement] {
        let name = SwiftSource.upperFirst(provider.parameter)
        let collection = "INObjectCollection<\(provider.element)>"
        let method = "provide\(name)OptionsCollection"
        let search = provider.supportsSearch ? ", searchTerm: String?" : ""
        let searchLabel = provider.supportsSearch ? "searchTerm:" : ""
        let searchArgument = provider.supportsSearch ? ", searchTerm: searchTerm" : ""
        let searchDoc = provider.supportsSearch ? ["  - searchTerm: What the user typed to search the options, or nil for all of them; the host sends nil."] : []
        // The collection form's default asks the array form, in its async form, whose default asks
        // its completion-handler form: a handler that implements any one of the four is asked.
        let collectionDefault = provider.hasArrayForm
            ? "_Concurrency.Task { do { completion(INObjectCollection(items: try await provide\(name)Options(for: intent)\(provider.toCollectionElements)), nil) } catch { completion(nil, error) } }"
            : "completion(nil, nil)"
        var requirements = [
            Requirement(
                declaration: "func \(method)(for intent: \(intentClass)\(search)) async throws -> \(collection)",
                body: "try await withIntentOptionsCompletion { \(method)(for: intent\(searchArgument), with: $0) }",
                docs: optionsDocs(provider) + ["", provider.supportsSearch ? "- Parameters:" : "- Parameter intent: The intent as it stands."]
                    + (provider.supportsSearch ? ["  - intent: The intent as it stands."] + searchDoc : [])
                    + ["- Returns: The values to offer, in sections or not."],
                defaultDocs: ["Calls `\(method)(for:\(searchLabel)with:)`, throwing the error it gives, so that a handler may implement the completion-handler form instead."]),
            Requirement(
                declaration: "func \(method)(for intent: \(intentClass)\(search), with completion: @escaping (\(collection)?, (any Error)?) -> Void)",
                body: collectionDefault,
                docs: ["The completion-handler form of `\(method)(for:\(searchLabel))`, which says how the host offers the values; implement either form.",
                       "", "- Parameters:", "  - intent: The intent as it stands."] + searchDoc
                    + ["  - completion: Call it once, with the values to offer, or with an error, which means no options."],
                defaultDocs: [provider.hasArrayForm
                    ? "Calls `provide\(name)Options(for:)`, the form Xcode generated before iOS 14, and offers its values in one section."
                    : "Answers no options and no error: the user is asked to type the \(provider.title)."]),
        ]
        guard provider.hasArrayForm else { return requirements }
        let availability = "@available(iOS, introduced: 13.0, deprecated: 14.0, message: \"Use \(method)(for:\(searchLabel)with:) instead\")"
        requirements += [
            Requirement(
                declaration: "func provide\(name)Options(for intent: \(intentClass)) async throws -> [\(provider.arrayElement)]",
                body: "try await withIntentArrayCompletion { provide\(name)Options(for: intent, with: $0) }",
                docs: ["The `async` form of `provide\(name)Options(for:with:)`, which the default of `\(method)(for:\(searchLabel)with:)` calls.",
                       "", "- Parameter intent: The intent as it stands.", "- Returns: The values to offer."],
                defaultDocs: ["Calls `provide\(name)Options(for:with:)`, throwing the error it gives."],
                attribute: availability),
            Requirement(
                declaration: "func provide\(name)Options(for intent: \(intentClass), with completion: @escaping ([\(provider.arrayElement)]?, (any Error)?) -> Void)",
                body: "completion(nil, nil)",
                docs: ["Offers the values the user may choose for `\(provider.parameter)`, as Xcode generated it before iOS 14: an array, with no sections.",
                       "", "The host calls it through the defaults of `\(method)(for:\(searchLabel)with:)` and `provide\(name)Options(for:)`, when the handler implements neither.",
                       "", "- Parameters:", "  - intent: The intent as it stands.",
                       "  - completion: Call it once, with the values to offer, or with an error, which means no options."],
                defaultDocs: ["Answers no options and no error: the user is asked to type the \(provider.title)."],
                attribute: availability),
        ]
        return requirements
    }

    private func optionsDocs(_ provider: OptionsProvider) -> [String] {
        [
            "Offers the values the user may choose for `\(provider.parameter)` (\"\(provider.title)\" in prompts).",
            "",
            "The host calls it when it must ask the user for the value (after `needsValue()`, an unsupported value or a declined confirmation), "
                + "and offers the first 20 values as numbered choices; an answer that names none of them is taken as a value of its own, and resolved. "
                + "An error, or no collection, means no options: the user types a value.",
        ]
    }
}
