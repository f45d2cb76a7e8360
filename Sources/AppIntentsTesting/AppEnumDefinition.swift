import ExtensionProtocol
import AppIntentsTypeSupport

/// An App Enum type of the app under test.
public struct AppEnumDefinition: AppIntentTypeDefinition, Equatable, Sendable {
    public typealias Instance = AnyAppEnum

    /// The enum type's name (`ArchiveReason`).
    public let typeIdentifier: String
    public let bundleIdentifier: String

    /// The case whose raw value is `rawValue`: `makeCase("red")` is `Color.red`. Checked when used.
    public func makeCase(_ rawValue: String) -> AnyAppEnum {
        AnyAppEnum(typeIdentifier: typeIdentifier, rawValue: rawValue)
    }

    /// Throws unless `value` is a case of this type.
    public func isInstance(_ value: AnyAppEnum) throws {
        guard value.typeIdentifier == typeIdentifier else {
            throw HostUnderTestError(.badValue, "The case \"\(value.rawValue)\" is a \(value.typeIdentifier.isEmpty ? "case of an unknown enum" : value.typeIdentifier), not a \(typeIdentifier).")
        }
    }
}

/// A case of an App Enum, by its raw value. A result's enum value reads back as one.
public struct AnyAppEnum: CustomStringConvertible, Equatable, Sendable, IntentValueConvertible {
    public var typeIdentifier: String
    public var rawValue: String

    public init(typeIdentifier: String, rawValue: String) {
        self.typeIdentifier = typeIdentifier
        self.rawValue = rawValue
    }

    public init(typeIdentifier: String, value: any LosslessStringConvertible) {
        self.init(typeIdentifier: typeIdentifier, rawValue: value.description)
    }

    /// The raw value as `T`: a `String`, a type made from its description (`Int`), or a
    /// `RawRepresentable` with such a raw value (the test's own copy of the enum).
    /// - Throws: `IntentValueConversionError` when the raw value makes no `T`.
    public func `as`<T>(_ type: T.Type) throws -> T {
        if let made = rawValue as? T { return made }
        if let convertible = T.self as? any LosslessStringConvertible.Type, let made = convertible.init(rawValue) as? T { return made }
        if let representable = T.self as? any RawRepresentable.Type, let made = Self.make(representable, from: rawValue) as? T { return made }
        throw IntentValueConversionError(path: description, expected: "\(T.self)", found: "the raw value \"\(rawValue)\"")
    }

    private static func make<Made: RawRepresentable>(_ type: Made.Type, from raw: String) -> Made? {
        if let value = raw as? Made.RawValue { return Made(rawValue: value) }
        if let convertible = Made.RawValue.self as? any LosslessStringConvertible.Type, let value = convertible.init(raw) as? Made.RawValue {
            return Made(rawValue: value)
        }
        return nil
    }

    public var description: String { typeIdentifier.isEmpty ? rawValue : "\(typeIdentifier).\(rawValue)" }

    public func makeContainer(context: IntentValueContainer.ConversionContext) -> IntentValueContainer {
        IntentValueContainer(value: .enumeration(EnumerationValue(rawValue: 0, name: rawValue)),
                             type: AppValueTypeSchema(kind: .enumeration, typeName: typeIdentifier))
    }

    public static func _converted(from container: IntentValueContainer) throws -> AnyAppEnum {
        let typeName = container.type?.kind == .enumeration ? container.type?.typeName.map(AppCatalog.shortName) ?? "" : ""
        switch container.value {
        case .enumeration(let item): return AnyAppEnum(typeIdentifier: typeName, rawValue: item.name)
        case .string(let raw) where container.type?.kind == .enumeration: return AnyAppEnum(typeIdentifier: typeName, rawValue: raw)
        default: throw container.mismatch(AnyAppEnum.self)
        }
    }
}
