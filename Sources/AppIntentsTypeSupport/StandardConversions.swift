import ExtensionProtocol
import Foundation

extension String: IntentValueConvertible {
    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer {
        IntentValueContainer(value: .string(self))
    }

    public static func _converted(from container: IntentValueContainer) throws -> String {
        guard case .string(let text) = container.value else { throw container.mismatch(String.self) }
        return text
    }
}

extension Int: IntentValueConvertible {
    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer {
        IntentValueContainer(value: .integer(self))
    }

    /// An integer, or a whole number that fits.
    public static func _converted(from container: IntentValueContainer) throws -> Int {
        switch container.value {
        case .integer(let number): return number
        case .double(let number) where number.rounded() == number && abs(number) < 9e15: return Int(number)
        default: throw container.mismatch(Int.self)
        }
    }
}

extension Double: IntentValueConvertible {
    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer {
        IntentValueContainer(value: .double(self))
    }

    public static func _converted(from container: IntentValueContainer) throws -> Double {
        switch container.value {
        case .double(let number): return number
        case .integer(let number): return Double(number)
        default: throw container.mismatch(Double.self)
        }
    }
}

extension Float: IntentValueConvertible {
    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer {
        IntentValueContainer(value: .double(Double(self)))
    }

    public static func _converted(from container: IntentValueContainer) throws -> Float {
        Float(try Double._converted(from: container))
    }
}

extension Bool: IntentValueConvertible {
    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer {
        IntentValueContainer(value: .boolean(self))
    }

    public static func _converted(from container: IntentValueContainer) throws -> Bool {
        guard case .boolean(let flag) = container.value else { throw container.mismatch(Bool.self) }
        return flag
    }
}

/// Dates cross as calendar fields to the minute, in the current calendar and time zone, as the
/// SDK carries them: a date read back has no seconds.
extension Date: IntentValueConvertible {
    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer {
        let fields = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: self)
        return IntentValueContainer(value: .dateComponents(DateComponentsValue(year: fields.year, month: fields.month, day: fields.day,
                                                                             hour: fields.hour, minute: fields.minute)))
    }

    public static func _converted(from container: IntentValueContainer) throws -> Date {
        guard case .dateComponents(let fields) = container.value, fields.year != nil || fields.hour != nil else {
            throw container.mismatch(Date.self)
        }
        var components = DateComponents()
        if fields.year == nil {
            let today = Calendar.current.dateComponents([.year, .month, .day], from: Date())
            (components.year, components.month, components.day) = (today.year, today.month, today.day)
        } else {
            (components.year, components.month, components.day) = (fields.year, fields.month, fields.day)
        }
        components.hour = fields.hour ?? 0
        components.minute = fields.minute ?? 0
        guard let date = Calendar.current.date(from: components) else { throw container.mismatch(Date.self) }
        return date
    }
}

extension URL: IntentValueConvertible {
    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer {
        IntentValueContainer(value: .url(absoluteString))
    }

    public static func _converted(from container: IntentValueContainer) throws -> URL {
        switch container.value {
        case .url(let text), .string(let text):
            if let url = URL(string: text), url.scheme != nil { return url }
        default: break
        }
        throw container.mismatch(URL.self)
    }
}

extension Optional: IntentValueExpressing where Wrapped: IntentValueExpressing {}

/// An optional reads nil where the value is absent, and the wrapped type where it is present.
extension Optional: IntentValueConvertible where Wrapped: IntentValueConvertible {
    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer {
        switch self {
        case .some(let value): value.makeContainer(context: context)
        case .none: IntentValueContainer(value: nil)
        }
    }

    public static func _converted(from container: IntentValueContainer) throws -> Wrapped? {
        guard container.value != nil else { return nil }
        return try Wrapped._converted(from: container)
    }
}

extension Array: IntentValueExpressing where Element: IntentValueExpressing {}

/// An array reads a list item by item, each as `Element`.
extension Array: IntentValueConvertible where Element: IntentValueConvertible {
    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer {
        let items = map { $0.makeContainer(context: context) }
        return IntentValueContainer(value: .list(items.compactMap(\.value)), type: items.first?.type.map { $0.asList })
    }

    public static func _converted(from container: IntentValueContainer) throws -> [Element] {
        guard case .list(let items) = container.value else { throw container.mismatch([Element].self) }
        return try items.indices.map { index in try Element._converted(from: container.item(index)) }
    }
}

extension IntentValueContainer {
    /// The error of a typed read that found another kind of value.
    package func mismatch(_ type: Any.Type) -> IntentValueConversionError {
        IntentValueConversionError(path: path, expected: "\(type)", found: kindDescription)
    }

    /// The list's item at `index` (nothing when there is none), typed as one item of the list.
    package func item(_ index: Int) -> IntentValueContainer {
        let items = value?.elements ?? []
        var itemType = type
        itemType?.isList = false
        itemType?.isOptional = false
        return IntentValueContainer(value: items.indices.contains(index) ? items[index] : nil, type: itemType, types: types,
                                    path: "\(path)[\(index)]")
    }
}

extension AppValueTypeSchema {
    package var asList: AppValueTypeSchema {
        var list = self
        list.isList = true
        return list
    }
}
