/// Finds the entities of one type: by identifier, and the ones to suggest.
public protocol EntityQuery: Sendable {
    /// The entity type the query finds.
    associatedtype Entity: AppEntity

    /// Required as in Apple's API; this runtime does not call it, and uses the entity type's
    /// `defaultQuery` instead.
    init()
    /// The entities with these identifiers; identifiers of no entity are left out.
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// The entities to offer before the user says anything: App Shortcut phrases are made
    /// with them. None by default.
    func suggestedEntities() async throws -> [Entity]
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
}

/// A query that also finds entities by what the user said.
public protocol EntityStringQuery: EntityQuery {
    /// The entities whose names match `string`.
    func entities(matching string: String) async throws -> [Entity]
}

/// A query over a short list of entities, all of which it can give.
public protocol EnumerableEntityQuery: EntityQuery {
    /// Every entity, in display order; at most the first 1000 cross to the host in one reply.
    func allEntities() async throws -> [Entity]
}

extension EnumerableEntityQuery {
    /// The entities among `allEntities()` with these identifiers.
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] {
        try await allEntities().filter { identifiers.contains($0.id) }
    }

    /// All the entities.
    public func suggestedEntities() async throws -> [Entity] {
        try await allEntities()
    }
}
