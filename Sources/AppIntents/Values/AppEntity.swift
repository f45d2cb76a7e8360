/// A value of your app's own kind (a session, a playlist) that intents take and return, found
/// by the system through its `defaultQuery`.
///
/// Implement either `typeDisplayRepresentation` or the older `typeDisplayName`: each defaults
/// to the other.
public protocol AppEntity: _IntentValue, Identifiable, Sendable where ID: EntityIdentifierConvertible & Sendable {
    /// The query type of `defaultQuery`; conform it to `EntityStringQuery` to let the user name an
    /// entity in their own words, or to `EnumerableEntityQuery` for a short fixed list.
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self

    /// The type's name, as the user reads it.
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// The type's name; superseded by `typeDisplayRepresentation`.
    static var typeDisplayName: LocalizedStringResource { get }
    /// How this value is shown.
    var displayRepresentation: DisplayRepresentation { get }
    /// The query the system uses to find values of this type.
    static var defaultQuery: DefaultQuery { get }
}

extension AppEntity {
    public static var typeDisplayRepresentation: TypeDisplayRepresentation {
        TypeDisplayRepresentation(name: typeDisplayName)
    }

    public static var typeDisplayName: LocalizedStringResource {
        typeDisplayRepresentation.name
    }
}

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
