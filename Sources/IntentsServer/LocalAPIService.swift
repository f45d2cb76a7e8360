import Deadlines
import ExtensionProtocol
import Foundation
import IntentsHost
import LocalAPI
import Logging
import ServiceLifecycle

/// The local API as a service: accepts connections until graceful shutdown, then lets the
/// commands under way finish (the service group bounds how long).
struct LocalAPIService: Service {
    let host: ServedHost
    let listener: LocalAPIListener
    /// Runs forwarded command lines.
    let commandRunner: ServedCommand.Runner
    /// Told when a connection is accepted and when it is gone (the server's idle exit watches it).
    var activity: ServerActivity?
    /// Connections served at once, per holder (`ConnectionBudget.Limits`); more are refused.
    var budget = ConnectionBudget()
    /// Called once when the service starts: the service group handles SIGTERM and SIGINT by
    /// then (it traps them before it starts its services), so a launcher told "ready" here may
    /// stop the server at once and get a graceful end, not a death by the signal.
    var onStart: (@Sendable () -> Void)?
    /// How long a new connection may take to say what it wants.
    /// Generous: an async client on a loaded machine may wait seconds for a thread between
    /// connecting and sending; the connection budgets bound what silent connections can hold.
    static let firstMessageTimeout: Duration = .seconds(30)

    func run() async throws {
        let connections = listener.connections(activity: activity)
        activity?.start()
        onStart?()
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                for await connection in connections {
                    guard let slot = admit(connection) else { continue }
                    group.addTask {
                        await serve(connection, holding: slot)
                        slot.release()
                    }
                }
            }
        } onGracefulShutdown: {
            host.logger.info("stopping: no new connections; waiting for the commands under way")
            listener.stop()
            host.idleConnections.stopAll()
        }
    }

    private func serve(_ connection: ClientConnection, holding slot: ConnectionSlot) async {
        await answer(connection, holding: slot)
        await connection.finish()
    }

    private func answer(_ connection: ClientConnection, holding slot: ConnectionSlot) async {
        var messages = connection.messages.makeAsyncIterator()
        let first = await Self.first(of: &messages, within: Self.firstMessageTimeout, connection: connection, clock: host.configuration.deadlineClock)
        switch first {
        case .success(.run(let request))?:
            await ServedCommand.run(request, for: connection, on: host, runner: commandRunner, messages: messages)
        case .success(.app(let request))?:
            // The answer is abandoned when the app hangs up (an authorization request may wait
            // for the user for long): nothing waits for a process that has gone.
            let reply = await Self.untilHangUp(&messages) {
                await AppRequests.answer(request, from: connection.peer, holding: slot, on: host)
            }
            if let reply { connection.send(.appReply(reply)) }
        case .success(.request(let request))?:
            await HostAPISession.serve(request, inbox: ConnectionInbox(connection: connection, messages: messages, clock: host.configuration.deadlineClock), host: host)
        case .success(.line)?, nil:
            break
        case .failure(let error)?:
            host.logger.warning("bad frame from a client", metadata: ["pid": "\(connection.peer.processID)", "error": "\(error.message)"])
        }
    }

    /// The first message, or nil when none comes within `timeout` (the connection is then cut).
    private static func first(of messages: inout AsyncStream<Result<ClientMessage, ProtocolError>>.Iterator, within timeout: Duration,
                              connection: ClientConnection, clock: DeadlineClock) async -> Result<ClientMessage, ProtocolError>? {
        let deadline = clock.schedule(after: timeout, label: "first message") { connection.hangUp() }
        defer { deadline.cancel() }
        return await messages.next()
    }

    /// Runs `body` until it answers or the client hangs up (its stream ends), whichever is first.
    private static func untilHangUp<Reply: Sendable>(_ messages: inout AsyncStream<Result<ClientMessage, ProtocolError>>.Iterator,
                                                     _ body: @escaping @Sendable () async -> Reply) async -> Reply? {
        nonisolated(unsafe) var rest = messages
        return await withTaskGroup(of: Reply?.self) { group in
            group.addTask { await body() }
            group.addTask {
                while await rest.next() != nil {}
                return nil
            }
            let answer = await group.next() ?? nil
            group.cancelAll()
            return answer
        }
    }
}
