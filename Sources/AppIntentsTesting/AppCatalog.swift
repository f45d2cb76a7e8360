import AppIntentsTypeSupport
import IntentsClient

/// An app's App Intents, entities and enums, from all its extensions, as the host describes
/// them; looked up by type name (`NoteEntity`) or module-qualified name (`NotesKit.NoteEntity`).
package struct AppCatalog: Sendable {
    package let bundleIdentifier: String
    package let intents: [AppIntentSchema]
    package let entities: [AppEntitySchema]
    package let enums: [AppEnumSchema]
    package let types: ValueTypeTable

    init(_ app: CatalogApp) {
        bundleIdentifier = app.bundleIdentifier
        intents = app.extensions.flatMap(\.appIntents)
        entities = app.extensions.flatMap(\.entities)
        enums = app.extensions.flatMap(\.enums)
        types = ValueTypeTable(bundleIdentifier: app.bundleIdentifier, entities: Dictionary(entities.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first }),
                               enums: Dictionary(enums.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The type's own name: `Note` of `NotesKit.Note`.
    package static func shortName(_ typeName: String) -> String {
        typeName.split(separator: ".").last.map(String.init) ?? typeName
    }

    package func intent(_ name: String) throws -> AppIntentSchema {
        if let found = intents.first(where: { $0.name == name || $0.typeName == name }) { return found }
        throw missing("App Intent", name, among: intents.map(\.name))
    }

    func entity(_ name: String) throws -> AppEntitySchema {
        if let found = entities.first(where: { $0.typeName == name || $0.shortName == name }) { return found }
        throw missing("App Entity", name, among: entities.map(\.shortName))
    }

    func enumeration(_ name: String) throws -> AppEnumSchema {
        if let found = enums.first(where: { $0.typeName == name || $0.shortName == name }) { return found }
        throw missing("App Enum", name, among: enums.map(\.shortName))
    }

    /// The enum a parameter names by its module-qualified type.
    func enumeration(typeName: String, for parameter: String) throws -> AppEnumSchema {
        if let found = types.enums[typeName] { return found }
        throw HostUnderTestError(.notFound, "\(bundleIdentifier) does not describe the App Enum \(typeName) of \(parameter).")
    }

    private func missing(_ kind: String, _ name: String, among known: [String]) -> HostUnderTestError {
        HostUnderTestError(.notFound, "\(bundleIdentifier) has no \(kind) named \"\(name)\"; its \(kind)s: \(known.isEmpty ? "none" : known.sorted().joined(separator: ", ")).")
    }
}

extension AppEntitySchema {
    var shortName: String { AppCatalog.shortName(typeName) }
}

extension AppEnumSchema {
    var shortName: String { AppCatalog.shortName(typeName) }
}
