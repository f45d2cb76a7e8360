/// An entity that intents make and return but the system never looks up again: it needs no
/// query (Linux: the host is told it is transient, `AppEntitySchema.isTransient`).
public protocol TransientAppEntity: AppEntity {
    /// Makes an entity with every `@Property` at its default.
    init()
}

extension TransientAppEntity {
    /// The query of a transient entity, which finds none.
    public static var defaultQuery: TransientAppEntityQuery<Self> { TransientAppEntityQuery() }
}

extension TransientAppEntity where ID == UUID {
    /// A new identifier each time it is read: a transient entity is never looked up by it.
    public var id: UUID { UUID() }
}

/// The query of a `TransientAppEntity`: it finds no entity by identifier.
public struct TransientAppEntityQuery<Entity: AppEntity>: EntityQuery {
    public init() {}

    /// None: a transient entity is not looked up.
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] { [] }
}

/// An entity of which there is one (the app's settings): its query gives that one.
public protocol UniqueAppEntity: AppEntity where ID == String {
    /// Makes the one entity.
    init()
}

extension UniqueAppEntity {
    /// The query that gives the one entity.
    public static var defaultQuery: UniqueAppEntityQuery<Self> { UniqueAppEntityQuery() }
    /// The one entity's identifier: its type's name.
    public var id: String { String(describing: Self.self) }
}

/// The query of a `UniqueAppEntity`: every identifier finds the one entity.
public struct UniqueAppEntityQuery<Entity: AppEntity>: EntityQuery {
    public init() {}

    /// The one entity, for any identifier asked.
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] {
        identifiers.isEmpty ? [] : one()
    }

    /// The one entity.
    public func suggestedEntities() async throws -> [Entity] { one() }

    private func one() -> [Entity] {
        ((Entity.self as? any UniqueAppEntity.Type)?.init() as? Entity).map { [$0] } ?? []
    }
}
