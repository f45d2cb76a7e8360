import ExtensionProtocol
import SystemStore

/// One App Shortcut of an installed app, with what it runs.
public struct InstalledAppShortcut: Sendable {
    public var app: AppBundle
    public var bundle: ExtensionBundle
    public var intent: AppIntentSchema
    public var shortcut: AppShortcutSchema
    /// Its place among the app's App Shortcuts, from 0: the order of display.
    public var position: Int

    public init(app: AppBundle, bundle: ExtensionBundle, intent: AppIntentSchema, shortcut: AppShortcutSchema, position: Int) {
        self.app = app
        self.bundle = bundle
        self.intent = intent
        self.shortcut = shortcut
        self.position = position
    }

    /// Whether `intents say` uses it: it is among its app's first `AppShortcutsSnapshot.maximumPerApp`.
    public var isUsed: Bool { position < AppShortcutsSnapshot.maximumPerApp }

    /// The phrases `intents say` holds: the usable ones of a shortcut it uses, else none.
    public var usedPhrases: [String] {
        isUsed ? shortcut.phrases.filter { AppShortcutsSnapshot.isUsable($0, of: intent) } : []
    }

    /// The primary (first) phrase, as the user reads it, with the app's name.
    public var primaryPhrase: String {
        AppShortcutPhrase.display(shortcut.phrases.first ?? "", appName: app.displayName,
                                  titles: Dictionary(intent.parameters.map { ($0.name, $0.title) }, uniquingKeysWith: { a, _ in a }))
    }
}

/// Every installed app's App Shortcuts, and the parameter values their phrases expand with.
public struct AppShortcutsSnapshot: Sendable {
    /// App by app, each app's in source order.
    public var shortcuts: [InstalledAppShortcut] = []
    /// Extension bundle identifier to the values its entity queries suggested, once its app
    /// called `updateAppShortcutParameters()`.
    public var parameterValues: [String: AppShortcutParameterValues] = [:]
    /// Metadata by extension bundle identifier.
    public var metadata: [String: AppIntentsMetadata] = [:]
    /// Extensions whose App Intents could not be had, each in one sentence.
    public var problems: [String] = []

    public init() {}

    /// This snapshot with the apps of `others` it does not have: their shortcuts, values and
    /// metadata (an app in both is taken from this one).
    public func adding(_ others: AppShortcutsSnapshot) -> AppShortcutsSnapshot {
        let apps = Set(shortcuts.map(\.app.bundleIdentifier))
        let extensions = Set(shortcuts.map(\.bundle.bundleIdentifier)).union(metadata.keys)
        var combined = self
        combined.shortcuts += others.shortcuts.filter { !apps.contains($0.app.bundleIdentifier) }
        combined.parameterValues.merge(others.parameterValues.filter { !extensions.contains($0.key) }) { mine, _ in mine }
        combined.metadata.merge(others.metadata.filter { !extensions.contains($0.key) }) { mine, _ in mine }
        return combined
    }

    /// At most this many App Shortcuts per app are used, as on Apple's systems.
    public static let maximumPerApp = 10

    /// The values a phrase's parameter can take: an entity's suggested entities, or every case
    /// of an enum; none for an entity before its app asked for its parameters to be updated.
    public func values(of parameter: AppParameterSchema, in bundle: ExtensionBundle) -> [IntentValue] {
        switch parameter.kind {
        case .entity:
            return parameterValues[bundle.bundleIdentifier]?.entities[parameter.typeName ?? ""] ?? []
        case .enumeration:
            return metadata[bundle.bundleIdentifier]?.enumeration(typeName: parameter.typeName ?? "")?.values ?? []
        default:
            return []
        }
    }

    /// The value a phrase caught, by the identifier the phrase index holds.
    public func value(identifier: String, of parameter: AppParameterSchema, in bundle: ExtensionBundle) -> IntentValue? {
        values(of: parameter, in: bundle).first { $0.slotIdentifier == identifier }
    }

    /// The App Shortcuts `metadata` declares whose intent it describes, in source order,
    /// numbered within their app from `position`, which is left after the last.
    static func shortcuts(of metadata: AppIntentsMetadata, bundle: ExtensionBundle, app: AppBundle,
                          position: inout Int) -> [InstalledAppShortcut] {
        metadata.shortcuts.compactMap { shortcut in
            guard let intent = metadata.intent(typeName: shortcut.intent) else { return nil }
            defer { position += 1 }
            return InstalledAppShortcut(app: app, bundle: bundle, intent: intent, shortcut: shortcut, position: position)
        }
    }

    /// Whether the phrase can be used: it says the app's name and names at most one parameter,
    /// an entity or an enum (`intents validate` reports the others).
    public static func isUsable(_ phrase: String, of intent: AppIntentSchema) -> Bool {
        let tokens = AppShortcutPhrase.tokens(phrase)
        let parameters = AppShortcutPhrase.parameters(phrase)
        guard tokens.filter({ $0 == .applicationName }).count == 1, parameters.count <= 1 else { return false }
        return parameters.allSatisfy { name in
            let kind = intent.parameter(named: name)?.kind
            return kind == .entity || kind == .enumeration
        }
    }
}

extension AppEnumSchema {
    /// The cases as wire values, in declaration order: the raw value as the name, the title
    /// as the display, the position as the raw number.
    var values: [IntentValue] {
        cases.enumerated().map { .enumeration(EnumerationValue(rawValue: $0.offset, name: $0.element.identifier, display: $0.element.title)) }
    }
}

extension IntentValue {
    /// What identifies an entity or enum value in a phrase slot: its identifier or raw value.
    var slotIdentifier: String? {
        switch self {
        case .object(let object): object.identifier
        case .enumeration(let value): value.name
        default: nil
        }
    }
}

extension IntentDispatcher {
    /// The App Shortcuts of every installed app. Metadata comes from the cache or is described
    /// once; an app that called `updateAppShortcutParameters()` since its values were gathered
    /// has its extension's entity queries asked again (`suggestedEntities()`), in its sandbox.
    /// An extension that fails is reported in `problems`; the others are listed.
    public func appShortcuts() async -> AppShortcutsSnapshot {
        var snapshot = AppShortcutsSnapshot()
        let catalog = self.catalog
        for app in catalog.apps {
            var position = 0
            for bundle in app.extensions where !bundle.appIntents.isEmpty {
                let metadata: AppIntentsMetadata
                do {
                    metadata = try await appIntentsMetadata(of: bundle)
                } catch let error as HostError {
                    snapshot.problems.append(error.message)
                    continue
                } catch {
                    snapshot.problems.append("\(bundle.bundleIdentifier): \(error)")
                    continue
                }
                snapshot.metadata[bundle.bundleIdentifier] = metadata
                snapshot.shortcuts += AppShortcutsSnapshot.shortcuts(of: metadata, bundle: bundle, app: app, position: &position)
                do {
                    if let values = try await refreshedParameterValues(of: bundle, in: app, metadata: metadata) {
                        snapshot.parameterValues[bundle.bundleIdentifier] = values
                    }
                } catch let error as HostError {
                    snapshot.problems.append(error.message)
                } catch {
                    snapshot.problems.append("\(bundle.bundleIdentifier): \(error)")
                }
            }
        }
        return snapshot
    }

    /// The entity values of `bundle`'s phrases: the stored ones while they answer the app's
    /// latest request, else asked of its queries now and stored; nil before any request.
    private func refreshedParameterValues(of bundle: ExtensionBundle, in app: AppBundle,
                                          metadata: AppIntentsMetadata) async throws -> AppShortcutParameterValues? {
        let entityTypes = Self.phraseEntityTypes(metadata)
        guard !entityTypes.isEmpty else { return nil }
        let store = try openSystemStore()
        let generation = try storeCall { try store.appShortcutParameterGeneration(app: app.bundleIdentifier) }
        guard generation > 0 else { return nil }
        let hash = try libraryHash(of: bundle, store: store)
        if let stored = try storeCall({ try store.appShortcutParameters(extension: bundle.bundleIdentifier) }),
           stored.generation == generation, stored.libraryHash == hash {
            return stored
        }
        // Asking the queries runs the extension: the gate decides first (only while unlocked);
        // until then the values last gathered are used.
        var clearances: [(type: String, clearance: PolicyClearance)] = []
        do {
            for type in entityTypes {
                clearances.append((type, try clear(.entityQuery(type, of: bundle), app: app, from: .direct)))
            }
        } catch let error as HostError where error.code == .refusedByPolicy {
            return try storeCall { try store.appShortcutParameters(extension: bundle.bundleIdentifier) }
        }
        let key = "\(bundle.bundleIdentifier)|\(bundle.libraryIdentity)|\(generation)|query"
        let entities = try await rememberingFailure(key, for: Self.failureMemory) {
            try await suggestedEntities(clearances, of: bundle)
        }
        let values = AppShortcutParameterValues(libraryHash: clearances.first?.clearance.library?.hash ?? hash, generation: generation,
                                                entities: entities)
        try storeCall { try store.saveAppShortcutParameters(values, extension: bundle.bundleIdentifier) }
        logger.info("gathered App Shortcut parameters", metadata: ["bundle": "\(bundle.bundleIdentifier)", "generation": "\(generation)"])
        return values
    }

    /// The suggested entities of each type, asked of the extension within one step timeout for
    /// all of them: an extension cannot multiply the wait by declaring many entity types.
    private func suggestedEntities(_ clearances: [(type: String, clearance: PolicyClearance)],
                                   of bundle: ExtensionBundle) async throws -> [String: [IntentValue]] {
        let budget = configuration.stepTimeout
        let started = ContinuousClock.now
        var entities: [String: [IntentValue]] = [:]
        for (type, clearance) in clearances {
            let timeout = budget - (ContinuousClock.now - started)
            guard timeout > .zero else {
                throw HostError(.requestTimedOut, "\(bundle.bundleIdentifier) did not suggest its App Shortcut values within \(budget) (requestTimedOut).")
            }
            entities[type] = try await supervisor.withChannel(cleared: clearance) { channel in
                let reply = try await channel.request(.queryEntities(requestID: RequestIDs.next(), entity: type, request: .suggested),
                                                      timeout: timeout)
                switch reply {
                case .entities(_, let found):
                    return found.prefix(Self.maximumPhraseValues).filter { value in
                        guard case .object(let object) = value, let identifier = object.identifier else { return false }
                        return !identifier.isEmpty && identifier.utf8.count <= 256 && !object.display.isEmpty
                            && object.display.utf8.count <= AppIntentsMetadataCheck.maximumText * 4
                    }
                case .failed(_, let failure):
                    throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) could not suggest \(type) values for its App Shortcuts: \(failure.message)")
                default:
                    throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) answered a query with an unexpected \(reply.kindName) message.")
                }
            }
        }
        return entities
    }

    /// How many values of one entity a phrase expands with, at most.
    static let maximumPhraseValues = 1000

    /// The entity types that usable phrases name.
    static func phraseEntityTypes(_ metadata: AppIntentsMetadata) -> [String] {
        var types: [String] = []
        for shortcut in metadata.shortcuts {
            guard let intent = metadata.intent(typeName: shortcut.intent) else { continue }
            for phrase in shortcut.phrases where AppShortcutsSnapshot.isUsable(phrase, of: intent) {
                for name in AppShortcutPhrase.parameters(phrase) {
                    if let parameter = intent.parameter(named: name), parameter.kind == .entity, let type = parameter.typeName,
                       !types.contains(type) {
                        types.append(type)
                    }
                }
            }
        }
        return types
    }
}
