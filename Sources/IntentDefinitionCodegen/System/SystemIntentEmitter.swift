import SiriKitDomains

/// Writes one system intent from its domain data: the intent class with Apple's initializer,
/// its handling protocol, and its response with the codes numbered as Apple numbers them.
struct SystemIntentEmitter {
    let intent: SystemIntent
    let table: SystemTypeTable
    /// The domain's name, for the class's doc comment.
    var domain = ""

    func emit(into out: inout SourceWriter) throws {
        try emitIntent(into: &out)
        try handling().emitProtocol(into: &out)
        try emitResponse(into: &out)
    }

    private func emitIntent(into out: inout SourceWriter) throws {
        let handling = try handling()
        out.line()
        out.doc(lines: classDocs(handling))
        try out.block("open class \(intent.name): INIntent") { out in
            for parameter in intent.parameters {
                out.doc(lines: try docs(of: parameter, handling: handling))
                out.line(try declaration(of: parameter.property, setter: "internal(set)", owner: intent.name))
            }
            out.line()
            out.doc(lines: ["Makes the intent with no parameter set: nil, and for enums and option sets no value."])
            out.block("public required init()") { $0.line("super.init()") }
            if !intent.parameters.isEmpty {
                out.line()
                SystemInitializer(properties: intent.parameters.map(\.property), labels: [:])
                    .emit(into: &out, prefix: "public", superCall: "super.init()", first: true,
                          summary: "Makes the intent with its parameters, in the order of Apple's initializer.")
            }
            out.line()
            out.doc(lines: ["Reads an intent archived with `NSKeyedArchiver`: its identifier and parameter values (see `INIntent.init(coder:)`).",
                            "", "- Parameter coder: A keyed coder (`NSKeyedUnarchiver`)."])
            out.line("public required init?(coder: NSCoder) { super.init(coder: coder) }")
            out.line()
            handling.emitTable(into: &out, override: "override")
        }
    }

    private func classDocs(_ handling: HandlingEmitter) -> [String] {
        var lines = [intent.summary, "",
                     "A system intent of the \(domain) domain, whose handler conforms to `\(intent.name)Handling` and answers an `\(intent.name)Response`. "
                        + handling.conversationOrder]
        if let prompt = intent.confirmationPrompt {
            lines += ["", "Before `handle`, the host asks the user \"\(prompt)\", as Siri does: after a no the conversation ends without `handle`, and `intents send` exits 6."]
        }
        if intent.requiresAuthorization {
            lines += ["", "The app must be authorized to use Siri first (`INPreferences.requestSiriAuthorization`, or `intents authorize`): "
                        + "otherwise the host refuses the intent before any extension code runs, and `intents send` exits 3."]
        }
        if intent.alwaysRestrictedWhileLocked {
            lines += ["", "While the device is locked, the host refuses it whatever the extension's `IntentsRestrictedWhileLocked` says (`intents send` exits 3)."]
        }
        return lines
    }

    /// A parameter's doc comment: what prompts call it, what no value looks like, and how the host resolves it.
    private func docs(of parameter: SystemParameter, handling: HandlingEmitter) throws -> [String] {
        let property = parameter.property
        var lines = [summary(of: property)]
        guard property.crossesBoundary else {
            return lines + ["", "It does not cross the process boundary: the host never sets it, so in the extension it stays nil."]
        }
        lines.append("")
        lines.append(SystemIntentEmitter.noValue(of: property, kind: try table.entry(of: property, owner: intent.name).kind))
        if let resolver = handling.resolvers.first(where: { $0.parameter == parameter.name }) {
            let method = "resolve\(SwiftSource.upperFirst(parameter.name))(for:with:)"
            lines.append("The host resolves it with the handler's `\(method)`, which answers \(resolver.isList ? "one `\(resolver.result)` per element" : "\(DocText.article(resolver.result)) `\(resolver.result)`"), before `confirm`.")
        } else {
            lines.append("The handling protocol has no resolve method for it: the value stands as the user gave it.")
        }
        return lines
    }

    /// `The outgoing message type ("message type" in the host's prompts).`
    static func summary(of property: SystemProperty) -> String {
        let words = DocText.words(property.name)
        let title = property.title.map { $0 == words ? "" : " (\"\($0)\" in the host's prompts)" } ?? ""
        return "The \(words)\(title)."
    }

    /// The summary, followed by what its type is when a domain declares it.
    private func summary(of property: SystemProperty) -> String {
        String(Self.summary(of: property).dropLast()) + table.gloss(of: property) + "."
    }

    /// What a property holds when it has no value.
    static func noValue(of property: SystemProperty, kind: SystemTypeTable.Kind) -> String {
        switch kind {
        case .enumeration(let noValue) where property.isRequired && !property.isList:
            return "Never nil, as in Apple's API: `\(noValue)` means no value, and the host does not offer it as a choice."
        case .optionSet where property.isRequired && !property.isList:
            return "Never nil, as in Apple's API: the empty set means no value; a user gives several options separated by commas."
        default:
            return property.isList ? "A list, given as several values; nil when none was given." : "Nil when no value was given."
        }
    }

    private func handling() throws -> HandlingEmitter {
        let resolvers = try intent.parameters.filter(\.resolves).map { parameter in
            let result = try parameter.result ?? table.kindResult(of: parameter.property, owner: intent.name)
            guard table.isResult(result) else {
                throw IntentDefinitionError("SiriKit domain data: \(intent.name).\(parameter.name) is resolved with \(result), which no domain declares.")
            }
            return HandlingEmitter.Resolver(parameter: parameter.name, result: result, isList: parameter.property.isList,
                                            title: parameter.property.title ?? DocText.words(parameter.name),
                                            shape: table.shape(of: result))
        }
        return HandlingEmitter(intentClass: intent.name, responseClass: intent.name + "Response", access: "public",
                               resolvers: resolvers, optionsProviders: [],
                               otherRequirements: intent.otherRequirements.map { ($0.declaration, $0.defaultBody, $0.summary) },
                               codeNames: intent.numberedResponseCodes.map(\.name), confirmationPrompt: intent.confirmationPrompt)
    }

    private func emitResponse(into out: inout SourceWriter) throws {
        let response = intent.name + "Response"
        out.line()
        out.doc(lines: ["The codes of \(response), numbered as Apple numbers them.", "", DocText.codeEnumDiscussion(success: false)])
        out.block("public enum \(response)Code: Int, INSystemIntentResponseCode, Sendable") { out in
            for code in intent.numberedResponseCodes {
                let meaning = SiriKitDomain.responseCodeSummaries[code.name] ?? "The \(DocText.words(code.name)) code."
                out.doc(lines: [meaning, "", DocText.treatment(ofCategory: DocText.category(ofCodeNamed: code.name))])
                out.line("case \(SwiftSource.identifier(code.name)) = \(code.number)")
            }
        }
        out.rawValueMembers(of: "\(response)Code", access: "public", cases: intent.numberedResponseCodes)
        out.line()
        let outputs = intent.outputs.isEmpty ? "" : ", its output properties (\(DocText.codeList(intent.outputs.map(\.name))))"
        out.doc(lines: ["The answer to \(intent.name): a code\(outputs), and the user activity for the app.",
                        "", "`confirm` and `handle` answer one. After the conversation, the host shows the code and the output properties "
                            + "(`intents send --json` puts them in `code`, `codeName` and `output`)."])
        try out.block("open class \(response): INIntentResponse, NSSecureCoding") { out in
            for output in intent.outputs {
                out.doc(lines: outputDocs(output))
                out.line(try declaration(of: output, setter: nil, owner: response))
            }
            out.doc(lines: ["The response's code, which decides how the host goes on; `unspecified` for a response made with `init()`."])
            out.line("public var code: \(response)Code { \(response)Code(rawValue: responseCodeRawValue) ?? .unspecified }")
            out.line()
            out.doc(lines: ["True: the response archives with `NSKeyedArchiver` under secure coding."])
            out.line("public class var supportsSecureCoding: Bool { true }")
            out.line()
            out.doc(lines: ["Reads a response archived with `NSKeyedArchiver`: its code, output properties and user activity (see `INIntentResponse.init(coder:)`).",
                            "", "- Parameter coder: A keyed coder (`NSKeyedUnarchiver`)."])
            out.line("public required override init?(coder: NSCoder) { super.init(coder: coder) }")
            out.line()
            out.doc(lines: ["Makes a response with code `unspecified`, which the host counts as a failure; the SDK makes one this way for `notImplemented()`."])
            out.block("public required init()") { $0.line("super.init()") }
            out.line()
            out.doc(lines: ["Makes a response with a code and the activity the app goes on with.",
                            "", "- Parameters:",
                            "  - code: What happened; its category decides how the host goes on (see `\(response)Code`).",
                            "  - userActivity: The activity handed to the app when the code sends the user there (`continueInApp`, `failureRequiringAppLaunch`); "
                                + "when nil, the SDK sends one whose `activityType` is `\(intent.name)`."])
            out.block("public init(code: \(response)Code, userActivity: NSUserActivity?)") { out in
                out.line("super.init(responseCode: code, userActivity: userActivity)")
            }
        }
    }

    private func outputDocs(_ output: SystemProperty) -> [String] {
        let summary = summary(of: output)
        guard output.crossesBoundary else {
            return [summary, "", "It does not cross the process boundary: the host never sees it."]
        }
        let none = output.isRequired ? "" : output.isList ? "; nil when there are none" : "; nil when not set"
        return [summary, "", "An output of the response, which the host shows after the answer\(none)."]
    }

    /// A stored property of an intent or response: wrapped so that it crosses the boundary,
    /// non-optional for enums and option sets as in Apple's API.
    private func declaration(of property: SystemProperty, setter: String?, owner: String) throws -> String {
        let entry = try table.entry(of: property, owner: owner)
        let name = SwiftSource.identifier(property.name)
        let access = setter.map { "public \($0)" } ?? "public"
        var arguments: [String] = []
        if let title = property.title { arguments.append("title: \(SwiftSource.literal(title))") }
        guard property.crossesBoundary else {
            return "\(access) var \(name): \(SystemTypeTable.swiftType(of: property))"
        }
        switch entry.kind {
        case .enumeration where property.isRequired && !property.isList:
            return "@IntentEnumParameter\(Self.arguments(arguments)) \(access) var \(name): \(property.type)"
        case .optionSet where property.isRequired && !property.isList:
            return "@IntentOptionsParameter\(Self.arguments(arguments)) \(access) var \(name): \(property.type)"
        default:
            guard !property.isRequired else {
                throw IntentDefinitionError("SiriKit domain data: \(owner).\(property.name) is required, which only enum and option-set parameters can be.")
            }
            if let valueType = property.valueType { arguments.append("valueType: .\(valueType)") }
            return "@IntentParameter\(Self.arguments(arguments)) \(access) var \(name): \(SystemTypeTable.swiftType(of: property))"
        }
    }

    private static func arguments(_ list: [String]) -> String {
        list.isEmpty ? "" : "(\(list.joined(separator: ", ")))"
    }
}

/// Apple's memberwise initializer of an intent or a value type: `init(targetTaskList:taskTitles:...)`.
struct SystemInitializer {
    let properties: [SystemProperty]
    let labels: [String: String]

    func emit(into out: inout SourceWriter, prefix: String, superCall: String, first: Bool, summary: String) {
        var docs = [summary, "", properties.count == 1 ? "- Parameter \(SwiftSource.identifier(properties[0].name)): \(Self.argumentDocs(properties[0]))" : "- Parameters:"]
        if properties.count > 1 {
            docs += properties.map { "  - \(SwiftSource.identifier($0.name)): \(Self.argumentDocs($0))" }
        }
        out.doc(lines: docs)
        let arguments = properties.map { property in
            let name = SwiftSource.identifier(property.name)
            let label = labels[property.name].map { $0 == property.name ? name : "\(SwiftSource.identifier($0)) \(name)" } ?? name
            let value = property.defaultValue.map { " = \($0)" } ?? ""
            return "\(label): \(SystemTypeTable.swiftType(of: property))\(value)"
        }
        out.block("\(prefix) init(\(arguments.joined(separator: ", ")))") { out in
            if first { out.line(superCall) }
            for property in properties {
                let name = SwiftSource.identifier(property.name)
                out.line("self.\(name) = \(name)")
            }
            if !first { out.line(superCall) }
        }
    }

    /// `The recipients, or nil.`, with the default of an argument Apple added later.
    static func argumentDocs(_ property: SystemProperty) -> String {
        var text = String(SystemIntentEmitter.summary(of: property).dropLast()) + (property.isRequired ? "" : ", or nil")
        if !property.crossesBoundary { text += " (it stays in the extension)" }
        if let value = property.defaultValue { text += "; `\(value)` when left out, as Apple added the argument later" }
        return text + "."
    }
}
