import ExtensionProtocol
import AppIntentsTypeSupport

/// An `IntentValueQuery` of the app under test.
public struct IntentValueQueryDefinition: Equatable, Sendable {
    public let queryIdentifier: String
    public let bundleIdentifier: String

    /// Linux: always throws `notAvailableOnLinux`; the host does not run `IntentValueQuery` types.
    public func values(for input: some IntentValueConvertible) async throws -> ResolvedValueQueryResult {
        throw HostUnderTestError(.notAvailableOnLinux, "values(for:) is not available on Linux: the intents host does not run IntentValueQuery types such as \(queryIdentifier).")
    }
}

/// What a value query found.
public struct ResolvedValueQueryResult: Sendable {
    public let items: DynamicPropertyPathCollection
}
