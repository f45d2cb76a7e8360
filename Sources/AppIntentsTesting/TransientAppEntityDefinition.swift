import ExtensionProtocol
import AppIntentsTypeSupport

/// A `TransientAppEntity` type of the app under test: made by intents, never found by a query.
public struct TransientAppEntityDefinition: AppIntentTypeDefinition, Equatable, Sendable {
    public typealias Instance = AnyTransientAppEntity

    public let typeIdentifier: String
    public let bundleIdentifier: String

    /// Makes an entity with properties named by the labels: `makeEntity(name: "Trip")`.
    public var makeEntity: IntentValuePropertiesCallable<AnyTransientAppEntity> {
        let type = AttributedTypeIdentifier(bundleIdentifier: bundleIdentifier, typeIdentifier: typeIdentifier)
        return IntentValuePropertiesCallable { arguments in
            var properties: [String: IntentValue] = [:]
            for (name, value) in arguments {
                properties[name] = (value as? any IntentValueConvertible)?.makeContainer(context: IntentValueContainer.ConversionContext()).value
            }
            return AnyTransientAppEntity(entityType: type, properties: properties, types: ValueTypeTable(bundleIdentifier: type.bundleIdentifier))
        }
    }

    public func isInstance(_ value: AnyTransientAppEntity) throws {
        guard value.entityType.typeIdentifier == typeIdentifier else {
            throw HostUnderTestError(.badValue, "The transient entity is a \(value.entityType.typeIdentifier), not a \(typeIdentifier).")
        }
    }
}

/// A transient entity: its type and its property values.
@dynamicMemberLookup
public struct AnyTransientAppEntity: Equatable, Sendable, IntentValueConvertible {
    public var entityType: AttributedTypeIdentifier
    let properties: [String: IntentValue]
    let types: ValueTypeTable

    private var container: IntentValueContainer {
        IntentValueContainer(value: .object(ObjectValue(identifier: nil, display: entityType.typeIdentifier, properties: properties)),
                             type: AppValueTypeSchema(kind: .entity, typeName: types.entities.keys.first { AppCatalog.shortName($0) == entityType.typeIdentifier }),
                             types: types, path: entityType.typeIdentifier)
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

    public static func _converted(from container: IntentValueContainer) throws -> AnyTransientAppEntity {
        guard case .object(let object) = container.value else { throw container.mismatch(AnyTransientAppEntity.self) }
        let typeName = container.type?.kind == .entity ? container.type?.typeName.map(AppCatalog.shortName) ?? "" : ""
        return AnyTransientAppEntity(entityType: AttributedTypeIdentifier(bundleIdentifier: container.types.bundleIdentifier, typeIdentifier: typeName),
                                     properties: object.properties, types: container.types)
    }
}
