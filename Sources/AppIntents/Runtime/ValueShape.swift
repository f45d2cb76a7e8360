import ExtensionProtocol

/// What a parameter's Swift type is on the wire: its kind, whether it is optional or a list,
/// and the entity or enum type it holds.
struct ValueShape {
    var kind: AppValueKind
    /// The entity or enum type, module-qualified.
    var typeName: String?
    var isOptional = false
    var isList = false
    /// The type of one item, without optional or array.
    var item: Any.Type

    /// The shape of `type`; nil for a type App Intents cannot carry.
    static func of(_ type: Any.Type) -> ValueShape? {
        if let optional = type as? any OptionalValue.Type {
            guard var shape = of(optional.wrappedType), !shape.isOptional else { return nil }
            shape.isOptional = true
            return shape
        }
        if let list = type as? any ListValue.Type {
            guard var shape = of(list.elementType), !shape.isOptional, !shape.isList else { return nil }
            shape.isList = true
            return shape
        }
        switch type {
        case is String.Type: return ValueShape(kind: .string, item: type)
        case is Int.Type: return ValueShape(kind: .integer, item: type)
        case is Double.Type: return ValueShape(kind: .double, item: type)
        case is Bool.Type: return ValueShape(kind: .boolean, item: type)
        case is Date.Type: return ValueShape(kind: .date, item: type)
        case is URL.Type: return ValueShape(kind: .url, item: type)
        case is any AppEntity.Type: return ValueShape(kind: .entity, typeName: _typeName(type, qualified: true), item: type)
        case is any AppEnum.Type: return ValueShape(kind: .enumeration, typeName: _typeName(type, qualified: true), item: type)
        default: return nil
        }
    }

    /// What a parameter of `type` that has no value reads as: nil for an optional, an empty
    /// array for a list; nil (no such value) for the other types.
    static func emptyValue(of type: Any.Type) -> Any? {
        if let optional = type as? any OptionalValue.Type { return optional.noValue }
        if let list = type as? any ListValue.Type { return list.empty }
        return nil
    }
}

/// `Optional`, seen without knowing its wrapped type.
protocol OptionalValue {
    static var wrappedType: Any.Type { get }
    static var noValue: Any { get }
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    static var noValue: Any {
        let nothing: Wrapped? = nil
        return nothing as Any
    }
    var wrapped: Any? { map { $0 as Any } }
}

/// `Array`, seen without knowing its element type.
protocol ListValue {
    static var elementType: Any.Type { get }
    static var empty: Any { get }
    var items: [Any] { get }
    /// An array of the elements, or nil when one is not of the element type.
    static func make(_ items: [Any]) -> Any?
}

extension Array: ListValue {
    static var elementType: Any.Type { Element.self }
    static var empty: Any { [Element]() }
    var items: [Any] { map { $0 as Any } }

    static func make(_ items: [Any]) -> Any? {
        let typed = items.compactMap { $0 as? Element }
        return typed.count == items.count ? typed : nil
    }
}
