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
    case setLockState(LockArguments)

    /// The command this client runs itself; nil for any other command line (see
    /// `SendArguments`, `LockArguments`) or with `INTENTS_NO_SERVER=1`.
    init?(_ arguments: [String]) {
        let environment = LocalAPISocket.processEnvironment
        if environment["INTENTS_NO_SERVER"] == "1" { return nil }
        let folder = SendThroughHostAPI.currentDirectory()
        if let send = SendArguments(arguments, environment: environment, workingDirectory: folder) {
            self = .send(send)
        } else if let lock = LockArguments(arguments, workingDirectory: folder) {
            self = .setLockState(lock)
        } else {
            return nil
        }
    }

    /// The command's exit status when a server ran it; nil when no server listens.
    func runIfServed() async -> Int32? {
        switch self {
        case .send(let send): await SendThroughHostAPI.runIfServed(send)
        case .setLockState(let lock): await SendThroughHostAPI.setLockState(lock)
        }
    }
}

/// `intents send` run through the typed host API: the client parses its own arguments, sends a
/// `RunRequest`, shows the questions and answers them from `--answer` or the terminal, and
/// prints the end as the embedded host would, byte for byte. `lock` and `unlock` likewise.
enum SendThroughHostAPI {
    /// The command's exit status when a server ran it; nil when no server listens, so that the
    /// embedded host must run it.
    static func runIfServed(_ send: SendArguments) async -> Int32? {
        var configuration = IntentsClient.Configuration(stateFolder: send.stateFolder)
        configuration.startsServer = false
        let client = IntentsClient(configuration)
        signal(SIGPIPE, SIG_IGN)
        let terminal = Terminal(answers: send.answers, interactive: !send.nonInteractive && isatty(0) == 1)
        let report = ConversationReport(intent: send.intent)
        let request = RunRequest(intent: send.intent, app: send.app, text: send.parameters, agreesToSystemConfirmation: send.yes,
                                 interactive: true, appsFolders: send.appsFolders)
        do {
            let result = try await client.run(request, answering: { terminal.answer($0, intent: send.intent) },
                                              notice: { terminal.show(notice: $0, intent: send.intent) })
            let written = send.json ? ClientOutput.write(report.json(result).text + "\n", to: 1)
                : report.lines(result).allSatisfy { ClientOutput.write($0.escapedForTerminal + "\n", to: 1) }
            guard written else { return outputFailed() }
            return ExitCodes.code(for: result)
        } catch let error as IntentsClientError where error.code == .serverUnavailable {
            return nil
        } catch let error as IntentsClientError where [.connectionLost, .protocolMismatch].contains(error.code) {
            ClientOutput.writeError("error: \(error.message)\n")
            return ExitCodes.problems
        } catch let error as IntentsClientError {
            if send.json {
                guard ClientOutput.write(report.json(error.hostFailure).text + "\n", to: 1) else { return outputFailed() }
            } else {
                ClientOutput.writeError("error: \(error.message.escapedForTerminal)\n")
            }
            return ExitCodes.code(forFailure: error.code.rawValue)
        } catch {
            ClientOutput.writeError("error: \(error)\n")
            return ExitCodes.problems
        }
    }

    /// `intents lock` or `unlock`: the server sets the state (only for the `intents` command) and
    /// answers with the device's status.
    static func setLockState(_ lock: LockArguments) async -> Int32? {
        var configuration = IntentsClient.Configuration(stateFolder: lock.stateFolder)
        configuration.startsServer = false
        signal(SIGPIPE, SIG_IGN)
        do {
            let status = try await IntentsClient(configuration).setLockState(lock.state)
            return ClientOutput.write("Device is \(status.lockState).".escapedForTerminal + "\n", to: 1) ? ExitCodes.success : outputFailed()
        } catch let error as IntentsClientError where error.code == .serverUnavailable {
            return nil
        } catch let error as IntentsClientError {
            ClientOutput.writeError("error: \(error.message.escapedForTerminal)\n")
            return [.connectionLost, .protocolMismatch].contains(error.code) ? ExitCodes.problems : ExitCodes.code(forFailure: error.code.rawValue)
        } catch {
            ClientOutput.writeError("error: \(error)\n")
            return ExitCodes.problems
        }
    }

    private static func outputFailed() -> Int32 {
        ClientOutput.writeError("error: the output could not be written: \(String(cString: strerror(errno))).\n")
        return ExitCodes.problems
    }

    static func currentDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "/" }
        defer { free(path) }
        return String(cString: path)
    }
}

/// The user at this terminal: questions and notices on standard error (standard output may
/// carry JSON), answers from `--answer` in order, then from standard input when it is a
/// terminal. The question of which app is answered only from the terminal.
private final class Terminal: Sendable {
    private let scripted: [String]
    private let interactive: Bool
    private let nextScripted = Atomic<Int>(0)

    init(answers: [String], interactive: Bool) {
        self.scripted = answers
        self.interactive = interactive
    }

    func answer(_ question: Question, intent: String) -> Answer {
        question.terminalLines.forEach(Self.printError)
        if !question.choosesApp {
            let index = nextScripted.add(1, ordering: .relaxed).oldValue
            if index < scripted.count {
                Self.printError("> \(scripted[index])")
                return .value(scripted[index])
            }
            nextScripted.store(scripted.count, ordering: .relaxed)
        }
        guard interactive else { return .none }
        ClientOutput.writeError("> ")
        guard let line = Self.readLine() else { return .inputEnded }
        return .value(line)
    }

    /// A notice; the one before the question of which app names the apps, as the host says it.
    func show(notice: Question, intent: String) {
        if notice.choosesApp && !notice.choices.isEmpty {
            Self.printError(ConversationReport.conflictNote(intent: intent, claimants: notice.choices))
        } else {
            notice.terminalLines.forEach(Self.printError)
        }
    }

    private static func printError(_ line: String) {
        ClientOutput.writeError(line.escapedForTerminal + "\n")
    }

    /// One line of standard input without its newline; nil at its end.
    private static func readLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let got = read(0, &byte, 1)
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
