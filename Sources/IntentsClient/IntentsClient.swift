#if canImport(Glibc)
import Glibc
#endif
// The host API's types (requests, replies, values) are part of this library's surface.
@_exported import ExtensionProtocol
@_exported import LocalAPI
import Synchronization

/// A client of the intents host: the typed host API of `intents serve` for any Swift program
/// (test libraries, agents, tools). With no server running for its state folder, it starts one
/// (detached, ending when idle), so that every client reaches the one host of that folder.
///
/// Calls may run concurrently: each takes a connection of its own from a small pool, and
/// connections are reused for later calls. A conversation's questions are answered by the
/// caller's closure, in order.
public final class IntentsClient: Sendable {
    public struct Configuration: Sendable {
        /// The host's state folder: `INTENTS_STATE`, else `$XDG_STATE_HOME/intents`, else `~/.local/state/intents`.
        public var stateFolder: String
        /// The apps folders of a server this client starts (`--apps`); empty: the server's
        /// default (`INTENTS_APPS`, else its own). A server already running keeps its own.
        public var appsFolders: [String] = []
        /// Whether to start a server when none listens; when false, such a call fails with `serverUnavailable`.
        public var startsServer = true
        /// The `intents-host` to start; nil: `INTENTS_HOST_EXECUTABLE`, beside this program, or on `PATH`.
        public var hostExecutable: String?
        /// Seconds a server this client starts stays up with no client connected.
        public var serverIdleExitSeconds = 60
        /// More arguments for a server this client starts (`--test-control` for a test library's
        /// private server on a state folder of its own).
        public var serverArguments: [String] = []
        /// How long a started server may take to accept connections.
        public var serverStartTimeout: Duration = .seconds(30)
        /// How long one reply may take to come (a conversation's whole run waits at most this
        /// long for each of its replies; the server bounds each extension step itself), and one
        /// request to be written to a server that does not read it.
        public var replyTimeout: Duration = .seconds(900)
        /// Whether a connection's reads and writes block the calling task's thread, rather than
        /// run on a dispatch queue of the connection's. Only for a program whose tasks run on a
        /// thread of its own (the `intents` command): on the concurrency pool, each wait for the
        /// server would hold one of the pool's few threads.
        package var blocksCallingThread = false

        /// - Parameter stateFolder: an absolute path; a relative one is taken from the working directory.
        public init(stateFolder: String? = nil) {
            let folder = stateFolder ?? LocalAPISocket.stateFolder(environment: LocalAPISocket.processEnvironment)
            self.stateFolder = folder.hasPrefix("/") ? folder : Self.workingDirectory + "/" + folder
        }

        private static var workingDirectory: String {
            guard let path = getcwd(nil, 0) else { return "/" }
            defer { free(path) }
            return String(cString: path)
        }
    }

    public let configuration: Configuration
    private let idle = Mutex<[HostConnection]>([])
    /// Connections kept for reuse, at most.
    static let maximumIdleConnections = 4
    /// A pooled connection unused this long is dropped (the server closes them after 300 s).
    static let maximumIdleTime: Duration = .seconds(240)

    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    // MARK: Catalog and policy

    /// The installed apps, extensions and intents, with the App Intents metadata the host knows.
    /// - Throws: `IntentsClientError`.
    public func catalog() async throws -> CatalogSnapshot {
        guard case .catalog(let catalog) = try await request(.catalog) else { throw Self.unexpected("catalog") }
        return catalog
    }

    /// The catalog now, then after each change (a bundle dropped in, replaced or removed, App
    /// Intents learned), until the consumer stops iterating. A watcher that falls behind gets
    /// the newest catalog, not every one in between.
    public func catalogChanges() -> AsyncThrowingStream<CatalogSnapshot, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: CatalogSnapshot.self, bufferingPolicy: .bufferingNewest(1))
        let task = Task {
            do {
                let connection = try await self.connect(replyTimeout: nil)
                try await withTaskCancellationHandler {
                    try await connection.send(.request(.watchCatalog))
                    while let message = try await connection.receive() {
                        switch message {
                        case .reply(.catalog(let catalog)): continuation.yield(catalog)
                        case .reply(.failure(let failure)): throw IntentsClientError(failure)
                        default: throw Self.unexpected("catalog")
                        }
                    }
                    throw IntentsClientError(.connectionLost, "The intents server for \(configuration.stateFolder) stopped watching its catalog (it ended).")
                } onCancel: {
                    connection.shutDown()
                }
            } catch {
                continuation.finish(throwing: Task.isCancelled ? nil : error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The policy matrix: each installed intent's verdict in each lock state, authorization and source.
    /// - Parameters:
    ///   - names: apps, extensions, intents or activity types whose rows to return; empty: all.
    ///     One that names nothing installed is a `usage` failure.
    ///   - appsFolders: the folders the caller means; a `usage` failure when the server serves
    ///     others. Nil: the server's.
    public func policyMatrix(names: [String] = [], appsFolders: [String]? = nil) async throws -> PolicyTable {
        guard case .policyMatrix(let table) = try await request(.policyMatrix(PolicyMatrixRequest(names: names, appsFolders: appsFolders))) else {
            throw Self.unexpected("policy matrix")
        }
        return table
    }

    // MARK: Conversations

    /// Runs a conversation: resolve, confirm and handle for a SiriKit intent, `perform()` for an
    /// App Intent, in the extension's sandbox, through the host's policy gate.
    /// - Parameters:
    ///   - request: the intent, its app when several support it, and its parameters.
    ///   - answering: answers each question, in order (a value, a choice's index, yes or no);
    ///     `.none` ends the conversation with `inputRequired`. Called only when
    ///     `request.interactive` is true.
    ///   - notice: told what the host says without asking (why an answer was not usable).
    /// - Returns: how it ended, a failure response included (a failure is not an error).
    /// - Throws: `IntentsClientError`: `refusedByPolicy` (nothing ran), `noExtension`, `usage`,
    ///   `inputRequired`, `extensionFailed`, `requestTimedOut`, and the connection's errors.
    public func run(_ request: RunRequest,
                    answering: @Sendable (Question) async throws -> Answer = { _ in .none },
                    notice: @Sendable (Question) async -> Void = { _ in }) async throws -> ConversationResult {
        try await withConnection { connection in
            try await connection.send(.request(.run(request)))
            return try await Self.converse(on: connection, answering: answering, notice: notice) { reply in
                guard case .conversation(let result) = reply else { throw Self.unexpected("conversation") }
                return result
            }
        }
    }

    /// Answers a conversation's questions and passes on its notices until `end` makes something
    /// of another reply (nil: go on reading); a failure reply is thrown.
    private static func converse<Ending>(on connection: HostConnection, answering: @Sendable (Question) async throws -> Answer,
                                         notice: @Sendable (Question) async -> Void,
                                         until end: (HostReply) async throws -> Ending?) async throws -> Ending {
        while true {
            switch try await reply(from: connection) {
            case .question(let question):
                let answer = try await answering(question)
                try await connection.send(.request(.answer(answer)))
            case .notice(let said):
                await notice(said)
            case .failure(let failure):
                throw IntentsClientError(failure)
            case let reply:
                if let ending = try await end(reply) { return ending }
            }
        }
    }

    /// How a `say` ended after its phrase was matched.
    public enum SayEnding: Hashable, Sendable {
        /// The phrase ran nothing: it asked what the apps can do, or matched no phrase (what
        /// `spoken` was told says which).
        case nothing
        /// The matched intent's conversation ended.
        case conversation(ConversationResult)
        /// The matched user activity was continued by its app.
        case continuation(ActivityContinuationResult)
    }

    /// Runs what a phrase asks, as `intents say` does. Only the `intents` command may (the
    /// server judges the run from the phrase's source: a voice shortcut, an App Shortcut).
    /// - Parameters:
    ///   - request: the phrase, and how to run what it matches (as a `RunRequest` is run).
    ///   - spoken: told first what the phrase asked: help, no match, or the match about to run.
    ///   - answering: answers each question of the matched intent's conversation.
    ///   - notice: told what the host says during it.
    /// - Throws: `IntentsClientError`: the request's failure, or the conversation's or the
    ///   continuation's (after `spoken` was told the match).
    public func say(_ request: SayRequest, spoken: @Sendable (SpokenOutcome) async -> Void,
                    answering: @Sendable (Question) async throws -> Answer = { _ in .none },
                    notice: @Sendable (Question) async -> Void = { _ in }) async throws -> SayEnding {
        try await withConnection { connection in
            try await connection.send(.request(.say(request)))
            return try await Self.converse(on: connection, answering: answering, notice: notice) { reply -> SayEnding? in
                switch reply {
                case .spoken(let outcome):
                    await spoken(outcome)
                    guard case .matched = outcome.kind else { return .nothing }
                    return nil
                case .conversation(let result): return .conversation(result)
                case .continuation(let result): return .continuation(result)
                default: throw Self.unexpected("say")
                }
            }
        }
    }

    // MARK: App Intents

    /// Runs an App Entity's query in its extension: suggested entities, entities matching a
    /// string (`EntityStringQuery`), or entities by identifier.
    /// - Parameters:
    ///   - entity: the entity's type name, as the catalog's `AppEntitySchema.typeName` says it.
    ///   - app: the app whose extension declares the entity, when several do.
    ///   - query: suggested entities, entities matching a string, or entities by identifier.
    public func entities(_ entity: String, app: String? = nil, _ query: EntityQueryRequest) async throws -> [IntentValue] {
        guard case .entities(let values) = try await request(.entities(EntitiesRequest(app: app, entity: entity, query: query))) else {
            throw Self.unexpected("entities")
        }
        return values
    }

    /// An App Enum's cases (raw value and title), from the metadata the host knows; nothing runs.
    public func enumCases(_ enumeration: String, app: String? = nil) async throws -> [AppEnumCase] {
        guard case .enumCases(let cases) = try await request(.enumCases(app: app, enumeration: enumeration)) else {
            throw Self.unexpected("enum cases")
        }
        return cases
    }

    // MARK: Phrases and the device

    /// What a phrase matches (voice shortcuts, the apps' example phrases, App Shortcuts),
    /// strongest first; nothing runs.
    public func matchPhrase(_ phrase: String) async throws -> [PhraseMatch] {
        guard case .phraseMatches(let matches) = try await request(.matchPhrase(phrase)) else { throw Self.unexpected("phrase matches") }
        return matches
    }

    /// The lock state and the apps waiting for a Siri decision.
    public func status() async throws -> HostStatus {
        guard case .status(let status) = try await request(.status) else { throw Self.unexpected("status") }
        return status
    }

    /// Locks or unlocks the simulated device. Refused (`refusedByPolicy`) unless the server was
    /// started with `--test-control` (`Configuration.serverArguments`) or this is the `intents` command.
    @discardableResult
    public func setLocked(_ locked: Bool) async throws -> HostStatus {
        try await setLockState(locked ? .locked : .unlocked)
    }

    /// Sets the simulated device's lock state (`lockedBeforeFirstUnlock`: protected data
    /// unavailable too); refused as `setLocked` is.
    @discardableResult
    public func setLockState(_ state: LockStateValue) async throws -> HostStatus {
        guard case .status(let status) = try await request(.setLockState(state)) else { throw Self.unexpected("status") }
        return status
    }

    /// Decides an app's Siri authorization as the user would, and returns it as recorded;
    /// refused as `setLockState` is.
    /// - Parameters:
    ///   - app: the app's name or bundle identifier.
    ///   - status: the decision (`notDetermined` forgets it: the app's next request asks again).
    @discardableResult
    public func authorize(app: String, _ status: SiriAuthorizationValue) async throws -> AppAuthorization {
        guard let decided = try await authorize(AuthorizeRequest(app: app, status: status)).first else { throw Self.unexpected("authorization") }
        return decided
    }

    /// Every installed app's Siri authorization, whether it can ask, and its request waiting for
    /// the user; refused as `setLockState` is.
    public func authorizations() async throws -> [AppAuthorization] {
        try await authorize(AuthorizeRequest())
    }

    /// Sends an `authorize` request: the listing, or the one app's authorization after a decision.
    public func authorize(_ request: AuthorizeRequest) async throws -> [AppAuthorization] {
        guard case .authorizations(let apps) = try await self.request(.authorize(request)) else { throw Self.unexpected("authorizations") }
        return apps
    }

    /// Every app bundle and extension with its paths, intents and lock restrictions, the bundles
    /// refused and the intents several apps claim, as `intents apps` shows them. Extensions
    /// whose App Intents are not known yet are asked for them (in their sandbox). Only the
    /// user's `intents` command is told it (`refusedByPolicy` for any other process: `catalog()`
    /// has the apps without their paths).
    /// - Parameter appsFolders: the folders the caller means; a `usage` failure when the server
    ///   serves others. Nil: the server's.
    public func apps(appsFolders: [String]? = nil) async throws -> AppsListing {
        guard case .apps(let listing) = try await request(.apps(appsFolders: appsFolders)) else { throw Self.unexpected("apps") }
        return listing
    }

    // MARK: Donations, voice shortcuts, suggestions (the user's; refused as `setLockState` is)

    /// Donations, oldest first; of `app` (name or bundle identifier) when given.
    public func donations(app: String? = nil) async throws -> DonationListing {
        guard case .donations(let listing) = try await records(.donations(app: app)) else { throw Self.unexpected("donations") }
        return listing
    }

    /// Deletes donations by identifier (of `app` when given; needed when several apps used one),
    /// or all of them (of `app`) with `all`; returns how many were deleted.
    public func deleteDonations(_ identifiers: [String], app: String? = nil, all: Bool = false) async throws -> Int {
        guard case .deleted(let count) = try await records(.deleteDonations(identifiers: identifiers, app: app, all: all)) else {
            throw Self.unexpected("deleted")
        }
        return count
    }

    /// Voice shortcuts, then the App Shortcuts the host uses.
    public func voiceShortcuts() async throws -> VoiceShortcutListing {
        guard case .voiceShortcuts(let listing) = try await records(.voiceShortcuts) else { throw Self.unexpected("voice shortcuts") }
        return listing
    }

    /// Attaches `phrase` to a donation and returns the voice shortcut made.
    public func addVoiceShortcut(phrase: String, donation: String, app: String? = nil) async throws -> ListedVoiceShortcut {
        guard case .voiceShortcut(let shortcut) = try await records(.addVoiceShortcut(phrase: phrase, donation: donation, app: app)) else {
            throw Self.unexpected("voice shortcut")
        }
        return shortcut
    }

    /// Gives a voice shortcut (its UUID) a new phrase.
    public func renameVoiceShortcut(_ identifier: String, to phrase: String) async throws {
        guard case .done = try await records(.renameVoiceShortcut(identifier: identifier, phrase: phrase)) else { throw Self.unexpected("done") }
    }

    /// Deletes a voice shortcut (its UUID); a `usage` failure when none has it.
    public func deleteVoiceShortcut(_ identifier: String) async throws {
        guard case .done = try await records(.deleteVoiceShortcut(identifier: identifier)) else { throw Self.unexpected("done") }
    }

    /// The donated shortcuts ranked for now, at most `limit` (1 to 1000).
    public func suggestions(limit: Int = 5) async throws -> SuggestionListing {
        guard case .suggestions(let listing) = try await records(.suggestions(limit: limit)) else { throw Self.unexpected("suggestions") }
        return listing
    }

    /// Sends `request` in this process's time zone (its `TZ`), for the server's apps folders.
    private func records(_ request: RecordsRequest) async throws -> HostReply {
        try await records(RecordsCommand(request, timeZone: LocalAPISocket.processEnvironment["TZ"]))
    }

    /// Sends a records command as the `intents` command does (with its `TZ` and `--apps`), and
    /// returns the reply: `donations`, `deleted`, `voiceShortcuts`, `voiceShortcut`,
    /// `suggestions` or `done` (the typed methods above unwrap them).
    public func records(_ command: RecordsCommand) async throws -> HostReply {
        try await request(.records(command))
    }

    /// The user vocabulary apps set and the apps' `AppIntentVocabulary.plist`; refused as
    /// `setLockState` is.
    /// - Parameter appsFolders: the folders the caller means; a `usage` failure when the server
    ///   serves others. Nil: the server's.
    public func vocabulary(appsFolders: [String]? = nil) async throws -> VocabularyListing {
        guard case .vocabulary(let listing) = try await request(.vocabulary(appsFolders: appsFolders)) else { throw Self.unexpected("vocabulary") }
        return listing
    }

    /// The server's folders, catalog counts and sandbox, as `intents status` shows them. Only
    /// the user's `intents` command is told them (`refusedByPolicy` for any other process).
    /// - Parameter appsFolders: the folders the caller means; a `usage` failure when the server
    ///   serves others. Nil: the server's.
    public func setup(appsFolders: [String]? = nil) async throws -> HostSetup {
        guard case .setup(let setup) = try await request(.setup(appsFolders: appsFolders)) else { throw Self.unexpected("setup") }
        return setup
    }

    // MARK: Connections

    /// Sends a one-reply request and returns its reply; a failure reply is thrown. These
    /// requests change nothing twice if repeated, so one that finds its pooled connection closed
    /// by the server (idle too long, or a server that stopped) is sent again on a new connection.
    private func request(_ request: HostRequest) async throws -> HostReply {
        let exchange: @Sendable (HostConnection) async throws -> HostReply = { connection in
            try await connection.send(.request(request))
            let reply = try await Self.reply(from: connection)
            if case .failure(let failure) = reply { throw IntentsClientError(failure) }
            return reply
        }
        do {
            return try await withConnection(exchange)
        } catch let error as IntentsClientError where error.code == .connectionLost && !Task.isCancelled {
            dropIdleConnections()
            return try await withConnection(exchange)
        }
    }

    /// Closes the connections kept for reuse, so that a server this client started can end once
    /// idle (`serverIdleExitSeconds`) rather than stay up for them. Later calls connect anew.
    public func closeIdleConnections() {
        dropIdleConnections()
    }

    /// Closes the pooled connections (after one was found closed by the server).
    private func dropIdleConnections() {
        let dropped = idle.withLock { pool in
            defer { pool.removeAll() }
            return pool
        }
        dropped.forEach { $0.shutDown() }
    }

    private static func reply(from connection: HostConnection) async throws -> HostReply {
        let message: ServerMessage?
        do {
            message = try await connection.receive()
        } catch let error as ProtocolError where error.code == .versionMismatch {
            throw IntentsClientError(.protocolMismatch, "The intents server speaks another version of the local API (\(error.message)); restart it with this build's intents-host.")
        } catch let error as ProtocolError {
            throw IntentsClientError(.connectionLost, "The connection to the intents server failed: \(error.message)")
        }
        guard let message else { throw IntentsClientError(.connectionLost, "The intents server closed the connection before it answered.") }
        guard case .reply(let reply) = message else { throw unexpected("host-API reply") }
        return reply
    }

    /// Runs `body` on a pooled connection, or a new one; the connection goes back to the pool
    /// only when `body` finished its exchange (a connection left mid-conversation is closed).
    private func withConnection<Result>(_ body: (HostConnection) async throws -> Result) async throws -> Result {
        let connection = try await takeConnection()
        do {
            let result = try await body(connection)
            giveBack(connection)
            return result
        } catch let error as IntentsClientError where ![.connectionLost, .protocolMismatch, .cancelled, .inputRequired].contains(error.code) {
            // The server answered with a failure: the exchange is over and the connection sound.
            giveBack(connection)
            throw error
        } catch let error as ProtocolError {
            connection.shutDown()
            throw IntentsClientError(.connectionLost, "The connection to the intents server failed: \(error.message)")
        } catch {
            connection.shutDown()
            throw error
        }
    }

    private func takeConnection() async throws -> HostConnection {
        let now = ContinuousClock.now
        while let reused = idle.withLock({ pool -> HostConnection? in
            pool.removeAll { now - $0.lastUsed > Self.maximumIdleTime }
            return pool.popLast()
        }) {
            // Between requests the server sends nothing: anything to read is its end.
            if reused.isOpen { return reused }
            reused.shutDown()
        }
        return try await connect(replyTimeout: configuration.replyTimeout)
    }

    private func giveBack(_ connection: HostConnection) {
        connection.lastUsed = .now
        idle.withLock { pool in
            if pool.count < Self.maximumIdleConnections { pool.append(connection) }
        }
    }

    /// A new connection to the server of the state folder, starting one if allowed.
    private func connect(replyTimeout: Duration?) async throws -> HostConnection {
        // No SIGPIPE handling here: frames are sent with MSG_NOSIGNAL, and a library leaves the
        // program's signal dispositions alone.
        let configuration = self.configuration
        if let socket = LocalAPISocket.connect(stateFolder: configuration.stateFolder) {
            return HostConnection(socket: socket, replyTimeout: replyTimeout, blocksCallingThread: configuration.blocksCallingThread)
        }
        let socket = try await ServerLauncher.startOffPool(configuration)
        return HostConnection(socket: socket, replyTimeout: replyTimeout, blocksCallingThread: configuration.blocksCallingThread)
    }

    private static func unexpected(_ wanted: String) -> IntentsClientError {
        IntentsClientError(.protocolMismatch, "The intents server sent a reply that is not the \(wanted) asked for.")
    }
}
