/// Writes what custom and system intents share: the `handlingTable` the SDK dispatches through,
/// and the `<Intent>Handling` protocol whose resolve, options, confirm and handle methods each
/// come in a completion-handler and an `async` form, with defaults so that a handler implements
/// either form, or neither.
struct HandlingEmitter {
    /// A parameter with a `resolve<Name>` method: its name, the result class, and whether the
    /// method answers one result per element of a list.
    struct Resolver {
        var parameter: String
        var result: String
        var isList: Bool
    }

    /// A parameter with `provide<Name>OptionsCollection`, and the collection's element type.
    struct OptionsProvider {
        var parameter: String
        var element: String
    }

    let intentClass: String
    let responseClass: String
    let access: String
    let resolvers: [Resolver]
    let optionsProviders: [OptionsProvider]
    /// Further requirements with their defaults, written as given.
    var otherRequirements: [(declaration: String, body: String)] = []

    /// `override class var handlingTable`, inside the intent class.
    func emitTable(into out: inout SourceWriter, override: String = "override") {
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
                out.line("    .providingOptions(\(SwiftSource.literal(provider.parameter))) { try await $0.provide\(name)OptionsCollection(for: $1) }")
            }
        }
    }

    /// The protocol and its defaults.
    func emitProtocol(into out: inout SourceWriter) {
        var requirements: [(declaration: String, body: String)] = []
        for step in ["handle", "confirm"] {
            requirements.append(("func \(step)(intent: \(intentClass)) async -> \(responseClass)",
                                 "await withIntentCompletion { \(step)(intent: intent, completion: $0) }"))
            requirements.append(("func \(step)(intent: \(intentClass), completion: @escaping (\(responseClass)) -> Void)",
                                 "completion(.notImplemented())"))
        }
        for resolver in resolvers {
            let name = SwiftSource.upperFirst(resolver.parameter)
            let answer = resolver.isList ? "[\(resolver.result)]" : resolver.result
            let fallback = resolver.isList ? "[.notImplemented()]" : ".notImplemented()"
            requirements.append(("func resolve\(name)(for intent: \(intentClass)) async -> \(answer)",
                                 "await withIntentCompletion { resolve\(name)(for: intent, with: $0) }"))
            requirements.append(("func resolve\(name)(for intent: \(intentClass), with completion: @escaping (\(answer)) -> Void)",
                                 "completion(\(fallback))"))
        }
        for provider in optionsProviders {
            let name = SwiftSource.upperFirst(provider.parameter)
            let collection = "INObjectCollection<\(provider.element)>"
            requirements.append(("func provide\(name)OptionsCollection(for intent: \(intentClass)) async throws -> \(collection)",
                                 "try await withIntentOptionsCompletion { provide\(name)OptionsCollection(for: intent, with: $0) }"))
            requirements.append(("func provide\(name)OptionsCollection(for intent: \(intentClass), with completion: @escaping (\(collection)?, (any Error)?) -> Void)",
                                 "completion(nil, nil)"))
        }
        requirements += otherRequirements
        out.line()
        out.doc("Handles \(intentClass): resolve each parameter, provide options, confirm and handle; implement either form of each.")
        out.block("\(access) protocol \(intentClass)Handling: NSObjectProtocol") { out in
            for requirement in requirements { out.line(requirement.declaration) }
        }
        out.line()
        out.block("extension \(intentClass)Handling") { out in
            for requirement in requirements {
                out.block("\(access) \(requirement.declaration)") { out in
                    if !requirement.body.isEmpty { out.line(requirement.body) }
                }
            }
        }
    }
}
