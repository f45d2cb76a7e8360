#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Blocking frame I/O on one file descriptor (a socket end). It does not own the descriptor.
///
/// Writes are not locked here: callers that write from several threads serialize them.
public struct FrameChannel: Sendable {
    public let fileDescriptor: Int32
    public let codec: FrameCodec

    public init(fileDescriptor: Int32, codec: FrameCodec = FrameCodec()) {
        self.fileDescriptor = fileDescriptor
        self.codec = codec
    }

    /// Encodes and writes one message as a frame.
    /// - Throws: `ProtocolError` (`.frameTooLarge`, `.ioFailure`, `.closed`).
    public func send<Message: WireCodable>(_ message: Message) throws {
        try writeAll(try codec.encode(message))
    }

    /// Reads one frame and decodes it; returns nil when the peer closed cleanly between frames.
    /// - Throws: `ProtocolError` for a bad header, a truncated or undecodable body, or a read error.
    public func receive<Message: WireCodable>(_ type: Message.Type) throws -> Message? {
        guard let header = try readExactly(FrameCodec.headerSize, allowCleanEOF: true) else { return nil }
        let length = try codec.bodyLength(ofHeader: header)
        guard let body = try readExactly(length, allowCleanEOF: false) else { return nil }
        return try codec.decode(type, from: body)
    }

    /// Writes every byte, retrying on EINTR and short writes.
    public func writeAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                // MSG_NOSIGNAL: a peer that died must give EPIPE, never a SIGPIPE that kills this process.
                sendWithoutSignal(fileDescriptor, buffer.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw ProtocolError(.closed, "The peer closed the connection.") }
                throw ProtocolError(.ioFailure, "Writing a frame failed: \(String(cString: strerror(errno))).")
            }
            offset += written
        }
    }

    /// Reads `count` bytes. The buffer grows as bytes arrive (64 KiB at a time), so that a peer
    /// announcing a large frame and sending nothing holds no more memory than it sent.
    private func readExactly(_ count: Int, allowCleanEOF: Bool) throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: min(count, 1 << 16))
        var offset = 0
        while offset < count {
            if offset == buffer.count { buffer += [UInt8](repeating: 0, count: min(count - offset, buffer.count)) }
            let got = buffer.withUnsafeMutableBytes { raw in
                read(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if got < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { throw ProtocolError(.closed, "The peer reset the connection.") }
                throw ProtocolError(.ioFailure, "Reading a frame failed: \(String(cString: strerror(errno))).")
            }
            if got == 0 {
                if offset == 0 && allowCleanEOF { return nil }
                throw ProtocolError(.truncated, "The peer closed the connection in the middle of a frame (\(offset) of \(count) bytes).")
            }
            offset += got
        }
        return buffer
    }
}

/// `send` with `MSG_NOSIGNAL` on a socket, `write` on anything else.
private func sendWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    let sent = send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    if sent < 0 && errno == ENOTSOCK { return write(descriptor, bytes, count) }
    return sent
}
