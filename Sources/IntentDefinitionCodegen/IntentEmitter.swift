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
            out.block("\(access) override class var handlingTable: (any INIntentHandlingDispatching)?") { out in
                out.line("INIntentHandlingTable<\(className), any \(className)Handling>(")
                out.line("    confirm: { await $0.confirm(intent: $1) },")
                out.line("    handle: { await $0.handle(intent: $1) })")
                for (parameter, _) in parameters {
                    let name = SwiftSource.upperFirst(parameter.name)
                    let key = SwiftSource.literal(parameter.name)
                    if parameter.supportsResolution {
                        let call = "await $0.resolve\(name)(for: $1)"
                        out.line("    .resolving(\(key)) { \(parameter.property.isList ? call : "[\(call)]") }")
                    }
                    if parameter.supportsDynamicOptions {
                        out.line("    .providingOptions(\(key)) { try await $0.provide\(name)OptionsCollection(for: $1) }")
                    }
                }
            }
        }
    }

    func emitHandling(into out: inout SourceWriter) {
        let intentType = className
        var requirements: [(declaration: String, body: String)] = []
        let response = "\(intent.name)IntentResponse"
        for step in ["handle", "confirm"] {
            requirements.append(("func \(step)(intent: \(intentType)) async -> \(response)",
                                 "await withIntentCompletion { \(step)(intent: intent, completion: $0) }"))
            requirements.append(("func \(step)(intent: \(intentType), completion: @escaping (\(response)) -> Void)",
                                 "completion(.notImplemented())"))
        }
        for (parameter, type) in parameters {
            let name = SwiftSource.upperFirst(parameter.name)
            if parameter.supportsResolution {
                let result = resultClass(parameter, type)
                let answer = parameter.property.isList ? "[\(result)]" : result
                let fallback = parameter.property.isList ? "[.notImplemented()]" : ".notImplemented()"
                requirements.append(("func resolve\(name)(for intent: \(intentType)) async -> \(answer)",
                                     "await withIntentCompletion { resolve\(name)(for: intent, with: $0) }"))
                requirements.append(("func resolve\(name)(for intent: \(intentType), with completion: @escaping (\(answer)) -> Void)",
                                     "completion(\(fallback))"))
            }
            if parameter.supportsDynamicOptions {
                let collection = "INObjectCollection<\(type.optionElement)>"
                requirements.append(("func provide\(name)OptionsCollection(for intent: \(intentType)) async throws -> \(collection)",
                                     "try await withIntentOptionsCompletion { provide\(name)OptionsCollection(for: intent, with: $0) }"))
                requirements.append(("func provide\(name)OptionsCollection(for intent: \(intentType), with completion: @escaping (\(collection)?, (any Error)?) -> Void)",
                                     "completion(nil, nil)"))
            }
        }
        out.line()
        out.doc("Handles \(intentType): resolve each parameter, provide options, confirm and handle; implement either form of each.")
        out.block("\(access) protocol \(intentType)Handling: NSObjectProtocol") { out in
            for requirement in requirements { out.line(requirement.declaration) }
        }
        out.line()
        out.block("extension \(intentType)Handling") { out in
            for requirement in requirements {
                out.block("\(access) \(requirement.declaration)") { $0.line(requirement.body) }
            }
        }
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
