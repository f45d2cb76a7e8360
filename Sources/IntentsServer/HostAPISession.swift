import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy
import IntentsHost
import LocalAPI
import Logging
import SystemCalls
import SystemStore

/// Serves typed host-API requests on one connection, one at a time, until the client hangs
/// up or stays silent for `idleTimeout`.
enum HostAPISession {
    /// How long a connection may wait between two requests before it is closed; a client keeps
    /// a connection for less (`IntentsClient` drops its idle ones sooner) and opens another.
    static let idleTimeout: Duration = .seconds(300)

    static func serve(_ first: HostRequest, inbox: ConnectionInbox, host: ServedHost) async {
        var request = first
        while true {
            if case .watchCatalog = request {
                await watchCatalog(inbox: inbox, host: host)
                return
            }
            let started = ContinuousClock.now
            let reply = await answer(request, inbox: inbox, host: host)
            if request.isUserCommand {
                logUserCommand(request, reply: reply, peer: inbox.connection.peer, host: host)
            } else if host.logger.logLevel <= .debug {
                host.logger.debug("request served", metadata: ["pid": "\(inbox.connection.peer.processID)", "request": "\(request.name)",
                                                               "us": "\((ContinuousClock.now - started).nanoseconds / 1000)"])
            }
            guard send(reply, on: inbox.connection), host.idleConnections.enter(inbox.connection) else { return }
            let next = await inbox.next(within: idleTimeout)
            host.idleConnections.leave(inbox.connection)
            guard let next else { return }
            guard case .request(let following) = next else {
                inbox.connection.send(.reply(.failure(HostFailure(code: "protocol", message: "A connection that made host-API requests sent another kind of message; it is closed."))))
                return
            }
            request = following
        }
    }

    /// Sends `reply`, or, when it exceeds the local API's frame limit, a failure that says so.
    /// A conversation's result is sent without its transcript when only that makes it fit: the
    /// intent ran, and its client must hear how it ended.
    static func send(_ reply: HostReply, on connection: ClientConnection) -> Bool {
        do {
            return connection.send(frame: try localAPICodec.encode(ServerMessage.reply(reply)))
        } catch {
            if case .conversation(var result) = reply, !result.transcript.isEmpty {
                result.transcript = []
                return send(.conversation(result), on: connection)
            }
            let reason = (error as? ProtocolError)?.message ?? "\(error)"
            let ran = if case .conversation(let result) = reply { " The conversation ended (\(result.status.rawValue), \(result.response.codeName)), but its result is too large to send." } else { "" }
            return connection.send(.reply(.failure(HostFailure(code: "badState", message: "The reply cannot be sent over the local API: \(reason)\(ran)"))))
        }
    }

    /// One request's reply; a conversation sends its questions and notices before it.
    static func answer(_ request: HostRequest, inbox: ConnectionInbox, host: ServedHost) async -> HostReply {
        do {
            return try await perform(request, inbox: inbox, host: host)
        } catch let error as HostError {
            return .failure(HostFailure(code: error.code.rawValue, message: error.message, rule: error.policyRule?.rawValue))
        } catch let error as SystemStoreError {
            // As the embedded commands report it: a store that cannot be used is a bad state.
            return .failure(HostFailure(code: error.code == .unavailable || error.code == .corrupt ? "badState" : "usage", message: error.message))
        } catch {
            return .failure(HostFailure(code: "failed", message: "\(error)"))
        }
    }

    private static func perform(_ request: HostRequest, inbox: ConnectionInbox, host: ServedHost) async throws -> HostReply {
        let dispatcher = host.dispatcher
        if inbox.connection.peer.isAgentBridge, !request.isAgentRequest {
            throw HostError(.refusedByPolicy, "The MCP bridge (intents-mcp) reads the catalog and runs intents for agents; it may not ask for \(request.name).")
        }
        switch request {
        case .catalog:
            return .catalog(try await catalog(for: inbox.connection.peer, host: host))
        case .policyMatrix(let request):
            try checkAppsFolders(request.appsFolders, host: host, naming: inbox.connection.peer.isIntentsCommand)
            guard request.names.count <= maximumNames, request.names.allSatisfy({ $0.utf8.count <= BundleName.maximumLength }) else {
                throw HostError(.usage, "A policy request names at most \(maximumNames) rows, each at most \(BundleName.maximumLength) bytes long.")
            }
            var table = HostAPIReplies.policyTable(try dispatcher.policyMatrix().selecting(request.names), lock: dispatcher.lockReading())
            if !inbox.connection.peer.isIntentsCommand {
                // The lock-state reader's and the libraries' sentences name the state folder and
                // the bundles' paths: the `intents` command's to hear, not another process's.
                table.lockStateProblem = table.lockStateProblem.map { _ in "The saved lock state cannot be read." }
                table.problems = table.problems.isEmpty ? [] : ["The App Intents of some extensions are shown as not known: their libraries cannot be read."]
            }
            return .policyMatrix(table)
        case .run(let run):
            try check(run)
            // Folders are named to the user's own `intents` command only: an app (a confined
            // one too) learns no path of the host's from its answers.
            let namesFolders = inbox.connection.peer.isIntentsCommand
            try checkAppsFolders(run.appsFolders, host: host, naming: namesFolders)
            let dispatcher = run.stepTimeout.map { dispatcher.withStepTimeout($0) } ?? dispatcher
            let user = RemoteUser(inbox: inbox, interactive: run.interactive, agreesToSystemConfirmation: run.agreesToSystemConfirmation)
            // The source is the server's to say: a typed run is a direct request, whatever the
            // client is (a test's client of a --test-control server may name another), judged
            // before the client hears anything of the run.
            let source = try source(of: run, peer: inbox.connection.peer, host: host)
            if run.app == nil, let conflict = dispatcher.catalog.conflicts.first(where: { $0.intent == run.intent }) {
                // Before the question of which app: the extensions that support it (with their folders).
                await user.notify(choosingAppAmong: namesFolders ? conflict.claimants : conflict.extensions, for: run.intent)
            }
            let started = ContinuousClock.now
            do {
                // Names are matched against the user's contacts only for the user's `intents`
                // command: any other client (an app the host continued, in its sandbox, too)
                // would learn the contacts' handles from the intent or the questions.
                let result = try await dispatcher.send(run.intent, parameters: run.text.map { ($0.name, $0.value) }, typed: run.values,
                                                       app: run.app, user: user, appChooser: user.choosingApp,
                                                       source: source,
                                                       matchesContacts: inbox.connection.peer.isIntentsCommand)
                logConversation(run, status: result.outcome.declinedByUser ? "declined" : result.outcome.response.codeName,
                                peer: inbox.connection.peer, since: started, host: host)
                return .conversation(HostAPIReplies.conversation(result))
            } catch let error as HostError {
                logConversation(run, status: error.code.rawValue, peer: inbox.connection.peer, since: started, host: host)
                var failure = HostFailure(code: error.code.rawValue, message: error.message, rule: error.policyRule?.rawValue)
                failure.extensionBundle = try? dispatcher.route(run.intent).bundleIdentifier
                return .failure(failure)
            }
        case .watchCatalog:
            throw HostError(.usage, "A catalog watch takes a connection of its own.")
        case .answer:
            throw HostError(.usage, "An answer came with no question waiting for it.")
        case .entities(let query):
            let source: InvocationSource = inbox.connection.peer.isAgentBridge ? .agent : .direct
            return .entities(try await dispatcher.queryEntities(query.entity, app: query.app, request: query.query, source: source))
        case .enumCases(let app, let enumeration):
            return .enumCases(try HostAPIReplies.enumCases(enumeration, app: app, on: dispatcher))
        case .matchPhrase(let phrase):
            let (index, _) = try await host.phraseIndex()
            return .phraseMatches(index.matches(phrase).map(HostAPIReplies.phraseMatch))
        case .status:
            return .status(HostAPIReplies.status(of: host))
        case .setLockState(let state):
            try requireUserControl(inbox.connection.peer, host: host, for: state == .unlocked ? "unlock the device" : "lock the device")
            try dispatcher.lockStore.save(LockState(rawValue: state.rawValue) ?? .locked)
            host.logger.info("lock state set", metadata: ["state": "\(state.rawValue)", "pid": "\(inbox.connection.peer.processID)"])
            return .status(HostAPIReplies.status(of: host))
        case .authorize(let request):
            let peer = inbox.connection.peer
            let what = request.agents ? "consent to agents" : "Siri authorization"
            try requireUserControl(peer, host: host, for: request.status == nil ? "list the apps' \(what)" : "decide an app's \(what)")
            try checkAppsFolders(request.appsFolders, host: host, naming: peer.isIntentsCommand)
            let store = try dispatcher.openSystemStore()
            let agents = request.agents
            let decisions: @Sendable (SystemStore) throws -> [String: SiriAuthorization] = { agents ? try $0.agentConsents() : try $0.authorizations() }
            let pending = agents ? [] : host.authorizationRequests.pending
            guard let name = request.app else {
                guard request.status == nil else { throw HostError(.usage, "A \(what) is decided for one app; this request names none.") }
                return .authorizations(UserReports.authorizations(of: dispatcher.catalog.apps, decisions: try await store.reading(decisions),
                                                                  pending: pending))
            }
            let app = try dispatcher.catalog.app(named: name)
            if let value = request.status {
                let status = SiriAuthorization(rawValue: value.rawValue) ?? .notDetermined
                let identifier = app.bundleIdentifier
                if agents {
                    try await store.writing { try $0.setAgentConsent(status, app: identifier) }
                    host.logger.info("agent consent set", metadata: ["app": "\(identifier)", "status": "\(status.name)", "pid": "\(peer.processID)"])
                    // The bridge's catalog leaves hidden apps out: its watchers hear of a change.
                    host.catalogChanges.changed()
                } else {
                    try await store.writing { try $0.setAuthorization(status, app: identifier) }
                    host.authorizationRequests.decided(status, app: app.bundleIdentifier)
                    host.logger.info("authorization set", metadata: ["app": "\(identifier)", "status": "\(status.name)", "pid": "\(peer.processID)"])
                }
            }
            return .authorizations(UserReports.authorizations(of: [app], decisions: try await store.reading(decisions),
                                                              pending: agents ? [] : host.authorizationRequests.pending))
        case .setup(let folders):
            let peer = inbox.connection.peer
            guard peer.isIntentsCommand else {
                throw HostError(.refusedByPolicy, "Only the user's intents command is told the server's folders; \(peer.executable ?? "process \(peer.processID)") is not it.")
            }
            try checkAppsFolders(folders, host: host, naming: true)
            return .setup(UserReports.setup(configuration: host.configuration, catalog: dispatcher.catalog, lock: dispatcher.lockReading()))
        case .vocabulary(let folders):
            let peer = inbox.connection.peer
            try requireUserControl(peer, host: host, for: "read the apps' vocabulary")
            try checkAppsFolders(folders, host: host, naming: peer.isIntentsCommand)
            let vocabulary = try await dispatcher.openSystemStore().reading { try $0.vocabulary() }
            return .vocabulary(UserReports.vocabulary(user: vocabulary, apps: dispatcher.catalog.apps))
        case .say(let say):
            return try await Self.say(say, inbox: inbox, host: host)
        case .records(let command):
            let peer = inbox.connection.peer
            try requireUserControl(peer, host: host, for: "read or change donations and shortcuts")
            try checkAppsFolders(command.appsFolders, host: host, naming: peer.isIntentsCommand)
            try check(command)
            let catalog = dispatcher.catalog
            return try await RecordCommands.perform(command.request, store: try dispatcher.openSystemStore(), catalog: catalog, timeZone: command.timeZone) {
                catalog.extensions.contains { !$0.appIntents.isEmpty } ? await dispatcher.appShortcuts() : nil
            }
        case .apps(let folders):
            let peer = inbox.connection.peer
            // A test's own server tells its client too: the paths are the test's, and a test host
            // learns its apps' App Intents this way before it locks its device.
            guard peer.isIntentsCommand || host.allowsTestControl else {
                throw HostError(.refusedByPolicy, "Only the user's intents command is told the bundles' paths; \(peer.executable ?? "process \(peer.processID)") is not it; the catalog request lists the apps.")
            }
            try checkAppsFolders(folders, host: host, naming: true)
            var catalog = dispatcher.catalog
            catalog.faults += IntentClassCheck.faults(in: catalog)
            let appIntents = catalog.extensions.contains { !$0.appIntents.isEmpty } ? await dispatcher.appShortcuts() : nil
            return .apps(UserReports.apps(catalog, appIntents: appIntents))
        }
    }

    /// The longest text a parameter or an answer may hold, in UTF-8 bytes (`RunRequest.maximumTextBytes`).
    static let maximumTextBytes = RunRequest.maximumTextBytes
    /// The most names a policy request may select rows by.
    static let maximumNames = 256
    /// The most apps folders a run may name (each is resolved to compare it with the server's).
    static let maximumAppsFolders = 64

    /// The source a run is judged as: `agent` for the MCP bridge's runs, whatever they name; else
    /// `direct`, or the one a test names on a `--test-control` server (refused by policy on any
    /// other: a client that named `agent` would trade the Siri authorization for the user's
    /// consent to agents).
    private static func source(of run: RunRequest, peer: PeerIdentity, host: ServedHost) throws -> InvocationSource {
        if peer.isAgentBridge { return .agent }
        guard let named = run.source, named != .direct else { return .direct }
        guard host.allowsTestControl else {
            throw HostError(.refusedByPolicy, "Only a test's own server (started with --test-control) runs an intent as if from a \(named.rawValue); this run is a direct request.")
        }
        switch named {
        case .direct: return .direct
        case .voiceShortcut: return .voiceShortcut
        case .appShortcut: return .appShortcut
        case .agent: return .agent
        }
    }

    /// Refuses what no intent could take, before anything runs: a name that is not a Swift type
    /// name, text parameters too long.
    private static func check(_ run: RunRequest) throws {
        if let problem = BundleName.problem(with: run.intent, as: .typeName) {
            throw HostError(.usage, "The intent \(String(run.intent.prefix(200)).quotedForDisplay) \(problem).")
        }
        for parameter in run.text where parameter.value.utf8.count > maximumTextBytes || parameter.name.utf8.count > BundleName.maximumLength {
            throw HostError(.usage, "The parameter \(String(parameter.name.prefix(200)).quotedForDisplay) is longer than \(maximumTextBytes) bytes; nothing ran.")
        }
        if let timeout = run.stepTimeout, !RunRequest.allowedStepTimeouts.contains(timeout) {
            throw HostError(.usage, "A step timeout of \(timeout) is out of range; give 0.001 to 86400 seconds.")
        }
    }

    /// Refuses what no record could hold: texts longer than `maximumTextBytes`, a time zone
    /// name longer than a path, more identifiers than a frame of names.
    private static func check(_ command: RecordsCommand) throws {
        var texts = [command.timeZone ?? ""]
        var count = 0
        switch command.request {
        case .donations(let app): texts += [app ?? ""]
        case .deleteDonations(let identifiers, let app, _): texts += identifiers + [app ?? ""]; count = identifiers.count
        case .voiceShortcuts, .suggestions: break
        case .addVoiceShortcut(let phrase, let donation, let app): texts += [phrase, donation, app ?? ""]
        case .renameVoiceShortcut(let identifier, let phrase): texts += [identifier, phrase]
        case .deleteVoiceShortcut(let identifier): texts += [identifier]
        }
        guard count <= maximumIdentifiers, (command.timeZone?.utf8.count ?? 0) <= Int(PATH_MAX), texts.allSatisfy({ $0.utf8.count <= maximumTextBytes }) else {
            throw HostError(.usage, "A request names at most \(maximumIdentifiers) identifiers, each text at most \(maximumTextBytes) bytes; nothing changed.")
        }
    }

    /// The most donation identifiers one request may name.
    static let maximumIdentifiers = 10_000

    /// Refuses a run meant for other apps folders than the server's, as a forwarded command is;
    /// the sentence names the folders (and the server's pid) only when `naming`.
    static func checkAppsFolders(_ asked: [String]?, host: ServedHost, naming: Bool) throws {
        guard let asked else { return }
        if asked.count > maximumAppsFolders || asked.contains(where: { $0.utf8.count > Int(PATH_MAX) || !$0.hasPrefix("/") }) {
            throw HostError(.usage, "A request names at most \(maximumAppsFolders) apps folders, each an absolute path of at most \(PATH_MAX) bytes; this one names \(asked.count) and nothing ran.")
        }
        let meant = asked.map { RealPath.of($0) ?? $0 }
        let served = host.configuration.appsFolders.map { RealPath.of($0) ?? $0 }
        guard meant == served else {
            guard naming else { throw HostError(.usage, "The intents server serves other apps folders than the ones this run names; nothing ran.") }
            throw HostError(.usage, "The intents server for \(host.configuration.stateFolder) serves the apps in \(served.joined(separator: ", ")), not \(meant.joined(separator: ", ")); give its --apps, or stop it (pid \(getpid())) to use others.")
        }
    }

    /// One line per request of a user's command (`isUserCommand`), before its reply is sent:
    /// `say served`, `donations served`..., with the failure's code if any.
    private static func logUserCommand(_ request: HostRequest, reply: HostReply, peer: PeerIdentity, host: ServedHost) {
        let outcome = if case .failure(let failure) = reply { failure.code } else { "ok" }
        host.logger.info("\(request.name) served", metadata: ["pid": "\(peer.processID)", "outcome": "\(outcome)"])
    }

    /// One line per conversation run through the host API (its status is the response's code
    /// name, `declined`, or the error's code).
    private static func logConversation(_ run: RunRequest, status: String, peer: PeerIdentity, since started: ContinuousClock.Instant,
                                        host: ServedHost) {
        host.logger.info("conversation served", metadata: ["pid": "\(peer.processID)", "intent": "\(run.intent)", "status": "\(status)",
                                                           "ms": "\((ContinuousClock.now - started).nanoseconds / 1_000_000)"])
    }

    /// The lock state and authorizations are the user's: set by the user's `intents` command,
    /// or by any client of a server started for tests (`--test-control`, on a private state folder).
    private static func requireUserControl(_ peer: PeerIdentity, host: ServedHost, for action: String) throws {
        guard host.allowsTestControl || peer.isIntentsCommand else {
            throw HostError(.refusedByPolicy, "Only the user's intents command may \(action); \(peer.executable ?? "process \(peer.processID)") is not it (a test library may, on a server it started with --test-control).")
        }
    }

    /// The catalog as `peer` may see it: the MCP bridge's leaves out the apps the user hid from
    /// agents (`intents authorize APP hide --agents`, a consent of `restricted`).
    private static func catalog(for peer: PeerIdentity, host: ServedHost) async throws -> CatalogSnapshot {
        var catalog = HostAPIReplies.catalog(of: host)
        guard peer.isAgentBridge else { return catalog }
        let consents = try await host.dispatcher.openSystemStore().reading { try $0.agentConsents() }
        catalog.apps.removeAll { consents[$0.bundleIdentifier] == .restricted }
        return catalog
    }

    /// The catalog now and at each change, until the client hangs up.
    private static func watchCatalog(inbox: ConnectionInbox, host: ServedHost) async {
        guard let changes = host.catalogChanges.watch() else {
            _ = send(.failure(HostFailure(code: "busy", message: "The server already has \(CatalogChanges.maximumWatchers) catalog watchers; try again when one has ended.")), on: inbox.connection)
            return
        }
        guard host.idleConnections.enter(inbox.connection) else { return }
        defer { host.idleConnections.leave(inbox.connection) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in changes {
                    // A catalog that cannot be filtered for the bridge is not sent: the watch ends.
                    guard let catalog = try? await catalog(for: inbox.connection.peer, host: host),
                          send(.catalog(catalog), on: inbox.connection) else { break }
                }
            }
            group.addTask { await inbox.untilHangUp() }
            await group.next()
            group.cancelAll()
        }
    }
}

extension HostRequest {
    /// Whether the MCP bridge may ask for it: the catalog, policy, status, runs, and entity and
    /// enumeration queries (a run's own, as an agent's); never the user's commands or records.
    var isAgentRequest: Bool {
        switch self {
        case .catalog, .watchCatalog, .policyMatrix, .run, .answer, .entities, .enumCases, .status: true
        default: false
        }
    }

    /// The request's kind, for the log.
    var name: String {
        switch self {
        case .catalog: "catalog"
        case .watchCatalog: "watchCatalog"
        case .policyMatrix: "policyMatrix"
        case .run: "run"
        case .answer: "answer"
        case .entities: "entities"
        case .enumCases: "enumCases"
        case .matchPhrase: "matchPhrase"
        case .status: "status"
        case .setLockState: "setLockState"
        case .authorize: "authorize"
        case .setup: "setup"
        case .vocabulary: "vocabulary"
        case .apps: "apps"
        case .say: "say"
        case .records(let command):
            switch command.request {
            case .donations: "donations"
            case .deleteDonations: "deleteDonations"
            case .voiceShortcuts: "voiceShortcuts"
            case .addVoiceShortcut: "addVoiceShortcut"
            case .renameVoiceShortcut: "renameVoiceShortcut"
            case .deleteVoiceShortcut: "deleteVoiceShortcut"
            case .suggestions: "suggestions"
            }
        }
    }

    /// Whether it is what one of the user's commands sends (`intents say`, `apps`, `status`,
    /// `authorize`, `policy`, `vocabulary`, `donations`, `shortcuts`, `suggestions`): logged at
    /// info, one line each.
    var isUserCommand: Bool {
        switch self {
        case .authorize, .setup, .policyMatrix, .vocabulary, .apps, .say, .records: true
        default: false
        }
    }
}
