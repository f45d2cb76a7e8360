import IntentsClient
import MCP
import SiriKitDomains

/// The tools the MCP bridge lists, made from the host's catalog: one per installed intent
/// (App Intents and SiriKit intents), except App Intents that are not discoverable and the
/// apps the user hid, each with what a tool call needs to run it.
public struct AgentToolSet: Sendable {
    /// What a tool runs.
    public struct Target: Hashable, Sendable {
        public var appBundle: String
        public var appName: String
        public var extensionBundle: String
        public var intent: String
        /// The App Intent's schema; nil for a SiriKit intent.
        public var appIntent: AppIntentSchema?
    }

    /// An entity type of an app, whose query suggests entities for the type's parameters.
    public struct EntityType: Hashable, Sendable {
        public var appBundle: String
        public var typeName: String
    }

    public private(set) var tools: [Tool] = []
    public private(set) var targets: [String: Target] = [:]
    /// The catalog's generation the tools were made from.
    public private(set) var generation: Int

    /// The entity types the listed App Intents take as parameters.
    public var entityTypes: Set<EntityType> {
        Set(targets.values.flatMap { target in
            (target.appIntent?.parameters ?? []).compactMap { parameter in
                parameter.kind == .entity ? parameter.typeName.map { EntityType(appBundle: target.appBundle, typeName: $0) } : nil
            }
        })
    }

    /// - Parameters:
    ///   - hidden: apps (display names or bundle identifiers) whose intents are not listed.
    ///   - suggestions: entities the apps' queries suggest, by type, listed as examples in the
    ///     schemas of the parameters that take them.
    public init(catalog: CatalogSnapshot, hidden: Set<String> = [], suggestions: [EntityType: [String]] = [:]) {
        generation = catalog.generation
        var found: [(AgentToolNames.Key, Target, CatalogExtension, CatalogSiriKitIntent?)] = []
        for app in catalog.apps where !hidden.contains(app.displayName) && !hidden.contains(app.bundleIdentifier) {
            for bundle in app.extensions {
                for intent in bundle.siriKitIntents {
                    let target = Target(appBundle: app.bundleIdentifier, appName: app.displayName, extensionBundle: bundle.bundleIdentifier,
                                        intent: intent.name, appIntent: nil)
                    found.append((Self.key(of: target), target, bundle, intent))
                }
                for intent in bundle.appIntents where intent.isDiscoverable && intent.unavailableReason == nil {
                    let target = Target(appBundle: app.bundleIdentifier, appName: app.displayName, extensionBundle: bundle.bundleIdentifier,
                                        intent: intent.name, appIntent: intent)
                    found.append((Self.key(of: target), target, bundle, nil))
                }
            }
        }
        let names = AgentToolNames.names(for: found.map(\.0))
        for (key, target, bundle, siriKit) in found {
            guard let name = names[key] else { continue }
            targets[name] = target
            if let schema = target.appIntent {
                tools.append(AgentToolSchemas.tool(named: name, appIntent: schema, of: target, in: bundle) {
                    suggestions[EntityType(appBundle: target.appBundle, typeName: $0)] ?? []
                })
            } else if let siriKit {
                tools.append(AgentToolSchemas.tool(named: name, siriKit: siriKit, of: target))
            }
        }
        tools.sort { $0.name < $1.name }
    }

    private static func key(of target: Target) -> AgentToolNames.Key {
        AgentToolNames.Key(appBundle: target.appBundle, appName: target.appName, extensionBundle: target.extensionBundle, intent: target.intent)
    }
}
