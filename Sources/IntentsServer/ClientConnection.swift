import ExtensionProtocol
import Foundation
import IntentsHost
import LocalAPI

/// One client of the local API. Frames are read on a thread of their own into a small buffer
/// (a client that sends what nobody asked for is cut off, not buffered), and written by a
/// thread of their own from a bounded queue: a client that stops reading costs its own
/// command, never a thread of the concurrency pool.
final class ClientConnection: @unchecked Sendable {
    let peer: PeerIdentity
    let messages: AsyncStream<Result<ClientMessage, ProtocolError>>
    private let channel: FrameChannel
    private let outbox = NSCondition()
    private var queued: [[UInt8]] = []
    private var queuedBytes = 0
    private var closed = false
    private var writerDone = false
    private var drained: [CheckedContinuation<Void, Never>] = []

    /// Output a client may leave unread before it is cut off.
    static let maximumQueuedBytes = 8 << 20
    /// Frames a client may send ahead of what the server asked for.
    static let maximumUnreadFrames = 8

    init(socket: Int32, peer: PeerIdentity) {
        self.peer = peer
        self.channel = FrameChannel(fileDescriptor: socket, codec: localAPICodec)
        let (stream, continuation) = AsyncStream.makeStream(of: Result<ClientMessage, ProtocolError>.self,
                                                            bufferingPolicy: .bufferingOldest(Self.maximumUnreadFrames))
        self.messages = stream
        // Both threads hold the connection, so that the socket is closed (in deinit) only once
        // neither uses it: `hangUp` ends them.
        let reader = Thread { [self] in
            while true {
                do {
                    guard let message = try channel.receive(ClientMessage.self) else { break }
                    if case .dropped = continuation.yield(.success(message)) { break }
                } catch let error as ProtocolError {
                    continuation.yield(.failure(error))
                    break
                } catch {
                    break
                }
            }
            continuation.finish()
        }
        reader.name = "intents-client-reader"
        reader.start()
        let writer = Thread { [self] in writeQueued() }
        writer.name = "intents-client-writer"
        writer.start()
    }

    deinit {
        close(channel.fileDescriptor)
    }

    /// Queues a message for the client, encoded by the caller; false when the client has gone,
    /// left too much unread, or the message exceeds the frame limit (it is then cut off).
    @discardableResult
    func send(_ message: ServerMessage) -> Bool {
        guard let frame = try? localAPICodec.encode(message) else {
            hangUp()
            return false
        }
        return send(frame: frame)
    }

    /// Queues a frame already encoded with `localAPICodec`; as `send(_:)`.
    @discardableResult
    func send(frame: [UInt8]) -> Bool {
        let size = frame.count
        let accepted = outbox.withLock { () -> Bool in
            guard !closed else { return false }
            guard queuedBytes + size <= Self.maximumQueuedBytes else {
                closed = true
                return false
            }
            queued.append(frame)
            queuedBytes += size
            outbox.signal()
            return true
        }
        if !accepted { hangUp() }
        return accepted
    }

    /// Ends the connection for both ends once what is queued has been written, and returns
    /// then: a server that exits right after must not lose a client's last frames. A client
    /// that does not read them within `timeout` is cut off.
    func finish(timeout: Duration = .seconds(5)) async {
        let cutOff = Task {
            try await Task.sleep(for: timeout)
            hangUp()
        }
        defer { cutOff.cancel() }
        await withCheckedContinuation { continuation in
            let done = outbox.withLock { () -> Bool in
                closed = true
                outbox.signal()
                if writerDone { return true }
                drained.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Ends the connection at once, waking both threads.
    func hangUp() {
        outbox.withLock {
            closed = true
            queued.removeAll()
            outbox.signal()
        }
        _ = Glibc.shutdown(channel.fileDescriptor, Int32(SHUT_RDWR))
    }

    private func writeQueued() {
        while true {
            let next = outbox.withLock { () -> [UInt8]? in
                while queued.isEmpty && !closed { outbox.wait() }
                guard !queued.isEmpty else { return nil }
                let frame = queued.removeFirst()
                queuedBytes -= frame.count
                return frame
            }
            guard let next else { break }
            if (try? channel.writeAll(next)) == nil {
                hangUp()
                break
            }
        }
        _ = Glibc.shutdown(channel.fileDescriptor, Int32(SHUT_RDWR))
        let waiting = outbox.withLock { () -> [CheckedContinuation<Void, Never>] in
            writerDone = true
            defer { drained.removeAll() }
            return drained
        }
        waiting.forEach { $0.resume() }
    }
}
