import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy
import Logging
import Synchronization
import SystemCalls
import SystemStore

/// The host's front door: routes an intent to its extension, applies lock policy before any
/// extension code runs, and drives the conversation.
public final class IntentDispatcher: Sendable {
    public let configuration: HostConfiguration
    public let supervisor: ExtensionSupervisor
    public let lockStore: LockStateStore
    /// Where conversations are logged: each line carries the conversation, the bundle and the
    /// step. Nothing by default; `intents serve` logs at `--log-level`.
    public let logger: Logger
    /// What is shared by the views of one host (`withStepTimeout`): the catalog, the system
    /// store, the schemas described.
    private let shared: SharedState

    private final class SharedState: Sendable {
        let catalog: Mutex<BundleCatalog>
        /// The system store (authorizations), opened when first needed.
        let systemStore = Mutex<SystemStore?>(nil)
        /// Schemas described by live channels: a process's intents cannot change while it runs.
        let schemas = Mutex<[SchemaKey: IntentSchema]>([:])
        /// App Intents metadata as checked (`AppIntentsCatalog`), by bundle and the SHA-256 of the
        /// library bytes it describes (`metadataKey(of:hash:)`; by bundle alone in process).
        let appIntents = Mutex<[String: AppIntentsMetadata]>([:])
        /// The library hash of each bundle and library file identity whose metadata is known.
        let libraryHashes = Mutex<[String: String]>([:])
        /// The sealed copies of App Intents extensions' libraries, which their processes run.
        let sealedLibraries = SealedLibraryCache()
        /// Recent failures to describe or query App Intents, by the same keys: not asked again
        /// until `AppIntentsCatalog.failureMemory` has passed.
        let appIntentsFailures = Mutex<[String: (error: HostError, at: ContinuousClock.Instant)]>([:])

        init(catalog: BundleCatalog) {
            self.catalog = Mutex(catalog)
        }
    }

    private struct SchemaKey: Hashable {
        var channel: ObjectIdentifier
        var intent: String
    }

    /// App Intents metadata this host has checked, by `metadataKey(of:hash:)` (AppIntentsCatalog.swift).
    func knownAppIntents(_ key: String) -> AppIntentsMetadata? {
        shared.appIntents.withLock { $0[key] }
    }

    /// The library hash known for a bundle and library identity (`identityKey(of:)`).
    func knownLibraryHash(_ identity: String) -> String? {
        shared.libraryHashes.withLock { $0[identity] }
    }

    /// Remembers checked metadata by `key`; with `identity`, that its library has `libraryHash`.
    func rememberAppIntents(_ metadata: AppIntentsMetadata, key: String, identity: String? = nil, libraryHash: String? = nil) {
        shared.appIntents.withLock { $0[key] = metadata }
        if let identity, let libraryHash { shared.libraryHashes.withLock { $0[identity] = libraryHash } }
    }

    /// The sealed copies of libraries this host's extension processes run.
    var sealedLibraries: SealedLibraryCache { shared.sealedLibraries }

    /// Runs `body` unless it failed for `key` within `memory`; a failure is remembered, so that
    /// a hanging or broken extension costs one step timeout per `memory`, not one per request.
    func rememberingFailure<Result>(_ key: String, for memory: Duration, _ body: () async throws -> Result) async throws -> Result {
        if let failure = shared.appIntentsFailures.withLock({ $0[key] }), ContinuousClock.now - failure.at < memory {
            throw failure.error
        }
        do {
            let result = try await body()
            shared.appIntentsFailures.withLock { $0[key] = nil }
            return result
        } catch let error as HostError {
            shared.appIntentsFailures.withLock { $0[key] = (error, ContinuousClock.now) }
            throw error
        }
    }

    /// The installed apps and extensions; a server replaces it when its apps folders change.
    public var catalog: BundleCatalog { shared.catalog.withLock { $0 } }

    /// Scans the apps folders now (unless `catalog` is given), with the state folder's install
    /// ledger (`HostConfiguration.scanInstalledApps`); extension processes start only when an
    /// intent needs them.
    public init(configuration: HostConfiguration, catalog: BundleCatalog? = nil, supervisor: ExtensionSupervisor? = nil,
                logger: Logger = Logger(label: "intents.host", factory: { _ in SwiftLogNoOpLogHandler() })) {
        signal(SIGPIPE, SIG_IGN)
        self.logger = logger
        if !configuration.unsafeNoSandbox { TaskCgroup.sweep() }
        self.configuration = configuration
        let store = catalog == nil ? try? SystemStore(stateFolder: configuration.stateFolder) : nil
        let shared = SharedState(catalog: catalog ?? configuration.scanInstalledApps(store: store))
        if let store { shared.systemStore.withLock { $0 = store } }
        self.shared = shared
        self.supervisor = supervisor ?? .processes(runnerPath: configuration.runnerPath, startTimeout: configuration.startTimeout,
                                                   idleTimeout: configuration.idleTimeout,
                                                   maximumLive: configuration.maximumLiveExtensions,
                                                   spareBase: try? configuration.spareBasePolicy(for: shared.catalog.withLock { $0 }),
                                                   clock: configuration.deadlineClock) {
            try configuration.preparedSandboxPolicy(for: $0, in: shared.catalog.withLock { $0 })
        }
        self.lockStore = LockStateStore(stateFolder: configuration.stateFolder)
    }

    private init(sharing other: IntentDispatcher, configuration: HostConfiguration) {
        self.configuration = configuration
        self.shared = other.shared
        self.logger = other.logger
        self.supervisor = other.supervisor
        self.lockStore = other.lockStore
    }

    /// This host with another deadline for each step: same catalog, processes and stores.
    public func withStepTimeout(_ timeout: Duration) -> IntentDispatcher {
        var configuration = configuration
        configuration.stepTimeout = timeout
        return IntentDispatcher(sharing: self, configuration: configuration)
    }

    /// This host judging every request in `lockState`, with `authorization` for every app,
    /// instead of the stored ones (a replayed transcript): same catalog, processes and stores.
    public func judging(lockState: LockState, authorization: SiriAuthorization) -> IntentDispatcher {
        var configuration = configuration
        configuration.lockStateOverride = lockState
        configuration.authorizationOverride = authorization
        return IntentDispatcher(sharing: self, configuration: configuration)
    }

    /// Puts `catalog` in place of the current one, at once for every later request; returns
    /// the bundles whose extension changed (replaced or removed), whose processes must end.
    @discardableResult
    public func replaceCatalog(_ catalog: BundleCatalog) -> [ExtensionBundle] {
        let previous = shared.catalog.withLock { current in
            defer { current = catalog }
            return current
        }
        supervisor.rebaseSpares(try? configuration.spareBasePolicy(for: catalog))
        let now = Dictionary(catalog.extensions.map { ($0.bundleIdentifier, $0) }, uniquingKeysWith: { first, _ in first })
        return previous.extensions.filter { old in now[old.bundleIdentifier] != old }
    }

    /// The one extension that supports `intent`, or why there is none.
    /// - Throws: `HostError` (`.noExtension`) listing the intents that are supported, or naming
    ///   the apps whose extensions all support it (a request must then say which app).
    public func route(_ intent: String) throws -> ExtensionBundle {
        if let bundle = catalog.routes[intent] { return bundle }
        if let conflict = catalog.conflicts.first(where: { $0.intent == intent }) {
            throw HostError(.noExtension, conflict.description)
        }
        throw catalog.noExtension(for: intent)
    }

    /// Runs `intent` with parameters given as text (`name`, `value`), asking `user` what is missing.
    /// - Throws: `HostError`: `.noExtension`, `.refusedByPolicy` (no extension process is started),
    ///   `.usage` for parameters, `.inputRequired`, `.extensionFailed`, `.requestTimedOut`.
    ///   An extension answering with a failure code is not an error: see the outcome's response.
    /// - Parameter app: the app whose extension must handle it (a bundle identifier or a name);
    ///   needed only when several apps' extensions support the intent, else `appChooser` (by
    ///   default `user`) is asked which app.
    /// - Parameter appChooser: who answers "which app?": the CLI asks only the terminal, so that
    ///   answers scripted for the conversation never pick an app.
    /// - Parameter source: how the intent was invoked, for policy (`IntentPolicy`).
    /// - Parameter matchesContacts: whether people the user named are matched against the user's
    ///   contacts before resolve (`PersonResolution`), which puts a contact's handle in the
    ///   intent and its name and handle in questions. True only for a conversation the user
    ///   started with the `intents` command (embedded, or served to a peer verified as it);
    ///   false by default, for every other caller: no other program learns the user's contacts.
    public func send(_ intent: String, parameters: [(name: String, value: String)], app: String? = nil,
                     user: any ConversationUser, appChooser: (any ConversationUser)? = nil,
                     source: InvocationSource = .direct, matchesContacts: Bool = false) async throws -> SendResult {
        try await send(intent, app: app, user: user, appChooser: appChooser, source: source, matchesContacts: matchesContacts,
                       appIntentInput: AppIntentInput(text: parameters)) { schema in
            try Self.payload(for: schema, parameters: parameters)
        }
    }

    /// Runs an intent with parameters as text and typed values (an App Shortcut phrase's entity
    /// or enum values): an App Intent takes both; a SiriKit intent only the text.
    /// - Throws: as `send(_:parameters:user:)`.
    /// - Parameter matchesContacts: as `send(_:parameters:user:)`'s: true only for the user's `intents` command.
    public func send(_ intent: String, parameters: [(name: String, value: String)], typed: [String: IntentValue], app: String? = nil,
                     user: any ConversationUser, appChooser: (any ConversationUser)? = nil,
                     source: InvocationSource = .direct, matchesContacts: Bool = false) async throws -> SendResult {
        try await send(intent, app: app, user: user, appChooser: appChooser, source: source, matchesContacts: matchesContacts,
                       appIntentInput: AppIntentInput(text: parameters, typed: typed)) { schema in
            var payload = try Self.payload(for: schema, parameters: parameters)
            try Self.checkTyped(typed, against: schema)
            payload.parameters.merge(typed) { text, _ in text }
            return payload
        }
    }

    /// Runs an intent given in its wire form (typed values), as apps, shortcuts and tests build it.
    /// An intent run from a voice shortcut (`source` `.voiceShortcut`) needs no Siri authorization.
    /// - Throws: as `send(_:parameters:user:)`.
    /// - Parameter matchesContacts: as `send(_:parameters:user:)`'s: true only for the user's `intents` command.
    public func send(_ payload: IntentPayload, app: String? = nil, user: any ConversationUser,
                     appChooser: (any ConversationUser)? = nil, source: InvocationSource = .direct,
                     matchesContacts: Bool = false) async throws -> SendResult {
        try await send(payload.name, app: app, user: user, appChooser: appChooser, source: source, matchesContacts: matchesContacts,
                       appIntentInput: AppIntentInput(typed: payload.parameters)) { _ in payload }
    }

    private func send(_ intent: String, app: String?, user: any ConversationUser, appChooser: (any ConversationUser)?,
                      source: InvocationSource, matchesContacts: Bool, appIntentInput: AppIntentInput,
                      payload: @escaping @Sendable (IntentSchema) throws -> IntentPayload) async throws -> SendResult {
        let (bundle, appPrompt) = try await AppChoice(catalog: catalog).extensionFor(intent, app: app, user: appChooser ?? user)
        var logger = logger
        logger[metadataKey: "bundle"] = "\(bundle.bundleIdentifier)"
        logger[metadataKey: "intent"] = "\(intent)"
        let isAppIntent = bundle.appIntents.names.contains(intent)
        // What the source cannot run, it does not (the matrix's "not applicable"), before its
        // metadata is even looked up; the gate says it again. An App Shortcut's intent comes
        // from a phrase the installed App Shortcuts hold.
        if let why = IntentPolicy.inapplicability(of: isAppIntent ? .appIntent(intent, schema: nil, of: bundle) : .siriKitIntent(intent, of: bundle),
                                                  from: source, shortcutIntents: [intent]) {
            throw HostError(.usage, "\(intent) of \(bundle.bundleIdentifier) cannot be run from a \(source.label): \(why).")
        }
        var result = if isAppIntent {
            try await sendAppIntent(intent, on: bundle, input: appIntentInput, user: user, source: source, logger: logger)
        } else {
            try await sendSiriKitIntent(intent, on: bundle, user: user, source: source, matchesContacts: matchesContacts, logger: logger,
                                        payload: payload)
        }
        if let appPrompt { result.outcome.prompts.insert(appPrompt, at: 0) }
        return result
    }

    /// A SiriKit intent: lock policy and authorization, then resolve, confirm and handle.
    private func sendSiriKitIntent(_ intent: String, on bundle: ExtensionBundle, user: any ConversationUser, source: InvocationSource,
                                   matchesContacts: Bool, logger: Logger, payload: @escaping @Sendable (IntentSchema) throws -> IntentPayload) async throws -> SendResult {
        let app = catalog.app(containing: bundle)
        // Read before the gate, on the store's reading thread, where the gate would read it.
        let identifier = app?.bundleIdentifier ?? bundle.bundleIdentifier
        let authorization = source == .agent ? try await agentConsentOffThePool(of: identifier, for: source)
            : source != .voiceShortcut && AuthorizationPolicy.domainIntents.contains(intent)
            ? try await siriAuthorizationOffThePool(of: identifier) : nil
        let clearance = try clear(.siriKitIntent(intent, of: bundle), app: app, from: source, logger: logger, authorization: authorization)
        let outcome: ConversationOutcome
        do {
            outcome = try await converse(intent, cleared: clearance, user: user, timeout: configuration.stepTimeout,
                                         matchesContacts: matchesContacts, logger: logger, payload: payload)
        } catch {
            HostMetrics.conversationEnded("error")
            throw error
        }
        HostMetrics.conversationEnded(outcome.declinedByUser ? "declined" : outcome.response.category.isFailure ? "failure" : "success")
        return SendResult(extensionBundle: bundle.bundleIdentifier, outcome: outcome)
    }

    private func converse(_ intent: String, cleared clearance: PolicyClearance, user: any ConversationUser, timeout: Duration,
                          matchesContacts: Bool, logger stepLogger: Logger, payload: @escaping @Sendable (IntentSchema) throws -> IntentPayload) async throws -> ConversationOutcome {
        let bundle = clearance.subject.extensionBundle!
        return try await supervisor.withChannel(cleared: clearance) { channel in
            let schema = try await self.schema(of: intent, on: channel, bundle: bundle, timeout: timeout)
            var intentPayload = try payload(schema)
            // As on Apple's systems, the system gives each intent its identifier.
            intentPayload.identifier = intentPayload.identifier ?? Self.makeIdentifier()
            var conversationLogger = stepLogger
            conversationLogger[metadataKey: "conversation"] = "\(intentPayload.identifier ?? "")"
            var driver = ConversationDriver(channel: channel, schema: schema, user: user, timeout: timeout)
            driver.logger = conversationLogger
            // Only the user's own `intents` command has names matched against the user's contacts.
            driver.personResolution = matchesContacts ? self.personResolution(for: bundle) : .none
            let outcome = try await driver.run(intentPayload)
            conversationLogger.info("conversation ended", metadata: ["step": "\(outcome.step.rawValue)", "code": "\(outcome.response.codeName)",
                                                                   "declined": "\(outcome.declinedByUser)"])
            return outcome
        }
    }

    /// The system store of the state folder.
    /// - Throws: `HostError` (`.badState`) naming the file.
    public func openSystemStore() throws -> SystemStore {
        try shared.systemStore.withLock { opened in
            if let opened { return opened }
            do {
                let store = try SystemStore(stateFolder: configuration.stateFolder)
                opened = store
                return store
            } catch let error as SystemStoreError {
                throw HostError(.badState, error.message)
            }
        }
    }

    /// The lock state requests are judged in: the configuration's override, else the stored one.
    public func lockReading() -> LockReading {
        configuration.lockStateOverride.map { LockReading(state: $0) } ?? lockStore.read()
    }

    /// The app's Siri authorization as policy reads it: the configuration's override, else the
    /// stored one; nil when this host does not check authorization.
    func siriAuthorization(of app: String) throws -> SiriAuthorization? {
        guard configuration.requiresSiriAuthorization else { return nil }
        if let override = configuration.authorizationOverride { return override }
        return try storeCall { try openSystemStore().authorization(app: app) }
    }

    /// The app's authorization for `source`, as policy reads it: for an agent, the user's consent
    /// to agents (the configuration's override, else the stored one, whether or not this host
    /// checks Siri authorization); else its Siri authorization (`siriAuthorization(of:)`).
    func authorization(of app: String, for source: InvocationSource) throws -> SiriAuthorization? {
        guard source == .agent else { return try siriAuthorization(of: app) }
        if let override = configuration.authorizationOverride { return override }
        return try storeCall { try openSystemStore().agentConsent(app: app) }
    }

    /// For an agent, the user's consent to agents for `app`, read on the store's reading thread;
    /// nil for any other source (the gate then reads what that source needs).
    func agentConsentOffThePool(of app: String, for source: InvocationSource) async throws -> SiriAuthorization? {
        guard source == .agent else { return nil }
        if let override = configuration.authorizationOverride { return override }
        return try await storeRead { try $0.agentConsent(app: app) }
    }

    /// `siriAuthorization(of:)` read on the store's reading thread, for async callers: a read
    /// that another process's lock on the store holds up waits there, not on the pool.
    func siriAuthorizationOffThePool(of app: String) async throws -> SiriAuthorization? {
        guard configuration.requiresSiriAuthorization else { return nil }
        if let override = configuration.authorizationOverride { return override }
        return try await storeRead { try $0.authorization(app: app) }
    }

    /// Asks the policy gate whether `subject` may run now for `source`, in this host's lock
    /// state and with the app's Siri authorization: the clearance a launcher takes. A refusal
    /// is logged and counted.
    /// - Parameter library: the sealed library the decision stands on, which the process must
    ///   run; by default, for an extension with App Intents, its sealed copy (`sealedLibrary(of:)`),
    ///   made only once the subject is allowed.
    /// - Throws: `HostError` `.refusedByPolicy` (with its rule) or `.usage`, as `PolicyGate.clear`;
    ///   `.badState` when the authorization cannot be read.
    public func clear(_ subject: PolicySubject, app: AppBundle?, from source: InvocationSource, shortcutIntents: Set<String>? = nil,
                      library: (() throws -> SealedLibrary?)? = nil, logger: Logger? = nil,
                      authorization known: SiriAuthorization? = nil) throws -> PolicyClearance {
        do {
            return try PolicyGate.clear(subject, app: app, from: source, lock: { [self] in lockReading() },
                                        authorization: { try known ?? authorization(of: app?.bundleIdentifier ?? subject.bundleIdentifier, for: source) },
                                        shortcutIntents: shortcutIntents,
                                        library: library ?? { try subject.extensionBundle.flatMap(self.sealedLibrary(of:)) })
        } catch let error as HostError where error.policyRule != nil {
            (logger ?? self.logger).notice("refused", metadata: ["step": "\(error.policyRule!.step)", "rule": "\(error.policyRule!.rawValue)"])
            HostMetrics.refused(error.policyRule!.metricReason)
            throw error
        }
    }

    /// A clearance to run `bundle`'s code for tests and tools that speak to an extension
    /// directly: judged as a direct request for `intent` (its first supported intent when nil),
    /// in this host's lock state and authorization, with its library sealed as any launch.
    /// - Throws: as `clear(_:app:from:shortcutIntents:library:logger:)`.
    public func clearance(for bundle: ExtensionBundle, intent: String? = nil) throws -> PolicyClearance {
        let name = intent ?? bundle.intentsSupported.first ?? bundle.appIntents.names.first ?? ""
        let subject: PolicySubject = bundle.appIntents.names.contains(name) ? .appIntentsDescription(of: bundle) : .siriKitIntent(name, of: bundle)
        return try clear(subject, app: catalog.app(containing: bundle), from: .direct)
    }

    /// A random identifier in UUID form (version 4); `UUID()` costs microseconds this path cannot
    /// spare. Two draws of the system's generator (a `getrandom` each), not one per byte.
    static func makeIdentifier() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = withUnsafeBytes(of: (generator.next(), generator.next())) { Array($0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Ends every extension process.
    public func shutdown() async {
        await supervisor.shutdownAll()
    }

    private func schema(of intent: String, on channel: any ExtensionChannel, bundle: ExtensionBundle,
                        timeout: Duration) async throws -> IntentSchema {
        let key = SchemaKey(channel: ObjectIdentifier(channel), intent: intent)
        if let known = shared.schemas.withLock({ $0[key] }) { return known }
        let schema = try await Self.describe(intent, on: channel, bundle: bundle, timeout: timeout)
        shared.schemas.withLock { known in
            known = known.filter { entry in entry.key.channel == key.channel || entry.key.intent != intent }
            known[key] = schema
        }
        return schema
    }

    private static func describe(_ intent: String, on channel: any ExtensionChannel, bundle: ExtensionBundle,
                                 timeout: Duration) async throws -> IntentSchema {
        let reply = try await channel.request(.describe(requestID: RequestIDs.next(), intents: [intent]), timeout: timeout)
        guard case .described(_, let schemas) = reply, let schema = schemas.first(where: { $0.name == intent }) else {
            throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) did not describe \(intent).")
        }
        return schema
    }

    /// Checks typed values against the intent's schema before anything is resolved: each names
    /// a parameter of the intent and is of its type (a list of them for a list parameter).
    /// - Throws: `HostError` (`.usage`) naming the parameter and what it takes.
    static func checkTyped(_ typed: [String: IntentValue], against schema: IntentSchema) throws {
        for (name, value) in typed.sorted(by: { $0.key < $1.key }) {
            guard let parameter = schema.parameters.first(where: { $0.name == name }) else {
                let known = schema.parameters.map(\.name).joined(separator: ", ")
                throw HostError(.usage, "\(schema.name) has no parameter \(String(name.prefix(200)).quotedForDisplay); its parameters are \(known).")
            }
            let elements: [IntentValue] = if parameter.isList, case .list(let items) = value { items } else { [value] }
            guard !(parameter.isList == false && { if case .list = value { return true } else { return false } }()),
                  elements.allSatisfy({ $0.asOption(of: parameter) != nil }) else {
                throw HostError(.usage, "The value given for \(name) of \(schema.name) is not \(parameter.isList ? "a list of " : "a ")\(parameter.type) value of it.")
            }
        }
    }

    /// Builds the intent from text parameters, typed by the schema; repeated names add list elements.
    /// - Throws: `HostError` (`.usage`) naming an unknown parameter or a value of the wrong type.
    public static func payload(for schema: IntentSchema, parameters: [(name: String, value: String)]) throws -> IntentPayload {
        var texts: [String: [String]] = [:]
        var order: [String] = []
        for (name, value) in parameters {
            guard schema.parameter(named: name) != nil else {
                let known = schema.parameters.map(\.name).joined(separator: ", ")
                throw HostError(.usage, "\(schema.name) has no parameter \"\(name)\"; its parameters are \(known).")
            }
            if texts[name] == nil { order.append(name) }
            texts[name, default: []].append(value)
        }
        var payload = IntentPayload(name: schema.name)
        for name in order {
            payload.parameters[name] = try ValueParser.parse(texts[name]!, for: schema.parameter(named: name)!, of: schema.name)
        }
        return payload
    }
}

/// The result of `send`: which extension answered, and how.
public struct SendResult: Sendable {
    public var extensionBundle: String
    public var outcome: ConversationOutcome

    /// Whether the final answer is a failure code.
    public var isFailure: Bool { outcome.response.category.isFailure }
}
