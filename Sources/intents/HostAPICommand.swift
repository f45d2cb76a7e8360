#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CommandReports
import IntentsClient
import Synchronization

/// The commands the client runs itself through the typed host API of the state folder's
/// server; any other command line is forwarded, or run by the embedded host.
enum HostAPICommand: Sendable {
    case send(SendArguments)
    case say(SendArguments)
    case setLockState(LockArguments)
    case status(ListingArguments)
    case authorize(AuthorizeArguments)
    case policy(PolicyArguments)
    case vocabulary(ListingArguments)
    case apps(ListingArguments)
    case records(RecordsArguments)

    /// The command this client runs itself; nil for any command line it does not read whole
    /// (see `SendArguments`, `PlainArguments`, `RecordsArguments`) or with `INTENTS_NO_SERVER=1`.
    init?(_ arguments: [String]) {
        let environment = LocalAPISocket.processEnvironment
        if environment["INTENTS_NO_SERVER"] == "1" { return nil }
        let folder = ClientArguments.currentDirectory()
        if let send = SendArguments(arguments, environment: environment, workingDirectory: folder) {
            self = .send(send)
        } else if let say = SendArguments(arguments, subcommand: "say", environment: environment, workingDirectory: folder),
                  SayReport.hasWords(say.intent) {
            self = .say(say)
        } else if let lock = LockArguments(arguments, environment: environment, workingDirectory: folder) {
            self = .setLockState(lock)
        } else if let status = ListingArguments(arguments, subcommand: "status", environment: environment, workingDirectory: folder) {
            self = .status(status)
        } else if let authorize = AuthorizeArguments(arguments, environment: environment, workingDirectory: folder) {
            self = .authorize(authorize)
        } else if let policy = PolicyArguments(arguments, environment: environment, workingDirectory: folder) {
            self = .policy(policy)
        } else if let vocabulary = ListingArguments(arguments, subcommand: "vocabulary", environment: environment, workingDirectory: folder) {
            self = .vocabulary(vocabulary)
        } else if let apps = ListingArguments(arguments, subcommand: "apps", environment: environment, workingDirectory: folder) {
            self = .apps(apps)
        } else if let records = RecordsArguments(arguments, environment: environment, workingDirectory: folder) {
            self = .records(records)
        } else {
            return nil
        }
    }

    /// The command's exit status when a server ran it; nil when no server listens.
    func runIfServed() async -> Int32? {
        switch self {
        case .send(let send): await Self.send(send)
        case .say(let say): await SayRun(say).run(client: Self.client(stateFolder: say.stateFolder))
        case .setLockState(let lock):
            await Self.exchange(stateFolder: lock.stateFolder) { client in
                .lines(["Device is \(try await client.setLockState(lock.state).lockState)."])
            }
        case .status(let status):
            await Self.exchange(stateFolder: status.stateFolder) { client in
                let setup = try await client.setup(appsFolders: status.appsFolders)
                return status.json ? .json(StatusReport.json(setup)) : .lines(StatusReport.lines(setup))
            }
        case .authorize(let authorize):
            await Self.exchange(stateFolder: authorize.stateFolder, failuresAsJSON: authorize.json) { client in
                let apps = try await client.authorize(authorize.request)
                let agents = authorize.request.agents
                guard authorize.request.status != nil, let app = apps.first else {
                    return authorize.json ? .json(AuthorizationReport.json(apps, agents: agents)) : .lines(AuthorizationReport.lines(apps, agents: agents))
                }
                return authorize.json ? .json(AuthorizationReport.decisionJSON(app, agents: agents))
                    : .lines([AuthorizationReport.decisionLine(app, agents: agents)])
            }
        case .policy(let policy):
            await Self.exchange(stateFolder: policy.stateFolder, failuresAsJSON: policy.json) { client in
                let table = try await client.policyMatrix(names: policy.request.names, appsFolders: policy.request.appsFolders)
                return .warned(PolicyReport.warnings(table), policy.json ? .json(PolicyReport.json(table)) : .lines(PolicyReport.lines(table)))
            }
        case .vocabulary(let vocabulary):
            await Self.exchange(stateFolder: vocabulary.stateFolder, failuresAsJSON: vocabulary.json) { client in
                let listing = try await client.vocabulary(appsFolders: vocabulary.appsFolders)
                return vocabulary.json ? .json(VocabularyReport.json(listing)) : .lines(VocabularyReport.lines(listing))
            }
        case .apps(let apps):
            await Self.exchange(stateFolder: apps.stateFolder) { client in
                let listing = try await client.apps(appsFolders: apps.appsFolders)
                return apps.json ? .json(AppsReport.json(listing)) : .lines(AppsReport.lines(listing))
            }
        case .records(let records):
            await Self.exchange(stateFolder: records.stateFolder, failuresAsJSON: records.json) { client in
                try Self.output(of: try await client.records(records.command), for: records)
            }
        }
    }
}

extension HostAPICommand {
    /// `intents send`: the client sends a `RunRequest`, shows the questions and answers them
    /// from `--answer` or the terminal, and prints the end as the embedded host would, byte for
    /// byte. Nil when no server listens, so that the embedded host must run it.
    static func send(_ send: SendArguments) async -> Int32? {
        let client = client(stateFolder: send.stateFolder)
        let terminal = Terminal(answers: send.answers, interactive: !send.nonInteractive && isatty(0) == 1)
        let report = ConversationReport(intent: send.intent)
        let request = RunRequest(intent: send.intent, app: send.app, text: send.parameters, agreesToSystemConfirmation: send.yes,
                                 interactive: true, appsFolders: send.appsFolders, stepTimeout: send.stepTimeout)
        do {
            let result = try await client.run(request, answering: { terminal.answer($0, intent: send.intent) },
                                              notice: { terminal.show(notice: $0, intent: send.intent) })
            let written = send.json ? ClientOutput.write(report.json(result).text + "\n", to: 1)
                : report.lines(result).allSatisfy { ClientOutput.write($0.escapedForTerminal + "\n", to: 1) }
            let status = ExitCodes.code(for: result)
            return written ? status : outputFailed(status)
        } catch let error as IntentsClientError where error.code == .serverUnavailable {
            return nil
        } catch let error as IntentsClientError where [.connectionLost, .protocolMismatch].contains(error.code) {
            ClientOutput.writeError("error: \(error.message.escapedForTerminal)\n")
            return ExitCodes.problems
        } catch let error as IntentsClientError {
            if send.json {
                guard ClientOutput.write(report.json(error.hostFailure).text + "\n", to: 1) else {
                    return outputFailed(ExitCodes.code(forFailure: error.code.rawValue))
                }
            } else {
                ClientOutput.writeError("error: \(error.message.escapedForTerminal)\n")
            }
            return ExitCodes.code(forFailure: error.code.rawValue)
        } catch {
            ClientOutput.writeError("error: \(error)\n")
            return ExitCodes.problems
        }
    }

    /// What a records command prints of its reply, as the embedded host prints it.
    /// - Throws: `IntentsClientError` (`protocol`) for a reply that is not the one asked for.
    private static func output(of reply: HostReply, for records: RecordsArguments) throws -> Output {
        let json = records.json
        switch (reply, records.printing) {
        case (.donations(let listing), _):
            return .warned(listing.warnings, json ? .json(RecordsReport.json(listing)) : .lines(RecordsReport.lines(listing)))
        case (.voiceShortcuts(let listing), _):
            return .warned(listing.warnings, json ? .json(RecordsReport.json(listing)) : .lines(RecordsReport.lines(listing)))
        case (.suggestions(let listing), _):
            return .warned(listing.warnings, json ? .json(RecordsReport.json(listing)) : .lines(RecordsReport.lines(listing)))
        case (.voiceShortcut(let shortcut), _):
            return json ? .json(RecordsReport.addedJSON(shortcut)) : .lines([RecordsReport.addedLine(shortcut)])
        case (.deleted(let count), _):
            return .lines([RecordsReport.deletedLine(count)])
        case (.done, .renamed(let identifier, let phrase)):
            return .lines([RecordsReport.renamedLine(identifier: identifier, phrase: phrase)])
        case (.done, .deleted(let identifier)):
            return .lines([RecordsReport.deletedLine(shortcut: identifier)])
        default:
            throw IntentsClientError(.protocolMismatch, "The intents server sent a reply that is not the one asked for.")
        }
    }

    /// What a one-request command prints: lines of text, or one JSON object, perhaps after
    /// warnings on standard error.
    indirect enum Output {
        case lines([String])
        case json(JSONValue)
        case warned([String], Output)

        /// Writes it; false when standard output could not be written.
        func write() -> Bool {
            switch self {
            case .lines(let lines): return lines.allSatisfy { ClientOutput.write($0.escapedForTerminal + "\n", to: 1) }
            case .json(let object): return ClientOutput.write(object.text + "\n", to: 1)
            case .warned(let warnings, let output):
                for warning in warnings { ClientOutput.writeError(warning.escapedForTerminal + "\n") }
                return output.write()
            }
        }
    }

    /// Runs a command of one request and one reply (`lock`, `status`, `authorize`, `policy`,
    /// `vocabulary`, `apps`, the records) and prints what `body` makes of the reply. A failure is said on standard error, or with
    /// `failuresAsJSON` as the embedded host's JSON error object; nil when no server listens.
    static func exchange(stateFolder: String?, failuresAsJSON: Bool = false,
                         _ body: @Sendable (IntentsClient) async throws -> Output) async -> Int32? {
        do {
            return try await body(client(stateFolder: stateFolder)).write() ? ExitCodes.success : outputFailed(ExitCodes.success)
        } catch let error as IntentsClientError where error.code == .serverUnavailable {
            return nil
        } catch let error as IntentsClientError where [.connectionLost, .protocolMismatch].contains(error.code) || !failuresAsJSON {
            // A lost connection or another API version are no host error code: 1.
            ClientOutput.writeError("error: \(error.message.escapedForTerminal)\n")
            return ExitCodes.code(forFailure: error.code.rawValue)
        } catch let error as IntentsClientError {
            let status = ExitCodes.code(forFailure: error.code.rawValue)
            return ClientOutput.write(FailureReport.json(code: error.code.rawValue, message: error.message).text + "\n", to: 1)
                ? status : outputFailed(status)
        } catch {
            ClientOutput.writeError("error: \(error)\n")
            return ExitCodes.problems
        }
    }

    /// A client of the state folder's server that never starts one (with none, the embedded
    /// host runs the command); a reader gone from stdout is then an error, not a signal.
    static func client(stateFolder: String?) -> IntentsClient {
        var configuration = IntentsClient.Configuration(stateFolder: stateFolder)
        configuration.startsServer = false
        // Its tasks run on the main thread (`waitFor`), which is free to block.
        configuration.blocksCallingThread = true
        signal(SIGPIPE, SIG_IGN)
        return IntentsClient(configuration)
    }

    /// Says that standard output could not be written; the command's own status stands, or 1
    /// instead of a success, as the embedded host exits.
    static func outputFailed(_ status: Int32) -> Int32 {
        ClientOutput.writeError("error: the output could not be written: \(String(cString: strerror(errno))).\n")
        return status == ExitCodes.success ? ExitCodes.problems : status
    }
}
