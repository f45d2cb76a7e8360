import ExtensionProtocol
import Foundation
import IntentsHost
import LocalAPI
import Logging

/// Runs one client's `intents` command in the server, with the client's streams, questions,
/// environment and exit status: the same output and codes as when the command runs embedded.
enum ServedCommand {
    static func run(_ request: CommandRun, for connection: ClientConnection, on host: ServedHost,
                    messages: AsyncStream<Result<ClientMessage, ProtocolError>>.Iterator) async {
        guard connection.peer.isIntentsCommand else {
            connection.send(.standardError("error: only the intents command runs commands through the server; \(connection.peer.executable ?? "this process") is not it.\n"))
            connection.send(.exit(ExitStatus.usage))
            return
        }
        let answers = AnswerQueue(connection: connection, messages: messages)
        var environment = ProcessInfo.processInfo.environment
        for name in CommandRun.forwardedEnvironment { environment[name] = request.environment[name] }
        environment["INTENTS_STATE"] = host.configuration.stateFolder
        let io = CommandIO(writeOutput: { connection.send(.standardOutput($0)); return true },
                           writeError: { connection.send(.standardError($0)) },
                           readLine: { await answers.next() },
                           isInteractive: request.interactive, environment: environment)
        let started = ContinuousClock.now
        let status = await CommandIO.$current.withValue(io) {
            await HostSession.$server.withValue(host) { await IntentsCommand.run(arguments: request.arguments) }
        }
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
