import ExtensionProtocol
import Foundation
import IntentsHost
import LocalAPI
import Logging

/// Runs one client's `intents` command in the server, with the client's streams, questions,
/// environment and exit status: the same output and codes as when the command runs embedded.
/// The command line itself is the CLI's to run (`Runner`); this server only checks that the
/// peer is the `intents` command and carries its streams.
public enum ServedCommand {
    /// Where a served command's streams and questions go: the client's.
    public struct IO: Sendable {
        /// Writes standard output; false when it could not be written.
        public var writeOutput: @Sendable (String) -> Bool
        public var writeError: @Sendable (String) -> Void
        /// One line the user typed, without its newline; nil at the end of input.
        public var readLine: @Sendable () async -> String?
        /// Whether the client's standard input is a terminal.
        public var isInteractive: Bool
        /// The server's environment with the client's forwarded variables (`CommandRun.forwardedEnvironment`).
        public var environment: [String: String]
    }

    /// Runs an `intents` command line (without the program name) against the server's host;
    /// returns its exit status.
    public typealias Runner = @Sendable (_ arguments: [String], _ io: IO, _ host: ServedHost) async -> Int32

    /// The exit status of a refused command (the CLI's usage status).
    static let usageStatus: Int32 = 2

    static func run(_ request: CommandRun, for connection: ClientConnection, on host: ServedHost, runner: Runner,
                    messages: AsyncStream<Result<ClientMessage, ProtocolError>>.Iterator) async {
        guard connection.peer.isIntentsCommand else {
            connection.send(.standardError("error: only the intents command runs commands through the server; \(connection.peer.executable ?? "this process") is not it.\n"))
            connection.send(.exit(usageStatus))
            return
        }
        let answers = AnswerQueue(connection: connection, messages: messages)
        var environment = ProcessInfo.processInfo.environment
        for name in CommandRun.forwardedEnvironment { environment[name] = request.environment[name] }
        environment["INTENTS_STATE"] = host.configuration.stateFolder
        let io = IO(writeOutput: { connection.send(.standardOutput($0)); return true },
                    writeError: { connection.send(.standardError($0)) },
                    readLine: { await answers.next() },
                    isInteractive: request.interactive, environment: environment)
        let started = ContinuousClock.now
        let status = await runner(request.arguments, io, host)
        // Logged before the client hears the status, so that the line is there when it exits.
        host.logger.info("command served", metadata: ["pid": "\(connection.peer.processID)", "command": "\(commandName(request.arguments))",
                                                      "status": "\(status)", "ms": "\((ContinuousClock.now - started).nanoseconds / 1_000_000)"])
        connection.send(.exit(status))
    }
}

/// The subcommand among `arguments`, for the log.
private func commandName(_ arguments: [String]) -> String {
    arguments.first { CommandRun.servedCommands.contains($0) } ?? "?"
}

/// The client's typed lines, asked for one at a time: a conversation asks its questions in
/// turn, so `next` is never called twice at once.
final class AnswerQueue: @unchecked Sendable {
    private let connection: ClientConnection
    private var messages: AsyncStream<Result<ClientMessage, ProtocolError>>.Iterator

    init(connection: ClientConnection, messages: AsyncStream<Result<ClientMessage, ProtocolError>>.Iterator) {
        self.connection = connection
        self.messages = messages
    }

    /// Asks the client for a line; nil when its input ended or it went away.
    func next() async -> String? {
        guard connection.send(.readLine) else { return nil }
        while let message = await messages.next() {
            if case .success(.line(let line)) = message { return line }
            if case .failure = message { return nil }
        }
        return nil
    }
}
