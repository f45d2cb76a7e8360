import Foundation
import ExtensionProtocol

/// Each intent class's name, schema and handling table, computed once: they come from reflection
/// and closures that need not be rebuilt for every request.
final class IntentClassCache: @unchecked Sendable {
    static let shared = IntentClassCache()

    private struct Entry {
        var schema: IntentSchema
        var table: (any INIntentHandlingDispatching)?
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var names: [ObjectIdentifier: String] = [:]

    /// The class's `intentName`, asked of the class once: the default, `String(describing:)`,
    /// costs microseconds on every call.
    func name(of intentClass: INIntent.Type) -> String {
        let key = ObjectIdentifier(intentClass)
        if let cached = lock.withLock({ names[key] }) { return cached }
        let name = intentClass.intentName
        lock.withLock { names[key] = name }
        return name
    }

    func schema(of intentClass: INIntent.Type) -> IntentSchema { entry(for: intentClass).schema }

    func table(of intentClass: INIntent.Type) -> (any INIntentHandlingDispatching)? { entry(for: intentClass).table }

    private func entry(for intentClass: INIntent.Type) -> Entry {
        let key = ObjectIdentifier(intentClass)
        if let cached = lock.withLock({ entries[key] }) { return cached }
        let table = intentClass.handlingTable
        var schema = intentClass.schema
        if let metadata = intentClass.intentDefinitionMetadata {
            schema.title = metadata.title
            schema.userConfirmationRequired = metadata.userConfirmationRequired
            for index in schema.parameters.indices {
                schema.parameters[index].relationship = metadata.parameterRelationships[schema.parameters[index].name]
            }
        }
        for index in schema.parameters.indices {
            schema.parameters[index].providesOptions = table?.providesOptions(for: schema.parameters[index].name) ?? false
        }
        let entry = Entry(schema: schema, table: table)
        lock.withLock { entries[key] = entry }
        return entry
    }
}
