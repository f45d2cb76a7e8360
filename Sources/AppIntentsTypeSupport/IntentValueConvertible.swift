import ExtensionProtocol
import Foundation

/// A value that can be expressed as an intent value: a parameter's argument, or what a test
/// passes on from one intent's result to another intent.
public protocol IntentValueExpressing: Sendable {}

/// A type the system uses as an App Intent's parameter or property value.
///
/// `String`, `Int`, `Double`, `Float`, `Bool`, `Date`, `URL`, and optionals and arrays of
/// them conform; so do `AppIntentsTesting`'s `AnyAppEntity` and `AnyAppEnum`. A type of a
/// test's own conforms through `IntentValueConvertibleWrapper`.
public protocol IntentValueConvertible: IntentValueExpressing {
    /// The value in the form it crosses to the app in.
    func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer

    /// Linux addition: the value a container holds, as this type.
    /// - Throws: `IntentValueConversionError` naming the value's path and both types, when the
    ///   container holds no value of this type. The default throws for every container.
    static func _converted(from container: IntentValueContainer) throws -> Self
}

extension IntentValueConvertible {
    public static func _converted(from container: IntentValueContainer) throws -> Self {
        throw IntentValueConversionError(path: container.path, expected: "\(Self.self)", found: container.kindDescription)
    }
}

/// A type that takes its conversion from the value it wraps, as a test's own
/// `struct NoteEntity: IntentValueConvertibleWrapper { var baseValue: AnyAppEntity }` does.
public protocol IntentValueConvertibleWrapper: IntentValueConvertible {
    associatedtype BaseValue: IntentValueConvertible
    var baseValue: BaseValue { get }
    init(baseValue: BaseValue)
}

extension IntentValueConvertibleWrapper {
    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer {
        baseValue.makeContainer(context: context)
    }

    public static func _converted(from container: IntentValueContainer) throws -> Self {
        Self(baseValue: try BaseValue._converted(from: container))
    }
}

/// Why a value could not be read as the type asked for: a typed read of a result, a property or
/// an item that holds another kind of value, or none.
public struct IntentValueConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the value was read (`result.value.title`).
    public let path: String
    /// The Swift type asked for.
    public let expected: String
    /// What the value is (`a string "Groceries"`, `nothing`).
    public let found: String

    public init(path: String, expected: String, found: String) {
        self.path = path
        self.expected = expected
        self.found = found
    }

    public var description: String { "\(path) is \(found), not a \(expected)." }
}
