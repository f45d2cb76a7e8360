import Deadlines
import ExtensionProtocol
import LocalAPI

/// What a client sent, read one message at a time by the one task serving its connection,
/// with a maximum wait for each: a client that says nothing for that long is cut off.
final class ConnectionInbox: @unchecked Sendable {
    let connection: ClientConnection
    // Only the task serving the connection reads it, one message at a time.
    private var messages: AsyncStream<Result<ClientMessage, ProtocolError>>.Iterator

    /// What its waits are measured in.
    private let clock: DeadlineClock

    init(connection: ClientConnection, messages: AsyncStream<Result<ClientMessage, ProtocolError>>.Iterator, clock: DeadlineClock = .realTime) {
        self.connection = connection
        self.messages = messages
        self.clock = clock
    }

    /// The next message; nil when the client hung up, sent a bad frame, or sent nothing within
    /// `timeout` (the connection is then cut).
    func next(within timeout: Duration) async -> ClientMessage? {
        let connection = self.connection
        let deadline = clock.schedule(after: timeout, label: "client message") { connection.hangUp() }
        defer { deadline.cancel() }
        switch await messages.next() {
        case .success(let message)?: return message
        case .failure, nil: return nil
        }
    }

    /// Waits until the client hangs up or sends anything (which is not read further): a
    /// watcher's client says it is done by hanging up.
    func untilHangUp() async {
        _ = await messages.next()
    }
}
