import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import Logging
import SystemStore

/// How the host knows an extension's App Intents without trusting its code.
///
/// As Apple's build extracts App Intents metadata at compile time, the SDK's `AppIntentsMetadata`
/// build plugin reads the extension's sources and compiles what they declare into the library
/// (`CompiledAppIntentsSection`), which the host reads without loading it: such an extension is
/// known, listed and judged by its lock policy with no process started, even while locked.
/// What the build could not read whole, and libraries built without the plugin, are learned by
/// asking the sandboxed extension once (`describeAppIntents`) when its library is first seen or
/// has changed, in a confined process like any request; its answer is checked
/// (`AppIntentsMetadataCheck`), checked against what the build did read
/// (`AppIntentsMetadataCombination`), and cached in the system store by the library's SHA-256.
/// Later commands, and lock policy, read the cache: a request starts no process to learn its
/// intent's policy.
///
/// The bytes described, hashed and run are one: the library is copied into a sealed memory
/// file (`SealedLibrary`), whose compiled metadata is read again, and which is hashed,
/// described and run, so a library swapped on disk between any two of these steps changes
/// nothing that runs.
extension IntentDispatcher {
    /// The checked App Intents metadata of `bundle`: from this host's memory, the store's
    /// cache, or the sandboxed extension, in that order.
    /// - Throws: `HostError`: `.extensionFailed` when the extension cannot describe them or its
    ///   answer is not usable, `.refusedByPolicy` when they are not known yet and the device is
    ///   locked (the extension is not run then), `.badState` for the store or an unreadable library.
    public func appIntentsMetadata(of bundle: ExtensionBundle) async throws -> AppIntentsMetadata {
        if let known = try cachedAppIntentsMetadata(of: bundle) { return known }
        return try await runnableAppIntents(of: bundle).metadata
    }

    /// The checked App Intents metadata of `bundle`'s library as it will run: its sealed copy
    /// (`SealedLibrary`, nil for an extension served in process) and the metadata of exactly
    /// those bytes, from memory, the store's cache, or the extension running that copy.
    /// - Throws: as `appIntentsMetadata(of:)`.
    func runnableAppIntents(of bundle: ExtensionBundle, logger: Logger? = nil) async throws -> (metadata: AppIntentsMetadata, library: SealedLibrary?) {
        guard !bundle.appIntents.isEmpty else { return (AppIntentsMetadata(), nil) }
        let logger = logger ?? self.logger
        let library = try sealedLibrary(of: bundle)
        guard let library else {
            if let learned = knownAppIntents(Self.inProcessKey(of: bundle)) { return (learned, nil) }
            throw HostError(.extensionFailed, "The App Intents of \(bundle.bundleIdentifier), served in process, were not learned (learnAppIntents(_:of:)).")
        }
        let key = Self.metadataKey(of: bundle, hash: library.hash)
        if let known = knownAppIntents(key) { return (known, library) }
        // What the build compiled into these very bytes: with every declaration read, nothing runs.
        let compiled = try compiledAppIntents(in: library, of: bundle)
        if let compiled, compiled.isComplete {
            try AppIntentsMetadataCheck.check(compiled.metadata, declared: bundle.appIntents, library: bundle.libraryPath)
            rememberAppIntents(compiled.metadata, key: key, identity: Self.identityKey(of: bundle), libraryHash: library.hash)
            return (compiled.metadata, library)
        }
        let hash = library.hash
        if let cached = try await storeRead({ try $0.appIntentsMetadata(libraryHash: hash) }),
           (try? AppIntentsMetadataCheck.check(cached, declared: bundle.appIntents, library: bundle.libraryPath)) != nil {
            rememberAppIntents(cached, key: key, identity: Self.identityKey(of: bundle), libraryHash: library.hash)
            return (cached, library)
        }
        // Learning them runs the extension: the gate decides first (not while locked).
        let clearance = try clear(.appIntentsDescription(of: bundle), app: catalog.app(containing: bundle), from: .direct,
                                  library: { library }, logger: logger)
        let declared = bundle.appIntents
        let timeout = configuration.stepTimeout
        // A failure (no answer, or an unusable one) is remembered: it is not asked again at once.
        let metadata = try await rememberingFailure(key + "|describe", for: Self.failureMemory) {
            var metadata = try await supervisor.withChannel(cleared: clearance) { channel in
                try await Self.describeAppIntents(declared, of: bundle, on: channel, timeout: timeout)
            }
            try AppIntentsMetadataCheck.check(metadata, declared: declared, library: bundle.libraryPath)
            if let compiled {
                metadata = try AppIntentsMetadataCombination.combine(described: metadata, compiled: compiled, library: bundle.libraryPath)
                try AppIntentsMetadataCheck.check(metadata, declared: declared, library: bundle.libraryPath)
            }
            return metadata
        }
        let identity = bundle.libraryIdentity
        try await storeWrite { try $0.saveAppIntentsMetadata(metadata, libraryHash: hash, identity: identity) }
        rememberAppIntents(metadata, key: key, identity: Self.identityKey(of: bundle), libraryHash: library.hash)
        logger.info("described App Intents", metadata: ["bundle": "\(bundle.bundleIdentifier)", "intents": "\(metadata.intents.count)",
                                                       "shortcuts": "\(metadata.shortcuts.count)"])
        return (metadata, library)
    }

    /// The checked App Intents metadata of `bundle` this host or the store's cache knows, or nil:
    /// never runs the extension, and reads the library only when the store has no hash for its
    /// file identity (`intents policy`, the App Shortcuts listing). What runs is judged again
    /// by the bytes it runs (`runnableAppIntents(of:)`).
    /// - Throws: `HostError` (`.badState`) for the store or an unreadable library.
    public func cachedAppIntentsMetadata(of bundle: ExtensionBundle) throws -> AppIntentsMetadata? {
        guard !bundle.appIntents.isEmpty else { return AppIntentsMetadata() }
        guard bundle.libraryPath != ExtensionBundle.inProcessPath else { return knownAppIntents(Self.inProcessKey(of: bundle)) }
        // What the build compiled into the library as scanned: known without reading it again.
        if let compiled = bundle.compiledAppIntents, compiled.isComplete,
           (try? AppIntentsMetadataCheck.check(compiled.metadata, declared: bundle.appIntents, library: bundle.libraryPath)) != nil {
            return compiled.metadata
        }
        let identity = Self.identityKey(of: bundle)
        if let hash = knownLibraryHash(identity), let known = knownAppIntents(Self.metadataKey(of: bundle, hash: hash)) { return known }
        let store = try openSystemStore()
        let hash = try libraryHash(of: bundle, store: store)
        let key = Self.metadataKey(of: bundle, hash: hash)
        if let known = knownAppIntents(key) { return known }
        if let cached = try storeCall({ try store.appIntentsMetadata(libraryHash: hash) }),
           (try? AppIntentsMetadataCheck.check(cached, declared: bundle.appIntents, library: bundle.libraryPath)) != nil {
            rememberAppIntents(cached, key: key, identity: identity, libraryHash: hash)
            return cached
        }
        return nil
    }

    /// The App Intents metadata compiled into the sealed copy `library` of `bundle`'s library,
    /// when it declares the intents the bundle declares; nil otherwise (the extension describes them).
    /// - Throws: `HostError` (`.extensionFailed`) naming the library when its section cannot be read.
    func compiledAppIntents(in library: SealedLibrary, of bundle: ExtensionBundle) throws -> CompiledAppIntentsLibrary? {
        do {
            guard let records = try CompiledAppIntentsSection.records(inLibrary: library.descriptor), !records.isEmpty else { return nil }
            let compiled = try CompiledAppIntentsLibrary.merge(records)
            return bundle.appIntents.matches(compiled) ? compiled : nil
        } catch let failure as CompiledAppIntentsSection.Failure {
            throw HostError(.extensionFailed, "The compiled App Intents metadata of \(bundle.libraryPath) cannot be used: \(failure.reason).")
        }
    }

    /// Before App Intents known from the build first run, the extension describes itself on the
    /// very process that runs them, and its answer must agree with the build: compiled metadata
    /// that the code does not bear out (a library whose section was written apart from its
    /// code) is a fault, and nothing of it runs. Once they agree, the store's cache holds this
    /// very metadata for the library's hash, and the check is not made again for it; metadata
    /// cached otherwise for those bytes (described for another bundle's declaration) is no check.
    /// - Throws: `HostError` (`.extensionFailed`) naming the library and what differs.
    func checkCompiledAppIntents(of bundle: ExtensionBundle, library: SealedLibrary?, metadata: AppIntentsMetadata,
                                 on channel: any ExtensionChannel) async throws {
        guard let library else { return }
        // Metadata the extension described was compared with the build's when it was learned.
        guard let compiled = try compiledAppIntents(in: library, of: bundle), compiled.isComplete else { return }
        let hash = library.hash
        if try await storeRead({ try $0.appIntentsMetadata(libraryHash: hash) }) == compiled.metadata { return }
        let declared = bundle.appIntents
        let timeout = configuration.stepTimeout
        try await rememberingFailure(Self.metadataKey(of: bundle, hash: library.hash) + "|check", for: Self.failureMemory) {
            let described = try await Self.describeAppIntents(declared, of: bundle, on: channel, timeout: timeout)
            try AppIntentsMetadataCheck.check(described, declared: declared, library: bundle.libraryPath)
            _ = try AppIntentsMetadataCombination.combine(described: described, compiled: compiled, library: bundle.libraryPath)
        }
        let identity = bundle.libraryIdentity
        try await storeWrite { try $0.saveAppIntentsMetadata(metadata, libraryHash: hash, identity: identity) }
    }

    /// How long a failure to describe or query an extension's App Intents is remembered.
    static let failureMemory = Duration.seconds(60)

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
        rememberAppIntents(metadata, key: Self.inProcessKey(of: bundle))
    }

    /// The key this host remembers `bundle`'s checked metadata by: the bundle and the hash of
    /// the library bytes it describes (two bundles may share bytes, not their declarations).
    static func metadataKey(of bundle: ExtensionBundle, hash: String) -> String {
        bundle.bundleIdentifier + "|" + hash
    }

    /// The key this host remembers the metadata of an extension served in process by.
    private static func inProcessKey(of bundle: ExtensionBundle) -> String {
        "in-process|" + bundle.bundleIdentifier
    }

    /// The key this host remembers `bundle`'s library hash by: its identifier and its library's identity.
    static func identityKey(of bundle: ExtensionBundle) -> String {
        bundle.bundleIdentifier + "|" + bundle.libraryIdentity
    }

    /// The library's content hash: the one cached for its file identity, else read and hashed.
    func libraryHash(of bundle: ExtensionBundle, store: SystemStore) throws -> String {
        if let known = knownLibraryHash(Self.identityKey(of: bundle)) { return known }
        if !bundle.libraryIdentity.isEmpty, let known = try storeCall({ try store.appIntentsLibraryHash(identity: bundle.libraryIdentity) }) {
            return known
        }
        return try LibraryContentHash.of(bundle.libraryPath)
    }

    /// The sealed copy of `bundle`'s library that its process runs (made once per library
    /// identity, kept within `SealedLibraryCache`'s budget); nil for an extension without App
    /// Intents, whose policy does not depend on its bytes, or one served in process.
    /// - Throws: as `SealedLibrary.of(_:)`.
    func sealedLibrary(of bundle: ExtensionBundle) throws -> SealedLibrary? {
        guard !bundle.appIntents.isEmpty, bundle.libraryPath != ExtensionBundle.inProcessPath else { return nil }
        return try sealedLibraries.library(for: Self.identityKey(of: bundle)) { try SealedLibrary.of(bundle) }
    }

    /// The App Intent `name` in `metadata`.
    /// - Throws: `HostError` (`.noExtension`) when `metadata` does not describe it.
    static func schema(_ name: String, in metadata: AppIntentsMetadata, of bundle: ExtensionBundle) throws -> AppIntentSchema {
        guard let schema = metadata.intent(named: name) else {
            throw HostError(.noExtension, "\(bundle.bundleIdentifier) declares \(name) in AppIntents but does not describe it.")
        }
        return schema
    }

    func storeCall<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SystemStoreError {
            throw HostError(.badState, error.message)
        }
    }

    /// Runs the reads of `body` on the store's reading thread (`SystemStore.reading(_:)`), so
    /// that a read another process's locks hold up holds no thread of the pool.
    /// - Throws: `HostError` (`.badState`) as `storeCall(_:)` does; what `body` throws.
    func storeRead<Result: Sendable>(_ body: @escaping @Sendable (SystemStore) throws -> Result) async throws -> Result {
        let store = try openSystemStore()
        do {
            return try await store.reading(body)
        } catch let error as SystemStoreError {
            throw HostError(.badState, error.message)
        }
    }

    /// Runs the write `body` on the store's writing thread (`SystemStore.writing(_:)`), so that
    /// waiting for a lock another process holds on the store holds no thread of the pool.
    /// - Throws: `HostError` (`.badState`) as `storeCall(_:)` does.
    func storeWrite<Result: Sendable>(_ body: @escaping @Sendable (SystemStore) throws -> Result) async throws -> Result {
        let store = try openSystemStore()
        do {
            return try await store.writing(body)
        } catch let error as SystemStoreError {
            throw HostError(.badState, error.message)
        }
    }
}
