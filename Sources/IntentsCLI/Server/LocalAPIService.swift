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

    func run() async throws {
        let connections = listener.connections()
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                for await connection in connections {
                    group.addTask { await serve(connection) }
                }
            }
        } onGracefulShutdown: {
            host.logger.info("stopping: no new connections; waiting for the commands under way")
            listener.stop()
        }
    }

    private func serve(_ connection: ClientConnection) async {
        defer { connection.hangUp() }
        var messages = connection.messages.makeAsyncIterator()
        switch await messages.next() {
        case .success(.run(let request))?:
            await ServedCommand.run(request, for: connection, on: host, messages: messages)
        case .success(.app(let request))?:
            connection.send(.appReply(await AppRequests.answer(request, from: connection.peer, on: host)))
        case .success(.line)?, nil:
            break
        case .failure(let error)?:
            host.logger.warning("bad frame from a client", metadata: ["pid": "\(connection.peer.processID)", "error": "\(error.message)"])
        }
    }
}
