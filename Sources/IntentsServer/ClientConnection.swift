import Deadlines
import ExtensionProtocol
import LocalAPI
import NIOCore
import NIOPosix
import Synchronization

/// One client of the local API, on SwiftNIO's event loops: no thread of its own. Frames are
/// decoded as they arrive into a small buffer (a client that sends what nobody asked for is cut
/// off, not buffered), and written from NIO's write queue: a client that leaves more than
/// `maximumQueuedBytes` unread is cut off, and costs its own request only.
final class ClientConnection: Sendable {
    let peer: PeerIdentity
    let messages: AsyncStream<Result<ClientMessage, ProtocolError>>
    private let channel: any Channel
    /// The last write, which `finish` waits for before it closes.
    private let lastWrite = Mutex<EventLoopFuture<Void>?>(nil)
    /// Keeps the server from its idle exit while the connection lives.
    private let activity: ServerActivity.Token?

    /// Output a client may leave unread before it is cut off.
    static let maximumQueuedBytes = 8 << 20
    /// Frames a client may send ahead of what the server asked for.
    static let maximumUnreadFrames = 8

    /// Takes over `socket`, an accepted connection: NIO owns and closes it from then on, even
    /// when registering it fails (it is never closed here, where a second close could end
    /// another connection that took its number).
    /// - Throws: NIO's error when the socket cannot be registered.
    init(socket: Int32, peer: PeerIdentity, activity: ServerActivity.Token? = nil) throws {
        self.peer = peer
        self.activity = activity
        let (stream, continuation) = AsyncStream.makeStream(of: Result<ClientMessage, ProtocolError>.self,
                                                            bufferingPolicy: .bufferingOldest(Self.maximumUnreadFrames))
        self.messages = stream
        do {
            channel = try ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelOption(.writeBufferWaterMark, value: ChannelOptions.Types.WriteBufferWaterMark(low: 1 << 20, high: Self.maximumQueuedBytes))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LocalAPIFrameDecoder()))
                        try channel.pipeline.syncOperations.addHandler(ClientMessageForwarder(continuation: continuation))
                    }
                }
                .withConnectedSocket(socket)
                .wait()
        } catch {
            continuation.finish()
            throw error
        }
    }

    /// Queues a message for the client; false when the client has gone, left too much unread,
    /// or the message exceeds the frame limit (it is then cut off).
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
        guard channel.isActive, channel.isWritable else {
            hangUp()
            return false
        }
        let written = channel.writeAndFlush(channel.allocator.buffer(bytes: frame))
        lastWrite.withLock { $0 = written }
        return true
    }

    /// Ends the connection for both ends once what is queued has been written, and returns
    /// then: a server that exits right after must not lose a client's last frames. A client
    /// that does not read them within `timeout` is cut off.
    func finish(timeout: Duration = .seconds(5), clock: DeadlineClock = .realTime) async {
        let cutOff = clock.schedule(after: timeout, label: "finish") { [self] in hangUp() }
        defer { cutOff.cancel() }
        _ = try? await lastWrite.withLock({ $0 })?.get()
        try? await channel.close()
    }

    /// Ends the connection at once.
    func hangUp() {
        channel.close(promise: nil)
    }
}

/// Frames of the local API: the 6-byte header, checked as `FrameCodec` checks it, then a body
/// holding one `ClientMessage`. A bad frame is an error that ends the connection.
struct LocalAPIFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = Result<ClientMessage, ProtocolError>

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let header = buffer.getBytes(at: buffer.readerIndex, length: FrameCodec.headerSize) else { return .needMoreData }
        let length = try localAPICodec.bodyLength(ofHeader: header)
        guard buffer.readableBytes >= FrameCodec.headerSize + length else { return .needMoreData }
        buffer.moveReaderIndex(forwardBy: FrameCodec.headerSize)
        let body = buffer.readBytes(length: length) ?? []
        context.fireChannelRead(wrapInboundOut(.success(try localAPICodec.decode(ClientMessage.self, from: body))))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0 {
            throw ProtocolError(.truncated, "The connection ended inside a frame (\(buffer.readableBytes) bytes of it).")
        }
        return .needMoreData
    }
}

/// Hands decoded messages to the connection's stream; a client past the stream's buffer is cut
/// off. A bad frame ends the stream with its error, and the server, which reads it, ends the
/// connection.
final class ClientMessageForwarder: ChannelInboundHandler, Sendable {
    typealias InboundIn = Result<ClientMessage, ProtocolError>
    let continuation: AsyncStream<Result<ClientMessage, ProtocolError>>.Continuation

    init(continuation: AsyncStream<Result<ClientMessage, ProtocolError>>.Continuation) {
        self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .dropped = continuation.yield(unwrapInboundIn(data)) { context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let failure = error as? ProtocolError ?? ProtocolError(.ioFailure, "Reading a frame failed: \(error).")
        continuation.yield(.failure(failure))
        continuation.finish()
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish()
        context.fireChannelInactive()
    }
}
