/// A query that finds entities by comparing their `@Property` values, as Shortcuts' "Find"
/// actions do:
///
///     struct BookQuery: EntityPropertyQuery {
///         static var properties = QueryProperties {
///             Property(\BookEntity.$title) {
///                 ContainsComparator { $0 }
///             }
///         }
///         static var sortingOptions = SortingOptions { SortableBy(\BookEntity.$title) }
///         func entities(matching comparators: [String], mode: ComparatorMode, sortedBy: [EntityQuerySort<BookEntity>],
///                       limit: Int?) async throws -> [BookEntity] { ... }
///     }
///
/// Linux form: declared so that such code builds; the host finds entities by identifier, by
/// suggestion and by string, and does not call `entities(matching:mode:sortedBy:limit:)` yet.
public protocol EntityPropertyQuery: EntityQuery {
    /// What a comparator becomes (a predicate, a string...), of the query's own choosing.
    associatedtype ComparatorMappingType
    /// What the query returns: usually `[Entity]`.
    associatedtype Result: ResultsCollection = [Entity]

    /// The properties the user can compare, with their comparators.
    static var properties: EntityQueryProperties<Entity, ComparatorMappingType> { get }
    /// The properties the results can be sorted by.
    static var sortingOptions: EntityQuerySortingOptions<Entity> { get }
    /// The entities that match `comparators` (all of them, or any, by `mode`), sorted, at most `limit`.
    func entities(matching comparators: [ComparatorMappingType], mode: ComparatorMode, sortedBy: [EntityQuerySort<Entity>],
                  limit: Int?) async throws -> Result
}

extension EntityPropertyQuery {
    public typealias QueryProperties = EntityQueryProperties<Entity, ComparatorMappingType>
    public typealias SortingOptions = EntityQuerySortingOptions<Entity>
    public typealias ComparatorMode = EntityQueryComparatorMode
    public typealias Property = EntityQueryProperty<Entity, ComparatorMappingType>
    public typealias SortableBy = EntityQuerySortableByProperty<Entity>
}

/// Whether entities must match all the comparators or any.
public enum EntityQueryComparatorMode: Hashable, Sendable {
    case and
    case or
}

/// One sort of a query's results: a property and an order.
public struct EntityQuerySort<Entity: AppEntity>: @unchecked Sendable {
    /// The order of a sort.
    public enum Ordering: Hashable, Sendable {
        case ascending
        case descending
    }

    /// The property sorted by.
    public var by: PartialKeyPath<Entity>
    /// The order.
    public var order: Ordering

    /// A sort by `by`, ascending by default.
    public init(by: PartialKeyPath<Entity>, order: Ordering = .ascending) {
        self.by = by
        self.order = order
    }
}

/// The properties a query's results can be sorted by.
public struct EntityQuerySortingOptions<Entity: AppEntity>: @unchecked Sendable {
    public let sortableProperties: [EntityQuerySortableByProperty<Entity>]

    /// Options from `SortableBy(\.$property)` lines.
    public init(@Builder sortableBy: () -> [EntityQuerySortableByProperty<Entity>]) {
        self.sortableProperties = sortableBy()
    }

    /// Builds sorting options, one `SortableBy` a line.
    @resultBuilder
    public enum Builder {
        public static func buildExpression(_ property: EntityQuerySortableByProperty<Entity>) -> [EntityQuerySortableByProperty<Entity>] {
            [property]
        }

        public static func buildBlock(_ components: [EntityQuerySortableByProperty<Entity>]...) -> [EntityQuerySortableByProperty<Entity>] {
            components.flatMap { $0 }
        }
    }
}

/// A property a query's results can be sorted by.
public struct EntityQuerySortableByProperty<Entity: AppEntity>: @unchecked Sendable {
    public let keyPath: PartialKeyPath<Entity>

    /// The property `keyPath` reaches, `\.$title`.
    public init<Property>(_ keyPath: KeyPath<Entity, Property>) {
        self.keyPath = keyPath
    }
}

/// The properties of a property query, with their comparators.
public struct EntityQueryProperties<Entity: AppEntity, ComparatorMappingType>: @unchecked Sendable {
    public let properties: [EntityQueryProperty<Entity, ComparatorMappingType>]

    /// Properties from `Property(\.$x) { ...Comparator { ... } }` lines.
    public init(@Builder properties: () -> [EntityQueryProperty<Entity, ComparatorMappingType>]) {
        self.properties = properties()
    }

    /// Builds the properties, one `Property` a line.
    @resultBuilder
    public enum Builder {
        public static func buildExpression(_ property: EntityQueryProperty<Entity, ComparatorMappingType>)
            -> [EntityQueryProperty<Entity, ComparatorMappingType>] {
            [property]
        }

        public static func buildBlock(_ components: [EntityQueryProperty<Entity, ComparatorMappingType>]...)
            -> [EntityQueryProperty<Entity, ComparatorMappingType>] {
            components.flatMap { $0 }
        }
    }
}

/// A property of a property query and the ways it can be compared.
public final class EntityQueryProperty<Entity: AppEntity, ComparatorMappingType>: @unchecked Sendable {
    public let keyPath: PartialKeyPath<Entity>
    let comparators: [Any]

    /// The property `keyPath` reaches (`\BookEntity.$title`) with its comparators.
    public init<PropertyType>(_ keyPath: KeyPath<Entity, EntityProperty<PropertyType>>,
                              @EntityQueryComparatorsBuilder<PropertyType, ComparatorMappingType> _ comparators: () -> [EntityQueryComparator<PropertyType, ComparatorMappingType>]) {
        self.keyPath = keyPath
        self.comparators = comparators()
    }
}

/// Builds the comparators of a query property, one a line.
@resultBuilder
public enum EntityQueryComparatorsBuilder<PropertyType: _IntentValue & Sendable, ComparatorMappingType> {
    public static func buildExpression(_ comparator: EntityQueryComparator<PropertyType, ComparatorMappingType>)
        -> [EntityQueryComparator<PropertyType, ComparatorMappingType>] {
        [comparator]
    }

    public static func buildBlock(_ components: [EntityQueryComparator<PropertyType, ComparatorMappingType>]...)
        -> [EntityQueryComparator<PropertyType, ComparatorMappingType>] {
        components.flatMap { $0 }
    }
}

/// A way of comparing a property with a value the user gives, and what the comparison becomes.
public class EntityQueryComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: @unchecked Sendable {
    /// The comparison's name (`equalTo`, `contains`...).
    let name: String

    init(name: String) {
        self.name = name
    }
}

/// `property == value`.
public final class EqualToComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: EntityQueryComparator<PropertyType, ComparatorMappingType>, @unchecked Sendable {
    let mappingTransform: (PropertyType) -> ComparatorMappingType
    public init(mappingTransform: @escaping (PropertyType) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
        super.init(name: "equalTo")
    }
}

/// `property != value`.
public final class NotEqualToComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: EntityQueryComparator<PropertyType, ComparatorMappingType>, @unchecked Sendable {
    let mappingTransform: (PropertyType) -> ComparatorMappingType
    public init(mappingTransform: @escaping (PropertyType) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
        super.init(name: "notEqualTo")
    }
}

/// A comparison of a property's unwrapped value (`contains`, `lessThan`...) with one value.
public class UnwrappedValueComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: EntityQueryComparator<PropertyType, ComparatorMappingType>, @unchecked Sendable {
    let mappingTransform: (PropertyType.UnwrappedType) -> ComparatorMappingType
    init(name: String, mappingTransform: @escaping (PropertyType.UnwrappedType) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
        super.init(name: name)
    }
}

/// The property contains the value (text, lists).
public final class ContainsComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: UnwrappedValueComparator<PropertyType, ComparatorMappingType>, @unchecked Sendable {
    public init(mappingTransform: @escaping (PropertyType.UnwrappedType) -> ComparatorMappingType) {
        super.init(name: "contains", mappingTransform: mappingTransform)
    }
}

/// The property's text begins with the value.
public final class HasPrefixComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: UnwrappedValueComparator<PropertyType, ComparatorMappingType>, @unchecked Sendable {
    public init(mappingTransform: @escaping (PropertyType.UnwrappedType) -> ComparatorMappingType) {
        super.init(name: "hasPrefix", mappingTransform: mappingTransform)
    }
}

/// The property's text ends with the value.
public final class HasSuffixComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: UnwrappedValueComparator<PropertyType, ComparatorMappingType>, @unchecked Sendable {
    public init(mappingTransform: @escaping (PropertyType.UnwrappedType) -> ComparatorMappingType) {
        super.init(name: "hasSuffix", mappingTransform: mappingTransform)
    }
}

/// `property < value`.
public final class LessThanComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: UnwrappedValueComparator<PropertyType, ComparatorMappingType>, @unchecked Sendable {
    public init(mappingTransform: @escaping (PropertyType.UnwrappedType) -> ComparatorMappingType) {
        super.init(name: "lessThan", mappingTransform: mappingTransform)
    }
}

/// `property <= value`.
public final class LessThanOrEqualToComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: UnwrappedValueComparator<PropertyType, ComparatorMappingType>, @unchecked Sendable {
    public init(mappingTransform: @escaping (PropertyType.UnwrappedType) -> ComparatorMappingType) {
        super.init(name: "lessThanOrEqualTo", mappingTransform: mappingTransform)
    }
}

/// `property > value`.
public final class GreaterThanComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: UnwrappedValueComparator<PropertyType, ComparatorMappingType>, @unchecked Sendable {
    public init(mappingTransform: @escaping (PropertyType.UnwrappedType) -> ComparatorMappingType) {
        super.init(name: "greaterThan", mappingTransform: mappingTransform)
    }
}

/// `property >= value`.
public final class GreaterThanOrEqualToComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: UnwrappedValueComparator<PropertyType, ComparatorMappingType>, @unchecked Sendable {
    public init(mappingTransform: @escaping (PropertyType.UnwrappedType) -> ComparatorMappingType) {
        super.init(name: "greaterThanOrEqualTo", mappingTransform: mappingTransform)
    }
}

/// The property lies between two values.
public final class IsBetweenComparator<PropertyType: _IntentValue & Sendable, ComparatorMappingType>: EntityQueryComparator<PropertyType, ComparatorMappingType>, @unchecked Sendable {
    let mappingTransform: (PropertyType.UnwrappedType, PropertyType.UnwrappedType) -> ComparatorMappingType
    public init(mappingTransform: @escaping (PropertyType.UnwrappedType, PropertyType.UnwrappedType) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
        super.init(name: "isBetween")
    }
}

/// A query that turns an input into values (iOS 26's `IntentValueQuery`).
///
/// Linux form: declared so that such code builds; the host does not call it.
public protocol IntentValueQuery: Sendable {
    /// What the query is given.
    associatedtype Input
    /// What it finds.
    associatedtype Result
    /// The values for `input`.
    func values(for input: Input) async throws -> Result
}
