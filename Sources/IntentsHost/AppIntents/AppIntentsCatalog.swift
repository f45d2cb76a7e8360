import ExtensionProtocol
import Foundation
import SystemStore

/// How the host knows an extension's App Intents without trusting its code.
///
/// Apple's build extracts App Intents metadata at compile time. Here the sandboxed extension
/// is asked once (`describeAppIntents`) when its library is first seen or has changed, in a
/// confined process like any request; the answer is checked (`AppIntentsMetadataCheck`) and
/// cached in the system store by the library's SHA-256. Later commands, and lock policy,
/// read the cache: a request starts no process to learn its intent's policy. Asking the
/// extension rather than scanning its source sees what its code really declares: types from
/// other modules (a shared framework's entities), computed phrases, and conditional shortcuts.
extension IntentDispatcher {
    /// The checked App Intents metadata of `bundle`: from this host's memory, the store's
    /// cache, or the sandboxed extension, in that order.
    /// - Throws: `HostError`: `.extensionFailed` when the extension cannot describe them or its
    ///   answer is not usable, `.refusedByPolicy` when they are not known yet and the device is
    ///   locked (the extension is not run then), `.badState` for the store or an unreadable library.
    public func appIntentsMetadata(of bundle: ExtensionBundle) async throws -> AppIntentsMetadata {
        let (known, key, hash) = try knownAppIntentsMetadata(of: bundle)
        if let known { return known }
        if let refusal = IntentPolicy.refusal(of: .appIntent("", schema: nil), by: bundle, app: nil, from: .direct, lock: lockReading(),
                                              authorization: { nil }) {
            throw refusal.error
        }
        let store = try openSystemStore()
        let declared = bundle.appIntents
        let timeout = configuration.stepTimeout
        // A failure (no answer, or an unusable one) is remembered: it is not asked again at once.
        let metadata = try await rememberingFailure(key + "|describe", for: Self.failureMemory) {
            let metadata = try await describeAppIntents(of: bundle, declared: declared, timeout: timeout)
            try AppIntentsMetadataCheck.check(metadata, declared: declared, library: bundle.libraryPath)
            return metadata
        }
        try storeCall { try store.saveAppIntentsMetadata(metadata, libraryHash: hash, identity: bundle.libraryIdentity) }
        rememberAppIntents(metadata, key: key)
        logger.info("described App Intents", metadata: ["bundle": "\(bundle.bundleIdentifier)", "intents": "\(metadata.intents.count)",
                                                       "shortcuts": "\(metadata.shortcuts.count)"])
        return metadata
    }

    /// The checked App Intents metadata of `bundle` this host or the store's cache knows, or nil:
    /// never runs the extension (`intents policy` reads this).
    /// - Throws: `HostError` (`.badState`) for the store or an unreadable library.
    public func cachedAppIntentsMetadata(of bundle: ExtensionBundle) throws -> AppIntentsMetadata? {
        try knownAppIntentsMetadata(of: bundle).metadata
    }

    /// The known metadata, the key this host remembers it by, and the library's hash.
    private func knownAppIntentsMetadata(of bundle: ExtensionBundle) throws -> (metadata: AppIntentsMetadata?, key: String, hash: String) {
        let key = Self.memoryKey(of: bundle)
        guard !bundle.appIntents.isEmpty else { return (AppIntentsMetadata(), key, "") }
        if let known = knownAppIntents(key) { return (known, key, "") }
        let store = try openSystemStore()
        let hash = try libraryHash(of: bundle, store: store)
        if let cached = try storeCall({ try store.appIntentsMetadata(libraryHash: hash) }),
           (try? AppIntentsMetadataCheck.check(cached, declared: bundle.appIntents, library: bundle.libraryPath)) != nil {
            rememberAppIntents(cached, key: key)
            return (cached, key, hash)
        }
        return (nil, key, hash)
    }

    /// How long a failure to describe or query an extension's App Intents is remembered.
    static let failureMemory = Duration.seconds(60)

    /// Asks the sandboxed extension for its App Intents metadata.
    private func describeAppIntents(of bundle: ExtensionBundle, declared: AppIntentsDeclaration,
                                    timeout: Duration) async throws -> AppIntentsMetadata {
        try await supervisor.withChannel(for: bundle) { channel in
            try await Self.describeAppIntents(declared, of: bundle, on: channel, timeout: timeout)
        }
    }

    /// Asks the extension behind `channel` for the metadata of the App Intents `declared`
    /// (the plist's), unchecked: `learnAppIntents(_:of:)` checks it.
    /// - Throws: `HostError` (`.extensionFailed`, `.requestTimedOut`) naming the bundle.
    public static func describeAppIntents(_ declared: AppIntentsDeclaration, of bundle: ExtensionBundle, on channel: any ExtensionChannel,
                                          timeout: Duration) async throws -> AppIntentsMetadata {
        let reply = try await channel.request(.describeAppIntents(requestID: RequestIDs.next(), intents: declared.typeNames,
                                                                  shortcutsProvider: declared.shortcutsProvider), timeout: timeout)
        switch reply {
        case .appIntentsDescribed(_, let metadata): return metadata
        case .failed(_, let failure):
            throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) could not describe its App Intents: \(failure.message)")
        default:
            throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) answered describe App Intents with an unexpected \(reply.kindName) message.")
        }
    }

    /// Checks `metadata` against `bundle`'s declaration, as any description is checked, then
    /// uses it for every later request to `bundle`, without the system store's cache: for an
    /// extension whose metadata is known without running it in a sandbox, as Apple's build
    /// extracts it (a test host's extension, which runs in the test's own process).
    /// - Throws: `HostError` (`.extensionFailed`) saying what in `metadata` is not usable.
    public func learnAppIntents(_ metadata: AppIntentsMetadata, of bundle: ExtensionBundle) throws {
        try AppIntentsMetadataCheck.check(metadata, declared: bundle.appIntents, library: bundle.bundleIdentifier)
        rememberAppIntents(metadata, key: Self.memoryKey(of: bundle))
    }

    /// The key this host remembers `bundle`'s metadata by: its identifier and its library's identity.
    private static func memoryKey(of bundle: ExtensionBundle) -> String {
        bundle.bundleIdentifier + "|" + bundle.libraryIdentity
    }

    /// The library's content hash: the one cached for its file identity, else read and hashed.
    func libraryHash(of bundle: ExtensionBundle, store: SystemStore) throws -> String {
        if !bundle.libraryIdentity.isEmpty, let known = try storeCall({ try store.appIntentsLibraryHash(identity: bundle.libraryIdentity) }) {
            return known
        }
        return try LibraryContentHash.of(bundle.libraryPath)
    }

    /// The App Intent `name` of `bundle`, described.
    /// - Throws: as `appIntentsMetadata(of:)`, or `.noExtension` when it does not describe it.
    public func appIntentSchema(_ name: String, of bundle: ExtensionBundle) async throws -> (AppIntentSchema, AppIntentsMetadata) {
        let metadata = try await appIntentsMetadata(of: bundle)
        guard let schema = metadata.intent(named: name) else {
            throw HostError(.noExtension, "\(bundle.bundleIdentifier) declares \(name) in AppIntents but does not describe it.")
        }
        return (schema, metadata)
    }

    func storeCall<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SystemStoreError {
            throw HostError(.badState, error.message)
        }
    }
}
