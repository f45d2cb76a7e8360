import ExtensionProtocol
import AppIntentsTypeSupport

/// An App Entity type of the app under test, and its queries, run in the app's extension.
public struct AppEntityDefinition: AppIntentTypeDefinition, Equatable, Sendable {
    public typealias Instance = AnyAppEntity

    /// The entity type's name (`NoteEntity`).
    public let typeIdentifier: String
    public let bundleIdentifier: String

    /// An entity known by its identifier only; its other properties stay empty until a query finds it.
    public func makeReference(identifier: String) -> AnyAppEntity {
        AnyAppEntity(entityType: AttributedTypeIdentifier(bundleIdentifier: bundleIdentifier, typeIdentifier: typeIdentifier),
                     instanceIdentifier: identifier)
    }

    /// Every entity, from the query's `allEntities()` (an `EnumerableEntityQuery`).
    public func allEntities() async throws -> [AnyAppEntity] {
        try await allEntitiesQuery().entities()
    }

    public func allEntitiesQuery() -> AnyEntityQuery {
        AnyEntityQuery(entity: self, request: .all)
    }

    /// The entities with these identifiers, from the query's `entities(for:)`.
    public func entities<Identifier>(identifiers: [Identifier]) async throws -> [AnyAppEntity] where Identifier: EntityIdentifierConvertible {
        try await entityQuery(identifiers: identifiers).entities()
    }

    public func entityQuery<Identifier>(identifiers: [Identifier]) -> AnyEntityQuery where Identifier: EntityIdentifierConvertible {
        AnyEntityQuery(entity: self, request: .identifiers(identifiers.map(\.entityIdentifierString)))
    }

    /// The entities the query's `entities(matching:)` finds (an `EntityStringQuery`).
    public func entities(matching string: String) async throws -> [AnyAppEntity] {
        try await entityQuery(matching: string).entities()
    }

    public func entityQuery(matching string: String) -> AnyEntityQuery {
        AnyEntityQuery(entity: self, request: .matching(string))
    }

    /// What the query suggests (`suggestedEntities()`).
    public func suggestedEntities() async throws -> [AnyAppEntity] {
        try await suggestedEntitiesQuery().entities()
    }

    public func suggestedEntitiesQuery() -> AnyEntityQuery {
        AnyEntityQuery(entity: self, request: .suggested)
    }

    /// Linux: always throws `notAvailableOnLinux`; the host keeps no Spotlight index.
    public func spotlightQuery(_ userQuery: String? = nil) async throws -> [AnyAppEntity] {
        throw HostUnderTestError(.notAvailableOnLinux, "spotlightQuery(_:) is not available on Linux: the intents host keeps no Spotlight index of \(typeIdentifier) entities.")
    }

    /// Linux: always throws `notAvailableOnLinux`; an extension has no screen.
    public func viewAnnotations() async throws -> [ViewAnnotation] {
        throw HostUnderTestError(.notAvailableOnLinux, "viewAnnotations() is not available on Linux: an extension has no screen to annotate \(typeIdentifier) entities on.")
    }

    /// Throws unless `value` is an entity of this type.
    public func isInstance(_ value: AnyAppEntity) throws {
        guard value.identifier.entityType.typeIdentifier == typeIdentifier else {
            throw HostUnderTestError(.badValue, "The entity \(value.identifier.instanceIdentifier) is a \(value.identifier.entityType.typeIdentifier), not a \(typeIdentifier).")
        }
    }
}

/// A query of an entity type, to run later. No members are documented.
public struct AnyEntityQuery: Equatable, Sendable {
    let entity: AppEntityDefinition
    let request: EntityQueryRequest

    /// Runs the query in the app's extension.
    func entities() async throws -> [AnyAppEntity] {
        try await HostUnderTest.current().entities(entity.typeIdentifier, of: entity.bundleIdentifier, request)
    }
}

/// An entity shown on the app's screen. Linux: never made (`viewAnnotations()` throws).
public struct ViewAnnotation: Equatable, Sendable {
    public let entity: AnyAppEntity
    public let isSelected: Bool
}

/// An entity of the app under test: its identity, and the `@Property` values it came with.
///
///     let name: String = try entity.name
@dynamicMemberLookup
public struct AnyAppEntity: Equatable, Sendable, IntentValueConvertible, CustomStringConvertible {
    public var identifier: AttributedEntityIdentifier
    /// The title of its display representation.
    let displayTitle: String
    let properties: [String: IntentValue]
    /// The module-qualified type name, when the app's metadata said it.
    let typeName: String?
    let types: ValueTypeTable

    init(entityType: AttributedTypeIdentifier, instanceIdentifier: String, displayTitle: String = "", properties: [String: IntentValue] = [:],
         typeName: String? = nil, types: ValueTypeTable = ValueTypeTable()) {
        identifier = AttributedEntityIdentifier(entityType: entityType, instanceIdentifier: instanceIdentifier)
        self.displayTitle = displayTitle
        self.properties = properties
        self.typeName = typeName
        self.types = types
    }

    private var container: IntentValueContainer {
        IntentValueContainer(value: .object(ObjectValue(identifier: identifier.instanceIdentifier, display: displayTitle, properties: properties)),
                             type: AppValueTypeSchema(kind: .entity, typeName: typeName), types: types,
                             path: "\(identifier.entityType.typeIdentifier)(\(identifier.instanceIdentifier))")
    }

    public subscript<T>(dynamicMember identifier: String) -> T where T: IntentValueConvertible {
        get throws { try T._converted(from: container.property(identifier)) }
    }

    public subscript(dynamicMember identifier: String) -> DynamicPropertyPath {
        DynamicPropertyPath(container.property(identifier))
    }

    public subscript(dynamicMember identifier: String) -> (any IntentValueExpressing)? {
        ValueMaterializing.value(of: container.property(identifier))
    }

    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer { container }

    public static func _converted(from container: IntentValueContainer) throws -> AnyAppEntity {
        guard case .object(let object) = container.value, let identifier = object.identifier else { throw container.mismatch(AnyAppEntity.self) }
        let typeName = container.type?.kind == .entity ? container.type?.typeName : nil
        return AnyAppEntity(entityType: AttributedTypeIdentifier(bundleIdentifier: container.types.bundleIdentifier,
                                                                 typeIdentifier: typeName.map(AppCatalog.shortName) ?? ""),
                            instanceIdentifier: identifier, displayTitle: object.display, properties: object.properties,
                            typeName: typeName, types: container.types)
    }

    public var description: String {
        "\(identifier.entityType.typeIdentifier)(\(identifier.instanceIdentifier)\(displayTitle.isEmpty ? "" : ", \"\(displayTitle)\""))"
    }

    public static func == (lhs: AnyAppEntity, rhs: AnyAppEntity) -> Bool {
        lhs.identifier == rhs.identifier && lhs.properties == rhs.properties
    }
}
