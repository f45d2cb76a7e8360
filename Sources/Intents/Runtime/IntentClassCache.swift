import Foundation
import ExtensionProtocol

/// Each intent class's schema and handling table, computed once: both come from reflection
/// and closures that need not be rebuilt for every request.
final class IntentClassCache: @unchecked Sendable {
    static let shared = IntentClassCache()

    private struct Entry {
        var schema: IntentSchema
        var table: (any INIntentHandlingDispatching)?
        /// Parameter names in the order an instance creates its wrappers (nil: use reflection).
        var creationOrder: [String]?
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    func schema(of intentClass: INIntent.Type) -> IntentSchema { entry(for: intentClass).schema }

    func table(of intentClass: INIntent.Type) -> (any INIntentHandlingDispatching)? { entry(for: intentClass).table }

    /// The names of the parameters, in the order a new instance creates them.
    func creationOrder(of intentClass: INIntent.Type) -> [String]? { entry(for: intentClass).creationOrder }

    /// Matches the wrappers a prototype creates with the names reflection gives them; nil when
    /// they do not match one to one (a wrapper made outside the intent's initializer, say).
    private static func creationOrder(_ intentClass: INIntent.Type) -> [String]? {
        let (prototype, created) = ParameterCollector.collect { intentClass.init() }
        let named = reflectedParameters(of: prototype)
        guard created.count == named.count else { return nil }
        var names: [String] = []
        for parameter in created {
            guard let match = named.first(where: { $0.parameter === parameter }) else { return nil }
            names.append(match.name)
        }
        return names
    }

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
        let entry = Entry(schema: schema, table: table, creationOrder: Self.creationOrder(intentClass))
        lock.withLock { entries[key] = entry }
        return entry
    }
}
