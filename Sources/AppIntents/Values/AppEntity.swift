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

// `EntityIdentifierConvertible` and its String, Int and UUID conformances are in
// AppIntentsTypeSupport, which this module exports, as Apple's AppIntents does.
