import ExtensionProtocol
import Foundation
import IntentsHost
import LocalAPI

/// One client of the local API: frames read on a thread of their own (never the concurrency
/// pool) into an async sequence, and frames written under a lock.
final class ClientConnection: @unchecked Sendable {
    let peer: PeerIdentity
    let messages: AsyncStream<Result<ClientMessage, ProtocolError>>
    private let channel: FrameChannel
    private let writeLock = NSLock()

    init(socket: Int32, peer: PeerIdentity) {
        self.peer = peer
        self.channel = FrameChannel(fileDescriptor: socket, codec: localAPICodec)
        let (stream, continuation) = AsyncStream.makeStream(of: Result<ClientMessage, ProtocolError>.self)
        self.messages = stream
        // The reader holds the connection, so that the socket is closed (in deinit) only once
        // it no longer reads: `hangUp` ends it.
        let reader = Thread { [self] in
            while true {
                do {
                    guard let message = try channel.receive(ClientMessage.self) else { break }
                    continuation.yield(.success(message))
                } catch let error as ProtocolError {
                    continuation.yield(.failure(error))
                    break
                } catch {
                    break
                }
            }
            continuation.finish()
        }
        reader.name = "intents-client"
        reader.start()
    }

    /// Closes the socket, once the reader has ended.
    deinit {
        close(channel.fileDescriptor)
    }

    /// Sends a message; false when the client has gone.
    @discardableResult
    func send(_ message: ServerMessage) -> Bool {
        writeLock.withLock { (try? channel.send(message)) != nil }
    }

    /// Ends the connection for both ends, waking the reader.
    func hangUp() {
        _ = Glibc.shutdown(channel.fileDescriptor, Int32(SHUT_RDWR))
    }
}
