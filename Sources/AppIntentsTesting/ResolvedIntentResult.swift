import ExtensionProtocol
import AppIntentsTypeSupport
import Foundation

/// What a run's `perform()` returned: its value, read as `result.value`.
///
///     let title: String = try result.value.title
///     let note = try result.value.as(defs.entities["NoteEntity"])
///
/// Dialogs and snippets are not exposed, as on Apple's systems.
@dynamicMemberLookup
public struct ResolvedIntentResult: Equatable, Sendable {
    /// The only key path: `value`.
    public struct ValueKeyPath {
        public let value: Never
    }

    let container: IntentValueContainer
    let bundleIdentifier: String

    package init(container: IntentValueContainer, bundleIdentifier: String) {
        self.container = container
        self.bundleIdentifier = bundleIdentifier
    }

    /// The value as `T`. Throws on a type mismatch (a value of another type, or none).
    public subscript<T>(dynamicMember keyPath: KeyPath<ResolvedIntentResult.ValueKeyPath, Never>) -> T where T: IntentValueConvertible {
        get throws { try T._converted(from: container) }
    }

    /// The value, for nested reads: `try result.value.title`.
    public subscript(dynamicMember keyPath: KeyPath<ResolvedIntentResult.ValueKeyPath, Never>) -> DynamicPropertyPath {
        DynamicPropertyPath(container)
    }

    /// The value, for a nil check or to pass into another intent; nil when it returned none.
    public subscript(dynamicMember keyPath: KeyPath<ResolvedIntentResult.ValueKeyPath, Never>) -> (any IntentValueExpressing)? {
        ValueMaterializing.value(of: container)
    }

    public static func == (lhs: ResolvedIntentResult, rhs: ResolvedIntentResult) -> Bool {
        lhs.container.value == rhs.container.value && lhs.bundleIdentifier == rhs.bundleIdentifier
    }
}

/// A value inside a result, an entity or a list, read by property names and indexes; every
/// typed read throws on a type mismatch, naming the path it read.
@dynamicMemberLookup
public struct DynamicPropertyPath: Sendable {
    let container: IntentValueContainer

    init(_ container: IntentValueContainer) {
        self.container = container
    }

    /// The value as `T`.
    public func `as`<T>(_ type: T.Type) throws -> T where T: IntentValueConvertible {
        try T._converted(from: container)
    }

    /// The value as an instance of a definition's type: `try result.value.as(defs.entities["NoteEntity"])`.
    public func `as`<IntentType>(_ type: IntentType) throws -> IntentType.Instance where IntentType: AppIntentTypeDefinition {
        let instance = try IntentType.Instance._converted(from: container)
        try type.isInstance(instance)
        return instance
    }

    /// The value as `T`. Linux: values are never deferred, so nothing more is fetched.
    public func get<T>(as type: T.Type = T.self) async throws -> T where T: IntentValueConvertible {
        try T._converted(from: container)
    }

    /// A list's item as `T`.
    public subscript<T>(index: Int) -> T where T: IntentValueConvertible {
        get throws { try T._converted(from: container.item(index)) }
    }

    public subscript(index: Int) -> DynamicPropertyPath {
        DynamicPropertyPath(container.item(index))
    }

    public subscript(index: Int) -> (any IntentValueExpressing)? {
        ValueMaterializing.value(of: container.item(index))
    }

    /// An entity's property as `T`.
    public subscript<T>(dynamicMember identifier: String) -> T where T: IntentValueConvertible {
        get throws { try T._converted(from: container.property(identifier)) }
    }

    public subscript(dynamicMember identifier: String) -> DynamicPropertyPath {
        DynamicPropertyPath(container.property(identifier))
    }

    public subscript(dynamicMember identifier: String) -> (any IntentValueExpressing)? {
        ValueMaterializing.value(of: container.property(identifier))
    }
}

/// Items a query returned, read by index as `DynamicPropertyPath` reads a list. Not a Swift `Collection`.
public struct DynamicPropertyPathCollection: Sendable {
    let items: [IntentValueContainer]

    public var count: Int { items.count }
    public var isEmpty: Bool { items.isEmpty }

    public subscript<T>(index: Int) -> T where T: IntentValueConvertible {
        get throws { try T._converted(from: item(index)) }
    }

    public subscript(index: Int) -> DynamicPropertyPath {
        DynamicPropertyPath(item(index))
    }

    public subscript(index: Int) -> (any IntentValueExpressing)? {
        ValueMaterializing.value(of: item(index))
    }

    private func item(_ index: Int) -> IntentValueContainer {
        items.indices.contains(index) ? items[index] : IntentValueContainer(value: nil, path: "items[\(index)]")
    }
}

extension IntentValueContainer {
    /// An entity's property, typed by the entity's metadata; nothing (with a path naming it)
    /// when the value is no entity or has no such property.
    func property(_ name: String) -> IntentValueContainer {
        let path = "\(self.path).\(name)"
        guard case .object(let object) = value, let value = object.properties[name] else {
            return IntentValueContainer(value: nil, types: types, path: path)
        }
        let entity = type?.typeName.flatMap { types.entities[$0] }
        return IntentValueContainer(value: value, type: entity?.properties.first { $0.name == name }?.type, types: types, path: path)
    }
}

/// Turns a container into the Swift value a test compares or passes on: a string, a number, a
/// Bool, a date, a URL, an `AnyAppEntity`, an `AnyAppEnum`, or an array of one of them.
enum ValueMaterializing {
    static func value(of container: IntentValueContainer) -> (any IntentValueExpressing)? {
        guard let value = container.value else { return nil }
        switch value {
        case .string(let text): return text
        case .integer(let number): return number
        case .double(let number): return number
        case .boolean(let flag): return flag
        // A value no Swift type here reads (a URL with no scheme, a date with no year or time,
        // a mixed list) is passed on as it came, never dropped.
        case .url: return (try? URL._converted(from: container)) ?? WireValue(container: container)
        case .dateComponents: return (try? Date._converted(from: container)) ?? WireValue(container: container)
        case .object: return (try? AnyAppEntity._converted(from: container)) ?? WireValue(container: container)
        case .enumeration: return (try? AnyAppEnum._converted(from: container)) ?? WireValue(container: container)
        case .list(let items):
            let elements = items.indices.map { container.item($0) }
            let typed: (any IntentValueExpressing)? = switch items.first {
            case .object?: try? elements.map(AnyAppEntity._converted(from:))
            case .enumeration?: try? elements.map(AnyAppEnum._converted(from:))
            case .string?: try? elements.map(String._converted(from:))
            case .integer?: try? elements.map(Int._converted(from:))
            case .double?: try? elements.map(Double._converted(from:))
            case .boolean?: try? elements.map(Bool._converted(from:))
            default: nil
            }
            return typed ?? WireValue(container: container)
        case .person, .placemark:
            return WireValue(container: container)
        }
    }
}

/// A value with no Swift type of its own here (a person, a place, a mixed list): passed on as it came.
package struct WireValue: IntentValueConvertible, CustomStringConvertible {
    let container: IntentValueContainer

    package init(container: IntentValueContainer) {
        self.container = container
    }

    package func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer { container }

    package static func _converted(from container: IntentValueContainer) throws -> WireValue { WireValue(container: container) }

    package var description: String { container.kindDescription }
}
