import ExtensionProtocol

/// Runs an entity type's `defaultQuery` for the host: `queryEntities`.
enum EntityQueries {
    /// The most entities one reply carries.
    static let limit = 1000

    /// The entities `request` finds, as objects (identifier and display title), at most `limit`.
    static func run(_ entityType: any AppEntity.Type, _ request: EntityQueryRequest) async throws -> [IntentValue] {
        try await run(opening: entityType, request)
    }

    private static func run<Entity: AppEntity>(opening entityType: Entity.Type, _ request: EntityQueryRequest) async throws -> [IntentValue] {
        let query = Entity.defaultQuery
        try await DependencyResolution.resolve(query)
        let found: [Entity]
        switch request {
        case .suggested:
            found = try await suggested(query)
        case .matching(let text):
            if let strings = query as? any EntityStringQuery {
                found = try await strings.entities(matching: text).compactMap { $0 as? Entity }
            } else {
                found = try await suggested(query).filter { matches($0.displayRepresentation.title.key, text) }
            }
        case .identifiers(let identifiers):
            found = try await query.entities(for: identifiers.compactMap { Entity.ID.entityIdentifier(for: $0) })
        case .all:
            guard let enumerable = query as? any EnumerableEntityQuery else {
                throw RequestFailure("The query of \(Entity.typeDisplayRepresentation.name.key) is not an EnumerableEntityQuery; it has no allEntities().")
            }
            found = try await enumerable.allEntities().compactMap { $0 as? Entity }
        }
        return found.prefix(limit).map { ValueCoding.entityValue($0) }
    }

    /// `suggestedEntities()`, or all the entities of an enumerable query that suggests none.
    private static func suggested<Query: EntityQuery>(_ query: Query) async throws -> [Query.Entity] {
        let suggested = try await query.suggestedEntities()
        guard suggested.isEmpty, let enumerable = query as? any EnumerableEntityQuery else { return suggested }
        return try await enumerable.allEntities().compactMap { $0 as? Query.Entity }
    }

    /// Whether `title` contains `text`, ignoring case and diacritics; any title matches no text.
    static func matches(_ title: String, _ text: String) -> Bool {
        let text = text.trimmingCharacters(in: .whitespaces)
        return text.isEmpty || title.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}
