import ExtensionProtocol
import HostBundles
import HostPolicy
import SystemStore

extension IntentDispatcher {
    /// The App Shortcuts of every installed app. Metadata comes from the library's compiled
    /// metadata, the cache, or is described once. The entity values of parameterized phrases
    /// are asked of the extension's queries (`suggestedEntities()`), in its sandbox, when none
    /// were gathered for its library (a new install), and again after the app called
    /// `updateAppShortcutParameters()` or ran one of its App Intents.
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

    /// The entity values of `bundle`'s phrases: the stored ones while they were gathered from
    /// this library since the app's latest request, else asked of its queries now and stored;
    /// while the device is locked (no extension runs), the ones last gathered, if any.
    private func refreshedParameterValues(of bundle: ExtensionBundle, in app: AppBundle,
                                          metadata: AppIntentsMetadata) async throws -> AppShortcutParameterValues? {
        let entityTypes = Self.phraseEntityTypes(metadata)
        guard !entityTypes.isEmpty else { return nil }
        let (appIdentifier, identifier) = (app.bundleIdentifier, bundle.bundleIdentifier)
        // The store's reads (and the library's hash, which may read the file) on its reading thread.
        let (generation, hash, stored) = try await storeRead { [self] store in
            (try store.appShortcutParameterGeneration(app: appIdentifier), try libraryHash(of: bundle, store: store),
             try store.appShortcutParameters(extension: identifier))
        }
        if let stored, stored.generation == generation, stored.libraryHash == hash {
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
            return try await storeRead { try $0.appShortcutParameters(extension: identifier) }
        }
        let key = "\(bundle.bundleIdentifier)|\(bundle.libraryIdentity)|\(generation)|query"
        let entities: [String: [IntentValue]]
        do {
            entities = try await rememberingFailure(key, for: Self.failureMemory) {
                try await suggestedEntities(clearances, of: bundle)
            }
        } catch {
            // Remembered in the store too, so that an extension whose queries fail or hang costs
            // one step timeout per generation (a new install, an update, an App Intent run), not
            // one per command: its phrases have no values until the next generation.
            let none = AppShortcutParameterValues(libraryHash: hash, generation: generation, entities: [:])
            try await storeWrite { try $0.saveAppShortcutParameters(none, extension: identifier) }
            throw error
        }
        let values = AppShortcutParameterValues(libraryHash: clearances.first?.clearance.library?.hash ?? hash, generation: generation,
                                                entities: entities)
        try await storeWrite { try $0.saveAppShortcutParameters(values, extension: identifier) }
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

    /// After an App Intent of `app` ran: its entities may have changed, so the values of its
    /// parameterized phrases are gathered again before they are next matched, as after
    /// `updateAppShortcutParameters()` (which an extension's code need not call).
    func appIntentRan(in app: AppBundle?, metadata: AppIntentsMetadata) async {
        guard let app, !Self.phraseEntityTypes(metadata).isEmpty else { return }
        do {
            let identifier = app.bundleIdentifier
            try await storeWrite { try $0.requestAppShortcutParameters(app: identifier) }
        } catch {
            logger.warning("could not mark App Shortcut parameters for refresh", metadata: ["app": "\(app.bundleIdentifier)", "error": "\(error)"])
        }
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
