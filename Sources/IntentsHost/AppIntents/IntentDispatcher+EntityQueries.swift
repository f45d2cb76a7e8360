import ExtensionProtocol
import HostBundles
import HostPolicy
import Logging

extension IntentDispatcher {
    /// How many entities one query returns at most; the rest are dropped.
    public static let maximumQueriedEntities = 1000

    /// Runs an App Entity's query (suggested entities, entities matching a string, or entities by
    /// identifier) in the sandboxed extension that declares the entity, through the policy gate
    /// (as an entity query outside a conversation: only while unlocked).
    /// - Parameters:
    ///   - entity: the entity's type name, as its extension's metadata names it.
    ///   - app: the app (bundle identifier or name) whose extension declares it; needed only
    ///     when several installed extensions declare an entity of that name.
    /// - Returns: at most `maximumQueriedEntities` values, each an `.object` with an identifier.
    /// - Throws: `HostError`: `.noExtension` when no extension (or several) declares the entity,
    ///   `.usage` for a string query of an entity without `EntityStringQuery`,
    ///   `.refusedByPolicy`, `.extensionFailed`, `.requestTimedOut`.
    public func queryEntities(_ entity: String, app: String? = nil, request: EntityQueryRequest,
                              source: InvocationSource = .direct) async throws -> [IntentValue] {
        let catalog = self.catalog
        let apps = try app.map { [try catalog.app(named: $0)] } ?? catalog.apps
        var declaring: [(app: AppBundle, bundle: ExtensionBundle)] = []
        for owner in apps {
            for bundle in owner.extensions where !bundle.appIntents.isEmpty {
                if (try? cachedAppIntentsMetadata(of: bundle))??.entity(typeName: entity) != nil { declaring.append((owner, bundle)) }
            }
        }
        guard let (owner, bundle) = declaring.first else {
            throw HostError(.noExtension, "No installed extension\(app.map { " of \($0)" } ?? "") declares the App Entity \(entity.quotedForDisplay) (in the App Intents it described).")
        }
        guard declaring.count == 1 else {
            throw HostError(.noExtension, "Several extensions declare the App Entity \(entity.quotedForDisplay) (\(declaring.map(\.bundle.bundleIdentifier).joined(separator: ", "))); name the app.")
        }
        var logger = self.logger
        logger[metadataKey: "bundle"] = "\(bundle.bundleIdentifier)"
        let consent = try await agentConsentOffThePool(of: owner.bundleIdentifier, for: source)
        // Judged by the metadata of the very bytes the process will run, as an App Intent is.
        _ = try clear(.entityQuery(entity, of: bundle), app: owner, from: source, library: { nil }, logger: logger, authorization: consent)
        let described = try await runnableAppIntents(of: bundle, logger: logger)
        guard let schema = described.metadata.entity(typeName: entity) else {
            throw HostError(.noExtension, "\(bundle.bundleIdentifier) no longer declares the App Entity \(entity.quotedForDisplay).")
        }
        if case .matching = request, !schema.matchesStrings {
            throw HostError(.usage, "The App Entity \(entity.quotedForDisplay) of \(bundle.bundleIdentifier) has no EntityStringQuery; it cannot be matched by text.")
        }
        if case .all = request, !schema.isEnumerable {
            throw HostError(.usage, "The App Entity \(entity.quotedForDisplay) of \(bundle.bundleIdentifier) has no EnumerableEntityQuery; it has no list of all its entities.")
        }
        let clearance = try clear(.entityQuery(entity, of: bundle), app: owner, from: source, library: { described.library }, logger: logger,
                                  authorization: consent)
        let timeout = configuration.stepTimeout
        return try await supervisor.withChannel(cleared: clearance) { channel in
            let reply = try await channel.request(.queryEntities(requestID: RequestIDs.next(), entity: entity, request: request),
                                                  timeout: timeout)
            switch reply {
            case .entities(_, let found):
                return Array(found.prefix(Self.maximumQueriedEntities)).filter { value in
                    guard case .object(let object) = value, let identifier = object.identifier else { return false }
                    return !identifier.isEmpty
                }
            case .failed(_, let failure):
                throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) could not answer the \(entity) query: \(failure.message)")
            default:
                throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) answered a query with an unexpected \(reply.kindName) message.")
            }
        }
    }
}
