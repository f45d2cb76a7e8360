import ExtensionProtocol
import HostBundles

/// Joins what a build compiled into a library (`CompiledAppIntentsLibrary`) with what the
/// sandboxed extension described of itself, when the build could not read every declaration.
///
/// The extension's answer is checked against the build's: an intent the build read whole must
/// be described alike (title, lock policy, parameters and their types), or the answer is a
/// fault. What only the build can know (a description declared as `IntentDescription` rather
/// than `IntentDescription?`, which the protocol does not see at run time) is taken from it.
enum AppIntentsMetadataCombination {
    /// - Throws: `HostError` (`.extensionFailed`) naming `library`, the intent and what differs.
    static func combine(described: AppIntentsMetadata, compiled: CompiledAppIntentsLibrary, library: String) throws -> AppIntentsMetadata {
        var combined = described
        let unresolved = Set(compiled.unresolved)
        for index in combined.intents.indices {
            let intent = combined.intents[index]
            guard let built = compiled.metadata.intent(typeName: intent.typeName) else { continue }
            if !unresolved.contains(intent.typeName), let difference = difference(built, intent) {
                throw HostError(.extensionFailed, "The App Intents of \(library) are not usable: the extension describes \(intent.name) with \(difference.described), but its build compiled \(difference.compiled).")
            }
            combined.intents[index].description = intent.description ?? built.description
            combined.intents[index].parameterSummary = intent.parameterSummary ?? built.parameterSummary
            combined.intents[index].returnType = intent.returnType ?? built.returnType
            for position in combined.intents[index].parameters.indices {
                let name = combined.intents[index].parameters[position].name
                guard let parameter = built.parameter(named: name) else { continue }
                combined.intents[index].parameters[position].description = combined.intents[index].parameters[position].description ?? parameter.description
            }
        }
        for index in combined.entities.indices where combined.entities[index].properties.isEmpty {
            combined.entities[index].properties = compiled.metadata.entity(typeName: combined.entities[index].typeName)?.properties ?? []
        }
        return combined
    }

    /// What the extension and the build say differently about one intent, in words; nil when they agree.
    private static func difference(_ built: AppIntentSchema, _ described: AppIntentSchema) -> (described: String, compiled: String)? {
        if built.title != described.title {
            return ("the title \(described.title.quotedForDisplay)", "\(built.title.quotedForDisplay)")
        }
        if built.authenticationPolicy != described.authenticationPolicy {
            return ("the authentication policy \(described.authenticationPolicy.rawValue)", built.authenticationPolicy.rawValue)
        }
        if built.openAppWhenRun != described.openAppWhenRun {
            return ("openAppWhenRun \(described.openAppWhenRun)", "\(built.openAppWhenRun)")
        }
        if built.isDiscoverable != described.isDiscoverable {
            return ("isDiscoverable \(described.isDiscoverable)", "\(built.isDiscoverable)")
        }
        func shape(_ parameters: [AppParameterSchema]) -> String {
            parameters.map { "\($0.name): \($0.typeName ?? $0.kind.rawValue)\($0.isList ? "[]" : "")\($0.isOptional ? "?" : "")" }
                .joined(separator: ", ")
        }
        if shape(built.parameters) != shape(described.parameters) {
            return ("the parameters (\(shape(described.parameters)))", "(\(shape(built.parameters)))")
        }
        return nil
    }
}
