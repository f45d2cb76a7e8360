import Foundation

/// Writes one custom intent: its class, its handling protocol with defaults, and the
/// per-parameter resolution results that carry custom unsupported reasons.
struct IntentEmitter {
    let intent: IntentDefinition.Intent
    let generator: SwiftIntentGenerator
    /// Each parameter with its mapped type, in declared order.
    let parameters: [(parameter: IntentDefinition.Parameter, type: PropertyType)]

    init(intent: IntentDefinition.Intent, generator: SwiftIntentGenerator) throws {
        self.intent = intent
        self.generator = generator
        self.parameters = try intent.parameters.map { ($0, try generator.type(of: $0.property, owner: intent.name + "Intent")) }
    }

    private var className: String { intent.name + "Intent" }
    private var access: String { generator.access }

    /// The resolution result a resolve method returns: the per-parameter class when the
    /// parameter has custom reasons, the kind's class otherwise.
    private func resultClass(_ parameter: IntentDefinition.Parameter, _ type: PropertyType) -> String {
        parameter.unsupportedReasons.isEmpty ? type.resolutionResult : "\(intent.name)\(SwiftSource.upperFirst(parameter.name))ResolutionResult"
    }

    /// The question the host asks before `handle` when the definition asks for the user's
    /// confirmation: the rule of `SystemConfirmationPolicy` in IntentsHost.
    private var confirmationPrompt: String? {
        guard intent.userConfirmationRequired else { return nil }
        guard let title = intent.title?.trimmingCharacters(in: .whitespaces), !title.isEmpty else { return "Go ahead with \(className)?" }
        return "Ready to \(title.lowercased())?"
    }

    func emitIntent(into out: inout SourceWriter) {
        out.line()
        var classDocs = [intent.description ?? intent.title ?? "The \(DocText.words(intent.name)) intent.", "",
                    "A custom intent of `\(generator.fileName)`\(intent.title.map { ", titled \"\($0)\"" } ?? ""), whose handler conforms to `\(className)Handling` "
                        + "and answers an `\(intent.name)IntentResponse`. " + handling.conversationOrder]
        if let prompt = confirmationPrompt {
            classDocs += ["", "Before `handle`, the host asks the user \"\(prompt)\", as the definition asks for the user's confirmation: after a no the conversation ends without `handle`, and `intents send` exits 6."]
        }
        out.doc(lines: classDocs)
        out.block("\(access) class \(className): INIntent") { out in
            for (parameter, type) in parameters {
                out.doc(lines: docs(of: parameter, type: type))
                out.line(PropertyType.declaration(of: parameter.property, type: type, access: access))
            }
            out.line()
            out.doc(lines: ["What `\(generator.fileName)` says of the intent: its title, description, category, verb, key parameter, "
                            + "whether the user confirms it, its suggested phrase, the titles of its parameter combinations, and which parameters apply only under their parent's value."])
            out.block("\(access) override class var intentDefinitionMetadata: INIntentDefinitionMetadata?") { out in
                out.line("INIntentDefinitionMetadata(")
                out.line("    title: \(SwiftSource.literal(intent.title)), description: \(SwiftSource.literal(intent.description)),")
                out.line("    category: \(SwiftSource.literal(intent.category)), verb: \(SwiftSource.literal(intent.verb)),")
                out.line("    keyParameter: \(SwiftSource.literal(intent.keyParameter)), userConfirmationRequired: \(intent.userConfirmationRequired),")
                out.line("    suggestedInvocationPhrase: \(SwiftSource.literal(intent.suggestedInvocationPhrase)),")
                let titles = intent.parameterCombinationTitles.sorted { $0.key < $1.key }
                    .map { "\(SwiftSource.literal($0.key)): \(SwiftSource.literal($0.value))" }
                let relationships = parameters.compactMap { parameter, _ in
                    parameter.relationship.map {
                        "\(SwiftSource.literal(parameter.name)): .init(parent: \(SwiftSource.literal($0.parent)), values: [\($0.values.map { SwiftSource.literal($0) }.joined(separator: ", "))])"
                    }
                }
                if relationships.isEmpty {
                    out.line("    parameterCombinationTitles: [\(titles.isEmpty ? ":" : titles.joined(separator: ", "))])")
                } else {
                    out.line("    parameterCombinationTitles: [\(titles.isEmpty ? ":" : titles.joined(separator: ", "))],")
                    out.line("    parameterRelationships: [\(relationships.joined(separator: ", "))])")
                }
            }
            out.line()
            handling.emitTable(into: &out)
        }
    }

    /// What prompts call a parameter: its display name, or its name in words.
    private func title(of property: IntentDefinition.Property) -> String {
        property.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? DocText.words(property.name)
    }

    /// A parameter's doc comment: what prompts call it, what no value looks like, and how the host resolves it.
    private func docs(of parameter: IntentDefinition.Parameter, type: PropertyType) -> [String] {
        var lines = ["The \(title(of: parameter.property)).", ""]
        if type.isEnumeration && !parameter.property.isList {
            lines.append("Never nil, as Xcode generates enum parameters: the case numbered 0 (`unknown`) means no value, and prompts do not offer it.")
        } else {
            lines.append(parameter.property.isList ? "A list, given as several values; nil when none was given." : "Nil when no value was given.")
        }
        if parameter.supportsResolution {
            let method = "resolve\(SwiftSource.upperFirst(parameter.name))(for:with:)"
            lines.append("The host resolves it with the handler's `\(method)`, which answers \(parameter.property.isList ? "one `\(resultClass(parameter, type))` per element" : "\(DocText.article(resultClass(parameter, type))) `\(resultClass(parameter, type))`"), before `confirm`.")
        } else {
            lines.append("The definition does not resolve it: the value stands as the user gave it.")
        }
        if parameter.supportsDynamicOptions {
            let search = parameter.supportsSearch ? "searchTerm:" : ""
            lines.append("The handler offers its values with `provide\(SwiftSource.upperFirst(parameter.name))OptionsCollection(for:\(search)with:)`, "
                         + "or the older `provide\(SwiftSource.upperFirst(parameter.name))Options(for:with:)`.")
        }
        if let relationship = parameter.relationship {
            let condition = relationship.values.isEmpty
                ? "`\(relationship.parent)` has a value"
                : "`\(relationship.parent)` is \(relationship.values.map { "`\($0)`" }.joined(separator: " or "))"
            lines.append("It applies only while \(condition): otherwise the host neither resolves it nor asks for it, and it stays as the user gave it.")
        }
        if parameter.minimum != nil || parameter.maximum != nil {
            let range = [parameter.minimum.map { "at least \(FormatString.number($0))" }, parameter.maximum.map { "at most \(FormatString.number($0))" }]
                .compactMap { $0 }.joined(separator: " and ")
            lines.append("The definition limits it to \(range); the default unsupported reasons' dialogs name these limits.")
        }
        return lines
    }

    /// The handling protocol's shape: a resolver per resolvable parameter, an options provider
    /// per parameter with dynamic options.
    private var handling: HandlingEmitter {
        HandlingEmitter(
            intentClass: className, responseClass: "\(intent.name)IntentResponse", access: access,
            resolvers: parameters.filter { $0.parameter.supportsResolution }.map { parameter, type in
                let reasons = parameter.unsupportedReasons.isEmpty ? nil : "\(intent.name)\(SwiftSource.upperFirst(parameter.name))UnsupportedReason"
                let shape = HandlingEmitter.ResultShape(
                    disambiguation: !["INBooleanResolutionResult", "INTimeIntervalResolutionResult"].contains(type.resolutionResult),
                    unsupportedReasons: reasons)
                return HandlingEmitter.Resolver(parameter: parameter.name, result: resultClass(parameter, type),
                                                isList: parameter.property.isList, title: title(of: parameter.property), shape: shape,
                                                providesOptions: parameter.supportsDynamicOptions)
            },
            optionsProviders: parameters.filter { $0.parameter.supportsDynamicOptions }.map {
                HandlingEmitter.OptionsProvider(parameter: $0.parameter.name, element: $0.type.optionElement, title: title(of: $0.parameter.property),
                                                supportsSearch: $0.parameter.supportsSearch)
            },
            codeNames: ResponseEmitter.standardCodes + intent.responseCodes.map(\.name).filter { !ResponseEmitter.standardCodes.contains($0) },
            confirmationPrompt: confirmationPrompt)
    }

    func emitHandling(into out: inout SourceWriter) {
        handling.emitProtocol(into: &out)
    }

    func emitResolutionResults(into out: inout SourceWriter) {
        for (parameter, type) in parameters where !parameter.unsupportedReasons.isEmpty {
            let reasonType = "\(intent.name)\(SwiftSource.upperFirst(parameter.name))UnsupportedReason"
            out.line()
            out.doc(lines: ["Why a \(parameter.property.displayName ?? parameter.name) cannot be used.", "",
                            "A resolve method answers `\(resultClass(parameter, type)).unsupported(forReason:)` with one; the host tells the user its sentence "
                                + "(`reasonDescription`), then asks for another value."])
            out.block("\(access) enum \(reasonType): Int, INUnsupportedReason") { out in
                for (index, reason) in parameter.unsupportedReasons.enumerated() {
                    let text = reason.formatString.map { FormatString.filled($0, for: parameter) }.map { dialog in
                        "The host tells the user \"\(dialog)\"" + (dialog.contains("${\(parameter.name)}") ? ", the value filling `${\(parameter.name)}`." : "")
                    }
                        ?? "The definition gives it no dialog: the host tells the user \"\(DocText.words(reason.code)).\""
                    out.doc(lines: ["The \(DocText.words(reason.code)) reason.", "", text])
                    out.line("case \(SwiftSource.identifier(reason.code)) = \(index + 1)")
                }
                out.line()
                out.doc(lines: ["The sentence the host tells the user before asking for another value: the reason's dialog in the definition, "
                                + "`${\(parameter.name)}` left for the host to fill with the value."])
                out.block("\(access) var reasonDescription: String?") { out in
                    out.switchOnSelf { out in
                        for reason in parameter.unsupportedReasons {
                            // `${<parameter>}` stays for the host, which fills in the value.
                            let text = reason.formatString.map { FormatString.filled($0, for: parameter) }
                            out.line("case .\(SwiftSource.identifier(reason.code)): return \(SwiftSource.literal(text))")
                        }
                    }
                }
            }
            out.line()
            out.doc(lines: ["Resolves \(parameter.name) of \(className), with its custom unsupported reasons.", "",
                            "It has the factories of `\(type.resolutionResult)`, which it refines, and `unsupported(forReason:)`."])
            out.block("\(access) class \(resultClass(parameter, type)): \(type.resolutionResult)") { out in
                out.doc(lines: ["The value cannot be used, for `reason`: the host tells the user the reason's sentence, then asks for another value, which is resolved again.",
                                "", "- Parameter reason: Why the value cannot be used.", "- Returns: An unsupported result."])
                out.line("\(access) class func unsupported(forReason reason: \(reasonType)) -> Self { unsupported(withReason: reason) }")
            }
        }
    }
}

/// Xcode's format strings: `Your ${soup} is ready in ${waitTime}`.
enum FormatString {
    /// The `${name}` placeholders, in order of first appearance.
    static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "}") else { break }
            let name = String(rest[..<end])
            if seen.insert(name).inserted { names.append(name) }
            rest = rest[rest.index(after: end)...]
        }
        return names
    }

    /// An unsupported reason's dialog as the host tells it: `${displayName}` replaced by the
    /// parameter's display name, `${minimumValue}` and `${maximumValue}` by its limits, and
    /// `${<parameter>}` left for the host to fill with the value; other placeholders stay as written.
    static func filled(_ text: String, for parameter: IntentDefinition.Parameter) -> String {
        let displayName = parameter.property.displayName.flatMap { $0.isEmpty ? nil : $0 } ?? parameter.name
        var result = text.replacingOccurrences(of: "${displayName}", with: displayName)
        if let minimum = parameter.minimum { result = result.replacingOccurrences(of: "${minimumValue}", with: number(minimum)) }
        if let maximum = parameter.maximum { result = result.replacingOccurrences(of: "${maximumValue}", with: number(maximum)) }
        return result
    }

    /// A limit as a dialog shows it: `10`, `2.5`.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 9e18 ? String(Int(value)) : String(value)
    }

    /// The output property a placeholder names: `orderDetails` for `${orderDetails.total}`.
    static func property(_ placeholder: String) -> String {
        String(placeholder.prefix { $0 != "." })
    }
}
