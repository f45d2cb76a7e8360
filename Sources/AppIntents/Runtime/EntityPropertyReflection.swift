@_spi(Reflection) import Swift

/// Finds an entity type's `@Property` properties: from the type's stored fields (names and
/// types, in declaration order), and their titles from an entity of the type.
enum EntityPropertyReflection {
    struct Field {
        let name: String
        let valueType: Any.Type
    }

    /// The `@Property` fields of `type`, read from its layout, with no entity needed.
    static func properties(of type: any AppEntity.Type) -> [Field] {
        var fields: [Field] = []
        _ = _forEachField(of: type) { name, _, fieldType, _ in
            let label = String(cString: name)
            if label.hasPrefix("_"), let wrapper = fieldType as? any EntityPropertyType.Type {
                fields.append(Field(name: String(label.dropFirst()), valueType: wrapper.propertyValueType))
            }
            return true
        }
        return fields
    }

    /// The titles `entity`'s `@Property` wrappers declare, by property name.
    static func titles(of entity: any AppEntity) -> [(String, String)] {
        Mirror(reflecting: entity).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_"), let property = child.value as? any AnyEntityProperty else { return nil }
            return (String(label.dropFirst()), property.titleText)
        }
    }

    /// An entity of `type` to read titles from: the one of a unique or transient type, else the
    /// first its query suggests; nil when there is none or the query fails.
    static func sample(of type: any AppEntity.Type) async -> (any AppEntity)? {
        if let made = type as? any UniqueAppEntity.Type { return made.init() }
        if let made = type as? any TransientAppEntity.Type { return made.init() }
        return await suggested(type)
    }

    private static func suggested<Entity: AppEntity>(_ type: Entity.Type) async -> (any AppEntity)? {
        let query = Entity.defaultQuery
        // A query whose dependency is not registered suggests nothing to read titles from.
        guard (try? await DependencyResolution.resolve(query)) != nil else { return nil }
        if let first = try? await query.suggestedEntities().first { return first }
        if let enumerable = query as? any EnumerableEntityQuery {
            if let all = try? await enumerable.allEntities(), let first = all.first { return first }
        }
        return nil
    }
}

/// `EntityProperty`, seen as a type without knowing its value type.
protocol EntityPropertyType {
    static var propertyValueType: Any.Type { get }
}

extension EntityProperty: EntityPropertyType {
    static var propertyValueType: Any.Type { Value.self }
}
