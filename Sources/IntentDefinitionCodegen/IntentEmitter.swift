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

    func emitIntent(into out: inout SourceWriter) {
        out.line()
        out.doc(intent.description ?? intent.title)
        out.block("\(access) class \(className): INIntent") { out in
            for (parameter, type) in parameters {
                out.line(PropertyType.declaration(of: parameter.property, type: type, access: access))
            }
            out.line()
            out.block("\(access) override class var intentDefinitionMetadata: INIntentDefinitionMetadata?") { out in
                out.line("INIntentDefinitionMetadata(")
                out.line("    title: \(SwiftSource.literal(intent.title)), description: \(SwiftSource.literal(intent.description)),")
                out.line("    category: \(SwiftSource.literal(intent.category)), verb: \(SwiftSource.literal(intent.verb)),")
                out.line("    keyParameter: \(SwiftSource.literal(intent.keyParameter)), userConfirmationRequired: \(intent.userConfirmationRequired),")
                out.line("    suggestedInvocationPhrase: \(SwiftSource.literal(intent.suggestedInvocationPhrase)),")
                let titles = intent.parameterCombinationTitles.sorted { $0.key < $1.key }
                    .map { "\(SwiftSource.literal($0.key)): \(SwiftSource.literal($0.value))" }
                out.line("    parameterCombinationTitles: [\(titles.isEmpty ? ":" : titles.joined(separator: ", "))])")
            }
            out.line()
            handling.emitTable(into: &out)
        }
    }

    /// The handling protocol's shape: a resolver per resolvable parameter, an options provider
    /// per parameter with dynamic options.
    private var handling: HandlingEmitter {
        HandlingEmitter(
            intentClass: className, responseClass: "\(intent.name)IntentResponse", access: access,
            resolvers: parameters.filter { $0.parameter.supportsResolution }.map {
                HandlingEmitter.Resolver(parameter: $0.parameter.name, result: resultClass($0.parameter, $0.type),
                                         isList: $0.parameter.property.isList)
            },
            optionsProviders: parameters.filter { $0.parameter.supportsDynamicOptions }.map {
                HandlingEmitter.OptionsProvider(parameter: $0.parameter.name, element: $0.type.optionElement)
            })
    }

    func emitHandling(into out: inout SourceWriter) {
        handling.emitProtocol(into: &out)
    }

    func emitResolutionResults(into out: inout SourceWriter) {
        for (parameter, type) in parameters where !parameter.unsupportedReasons.isEmpty {
            let reasonType = "\(intent.name)\(SwiftSource.upperFirst(parameter.name))UnsupportedReason"
            out.line()
            out.doc("Why a \(parameter.property.displayName ?? parameter.name) cannot be used.")
            out.block("\(access) enum \(reasonType): Int, INUnsupportedReason") { out in
                for (index, reason) in parameter.unsupportedReasons.enumerated() {
                    out.line("case \(SwiftSource.identifier(reason.code)) = \(index + 1)")
                }
                out.line()
                out.block("\(access) var reasonDescription: String?") { out in
                    out.switchOnSelf { out in
                        for reason in parameter.unsupportedReasons {
                            // `${<parameter>}` stays for the host, which fills in the value.
                            let text = reason.formatString.map {
                                FormatString.filled($0, except: parameter.name, with: parameter.property.displayName ?? parameter.name)
                            }
                            out.line("case .\(SwiftSource.identifier(reason.code)): return \(SwiftSource.literal(text))")
                        }
                    }
                }
            }
            out.line()
            out.doc("Resolves \(parameter.name) of \(className), with its custom unsupported reasons.")
            out.block("\(access) class \(resultClass(parameter, type)): \(type.resolutionResult)") { out in
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
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "}") else { break }
            let name = String(rest[..<end])
            if !names.contains(name) { names.append(name) }
            rest = rest[rest.index(after: end)...]
        }
        return names
    }

    /// The text with every placeholder but `${kept}` replaced by `value`.
    static func filled(_ text: String, except kept: String, with value: String) -> String {
        var result = text
        for name in placeholders(in: text) where name != kept { result = result.replacingOccurrences(of: "${\(name)}", with: value) }
        return result
    }
}
