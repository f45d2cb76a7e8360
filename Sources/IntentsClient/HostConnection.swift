#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import LocalAPI

/// One connection to the server. Its socket is blocking; every read and write runs on the
/// connection's own dispatch queue, never on the concurrency pool, or, for a program whose
/// tasks run on a thread of its own (`blocksCallingThread`), on the calling task's thread. A
/// cancelled caller shuts the socket down so that the blocked call returns.
final class HostConnection: @unchecked Sendable {
    // The queue serializes every use of `channel`, or, with none, the connection's one caller
    // at a time (a conversation's steps are sequential); `lastUsed` is touched only by the
    // pool's lock holder.
    private let channel: FrameChannel
    private let queue: DispatchQueue?
    private let socket: Int32
    /// When the connection last finished a request (the pool drops connections idle too long).
    var lastUsed: ContinuousClock.Instant = .now

    init(socket: Int32, replyTimeout: Duration?, blocksCallingThread: Bool) {
        self.socket = socket
        self.channel = FrameChannel(fileDescriptor: socket, codec: localAPICodec)
        self.queue = blocksCallingThread ? nil : DispatchQueue(label: "intents.client.connection")
        if let replyTimeout {
            let (seconds, attoseconds) = replyTimeout.components
            var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            // A server that stopped reading holds a write as long, not for ever.
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    deinit {
        close(socket)
    }

    func send(_ message: ClientMessage) async throws {
        try await perform { try $0.send(message) }
    }

    /// The next message; nil when the server closed the connection.
    func receive() async throws -> ServerMessage? {
        try await perform { try $0.receive(ServerMessage.self) }
    }

    /// Whether the server still holds the connection open (it closes idle ones, and all of them
    /// when it stops): a peek that neither blocks nor reads.
    var isOpen: Bool {
        var byte: UInt8 = 0
        let peeked = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return peeked < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// Ends the connection for both ends; blocked calls return.
    func shutDown() {
        _ = Glibc.shutdown(socket, Int32(SHUT_RDWR))
    }

    private func perform<Result: Sendable>(_ body: @escaping @Sendable (FrameChannel) throws -> Result) async throws -> Result {
        let channel = self.channel
        guard let queue else {
            return try await withTaskCancellationHandler {
                try body(channel)
            } onCancel: {
                shutDown()
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    continuation.resume(with: Swift.Result { try body(channel) })
                }
            }
        } onCancel: {
            shutDown()
        }
    }
}
