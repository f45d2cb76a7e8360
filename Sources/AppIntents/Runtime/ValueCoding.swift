import ExtensionProtocol

/// Why a wire value cannot be a parameter's value: the end of a sentence, "it takes an integer".
struct ConversionFailure: Error {
    let reason: String
}

/// Moves values between their Swift types and `IntentValue`, the form they cross the boundary in.
///
/// Entities cross as objects (identifier, display title) and are found again with their
/// query's `entities(for:)`; enum cases as enumerations whose name is the raw value; dates as
/// calendar fields in the current calendar and time zone.
enum ValueCoding {
    /// How deep entities carry their entity properties: an entity's property that is an entity
    /// carries its own properties; one level further down, entities cross as identifier and title.
    static let maximumEntityDepth = 2
    /// How many values one entity's properties may hold in all (nested ones and list items
    /// included); past it, entities nested in it cross as identifier and title, and a list
    /// stops: a graph of entities never costs more than this per entity.
    static let maximumValuesPerEntity = 1_000

    /// The wire form of `value`; nil for nil and for values of no supported type.
    static func encode(_ value: Any) -> IntentValue? {
        var budget = maximumValuesPerEntity
        return encode(value, depth: 0, budget: &budget)
    }

    private static func encode(_ value: Any, depth: Int, budget: inout Int) -> IntentValue? {
        if let optional = value as? any OptionalValue { return optional.wrapped.flatMap { encode($0, depth: depth, budget: &budget) } }
        budget -= 1
        switch value {
        case let text as String: return .string(text)
        case let number as Int: return .integer(number)
        case let number as Double: return .double(number)
        case let flag as Bool: return .boolean(flag)
        case let date as Date: return .dateComponents(fields(of: date))
        case let url as URL: return .url(url.absoluteString)
        case let entity as any AppEntity:
            // Each entity of a result's or a query's list has a budget of its own.
            if depth == 0 { budget = maximumValuesPerEntity }
            return entityValue(entity, depth: depth, budget: &budget)
        case let member as any AppEnum: return enumValue(member)
        case let list as any ListValue:
            var items: [IntentValue] = []
            for item in list.items {
                guard depth == 0 || budget > 0 else { break }
                if let encoded = encode(item, depth: depth, budget: &budget) { items.append(encoded) }
            }
            return .list(items)
        default: return nil
        }
    }

    /// The entity's identifier and title, with the `@Property` values it has (what a result's
    /// reader, a test, reads as `result.value.name`), down to `maximumEntityDepth`, within `budget`.
    static func entityValue<Entity: AppEntity>(_ entity: Entity) -> IntentValue {
        var budget = maximumValuesPerEntity
        return entityValue(entity, depth: 0, budget: &budget)
    }

    private static func entityValue<Entity: AppEntity>(_ entity: Entity, depth: Int, budget: inout Int) -> IntentValue {
        var properties: [String: IntentValue] = [:]
        if depth < maximumEntityDepth {
            for child in Mirror(reflecting: entity).children where budget > 0 {
                guard let label = child.label, label.hasPrefix("_"), let property = child.value as? any AnyEntityProperty,
                      let value = property.valueIfSet, let encoded = encode(value, depth: depth + 1, budget: &budget) else { continue }
                properties[String(label.dropFirst())] = encoded
            }
        }
        return .object(ObjectValue(identifier: entity.id.entityIdentifierString, display: entity.displayRepresentation.title.key,
                                   properties: properties))
    }

    static func enumValue<Enum: AppEnum>(_ member: Enum) -> IntentValue {
        let index = Array(Enum.allCases).firstIndex(of: member) ?? 0
        let display = Enum.caseDisplayRepresentations[member]?.title.key
        return .enumeration(EnumerationValue(rawValue: index, name: member.rawValue.description, display: display))
    }

    /// `value` as a `type`: optionals and arrays of the supported types.
    /// - Throws: `ConversionFailure` when the kinds differ, a string does not parse, or no entity has the identifier.
    static func decode(_ value: IntentValue, as type: Any.Type) async throws -> Any {
        if let optional = type as? any OptionalValue.Type { return try await decode(value, as: optional.wrappedType) }
        if let list = type as? any ListValue.Type {
            var items: [Any] = []
            for element in value.elements { items.append(try await decode(element, as: list.elementType)) }
            guard let made = list.make(items) else { throw ConversionFailure(reason: "it takes a list of \(list.elementType)") }
            return made
        }
        if let entityType = type as? any AppEntity.Type { return try await entity(value, of: entityType) }
        if let enumType = type as? any AppEnum.Type { return try member(value, of: enumType) }
        switch (value, type) {
        case (.string(let text), is String.Type): return text
        case (.integer(let number), is Int.Type): return number
        case (.double(let number), is Int.Type) where number.rounded() == number && abs(number) < 1e18: return Int(number)
        case (.string(let text), is Int.Type): if let number = Int(text) { return number }
        case (.double(let number), is Double.Type): return number
        case (.integer(let number), is Double.Type): return Double(number)
        case (.string(let text), is Double.Type): if let number = Double(text) { return number }
        case (.boolean(let flag), is Bool.Type): return flag
        case (.string(let text), is Bool.Type): if let flag = ["true": true, "yes": true, "false": false, "no": false][text.lowercased()] { return flag }
        case (.dateComponents(let fields), is Date.Type): if let date = date(from: fields) { return date }
        case (.url(let text), is URL.Type), (.string(let text), is URL.Type): if let url = URL(string: text), url.scheme != nil { return url }
        default: break
        }
        throw ConversionFailure(reason: "it takes \(article(for: type))")
    }

    /// The index of the choice `answer` picks, by index or by value.
    /// - Throws: `RequestFailure` when it picks none of them.
    static func choice(_ answer: AppIntentAnswer, among choices: [IntentValue]) throws -> Int {
        switch answer {
        case .choice(let index):
            guard choices.indices.contains(index) else {
                throw RequestFailure("The answer picks choice \(index), but there are \(choices.count) choices, numbered from 0.")
            }
            return index
        case .value(let value):
            let identifier: String? = if case .object(let object) = value { object.identifier } else { nil }
            let index = choices.firstIndex { choice in
                if choice == value { return true }
                if let identifier, case .object(let object) = choice { return object.identifier == identifier }
                return false
            }
            guard let index else { throw RequestFailure("The answer \"\(value.displayString)\" is none of the \(choices.count) choices.") }
            return index
        case .confirmation:
            throw RequestFailure("The question asks to pick one of \(choices.count) choices, not for a yes or no.")
        }
    }

    /// The yes or no of `answer`.
    /// - Throws: `RequestFailure` when it is neither.
    static func confirmation(_ answer: AppIntentAnswer) throws -> Bool {
        switch answer {
        case .confirmation(let flag), .value(.boolean(let flag)): return flag
        default: throw RequestFailure("The question asks for a yes or no.")
        }
    }

    private static func entity(_ value: IntentValue, of type: any AppEntity.Type) async throws -> Any {
        let name = type.typeDisplayRepresentation.name.key
        guard case .object(let object) = value, let identifier = object.identifier else {
            throw ConversionFailure(reason: "it takes a \(name), given by its identifier")
        }
        let found: (any AppEntity)?
        do {
            found = try await lookUp(type, identifier: identifier)
        } catch {
            throw ConversionFailure(reason: "the query for a \(name) failed: \(error)")
        }
        guard let found else { throw ConversionFailure(reason: "no \(name) has the identifier \"\(identifier)\"") }
        return found
    }

    private static func lookUp<Entity: AppEntity>(_ type: Entity.Type, identifier: String) async throws -> Entity? {
        guard let id = Entity.ID.entityIdentifier(for: identifier) else { return nil }
        let query = Entity.defaultQuery
        try await DependencyResolution.resolve(query)
        return try await query.entities(for: [id]).first { $0.id == id }
    }

    private static func member(_ value: IntentValue, of type: any AppEnum.Type) throws -> Any {
        let name: String
        switch value {
        case .enumeration(let enumeration): name = enumeration.name
        case .string(let text): name = text
        default: throw ConversionFailure(reason: "it takes a \(type.typeDisplayRepresentation.name.key)")
        }
        guard let member = caseNamed(name, of: type) else {
            throw ConversionFailure(reason: "\(type.typeDisplayRepresentation.name.key) has no case \"\(name)\"")
        }
        return member
    }

    private static func caseNamed<Enum: AppEnum>(_ name: String, of type: Enum.Type) -> Enum? {
        Enum.RawValue(name).flatMap(Enum.init(rawValue:))
    }

    private static func fields(of date: Date) -> DateComponentsValue {
        let fields = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return DateComponentsValue(year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: fields.minute)
    }

    /// The date the fields name, today when they name only a time.
    private static func date(from fields: DateComponentsValue) -> Date? {
        guard fields.year != nil || fields.hour != nil else { return nil }
        let today = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        var components = DateComponents()
        components.year = fields.year ?? today.year
        components.month = fields.month ?? (fields.year == nil ? today.month : 1)
        components.day = fields.day ?? (fields.year == nil ? today.day : 1)
        components.hour = fields.hour ?? 0
        components.minute = fields.minute ?? 0
        return Calendar.current.date(from: components)
    }

    private static func article(for type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "yes or no"
        case is Date.Type: "a date"
        case is URL.Type: "a URL"
        default: "a \(type)"
        }
    }
}
