import Foundation

/// An entity identifier that converts to and from a string, the form it crosses the boundary in.
/// `String`, `Int` and `UUID` conform.
public protocol EntityIdentifierConvertible {
    /// The identifier as a string (at most 4096 characters).
    var entityIdentifierString: String { get }
    /// The identifier a string stands for; nil when it stands for none.
    static func entityIdentifier(for entityIdentifierString: String) -> Self?
}

/// A string identifier crosses as it is.
extension String: EntityIdentifierConvertible {
    public var entityIdentifierString: String { self }
    public static func entityIdentifier(for entityIdentifierString: String) -> String? { entityIdentifierString }
}

/// An integer identifier crosses as its decimal text.
extension Int: EntityIdentifierConvertible {
    public var entityIdentifierString: String { String(self) }
    public static func entityIdentifier(for entityIdentifierString: String) -> Int? { Int(entityIdentifierString) }
}

/// A UUID identifier crosses as its uppercase text; lowercase text is read back too.
extension UUID: EntityIdentifierConvertible {
    public var entityIdentifierString: String { uuidString }
    public static func entityIdentifier(for entityIdentifierString: String) -> UUID? { UUID(uuidString: entityIdentifierString) }
}

/// The type of an entity, as the system names it: the app's bundle identifier and the type's name.
public struct AttributedTypeIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The app (bundle identifier) that declares the type.
    public var bundleIdentifier: String
    /// The type's name (`NoteEntity`).
    public var typeIdentifier: String

    public init(bundleIdentifier: String, typeIdentifier: String) {
        self.bundleIdentifier = bundleIdentifier
        self.typeIdentifier = typeIdentifier
    }

    public var description: String { "\(bundleIdentifier)/\(typeIdentifier)" }
}

/// An entity's identity: its type and its identifier within the type.
public struct AttributedEntityIdentifier: Hashable, Sendable, CustomStringConvertible {
    public var entityType: AttributedTypeIdentifier
    /// The entity's identifier (its `id`, as a string).
    public var instanceIdentifier: String

    public init(entityType: AttributedTypeIdentifier, instanceIdentifier: String) {
        self.entityType = entityType
        self.instanceIdentifier = instanceIdentifier
    }

    public var description: String { "\(entityType)#\(instanceIdentifier)" }
}
