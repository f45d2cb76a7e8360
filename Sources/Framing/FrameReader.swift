#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Frame reading with read-ahead, for the one loop that reads a descriptor for its whole life
/// (a host's reader of an extension's replies, an extension's reader of the host's requests):
/// one `read` takes whatever has arrived, so a frame costs at most one system call, and frames
/// that arrived together cost one between them.
///
/// Not for a descriptor that also carries passed descriptors (`receiveDescriptor`): a read
/// ahead would take their byte. The buffer grows only as bytes arrive (at most doubling), so a
/// peer announcing a large frame and sending nothing holds no more memory than it sent.
///
/// Not `Sendable`: it belongs to the thread that reads with it, which also creates it.
public final class FrameReader {
    public let fileDescriptor: Int32
    public let codec: FrameCodec
    // Only the reading loop touches these.
    private var buffer: [UInt8]
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    /// How many `read` calls it made, for a benchmark's count of system calls per frame.
    public private(set) var reads = 0

    /// The capacity it starts with, and shrinks back to after a large frame.
    static let initialCapacity = 1 << 16

    public init(fileDescriptor: Int32, codec: FrameCodec = FrameCodec()) {
        self.fileDescriptor = fileDescriptor
        self.codec = codec
        buffer = [UInt8](repeating: 0, count: Self.initialCapacity)
    }

    /// Reads one frame and decodes it; returns nil when the peer closed cleanly between frames.
    /// - Throws: `ProtocolError` for a bad header, a truncated or undecodable body, or a read error.
    public func receive<Message: WireCodable>(_ type: Message.Type) throws -> Message? {
        guard try fill(FrameCodec.headerSize, allowCleanEOF: true) else { return nil }
        let length = try codec.bodyLength(ofHeader: Array(buffer[start..<start + FrameCodec.headerSize]))
        _ = try fill(FrameCodec.headerSize + length, allowCleanEOF: false)
        let body = Array(buffer[start + FrameCodec.headerSize..<start + FrameCodec.headerSize + length])
        start += FrameCodec.headerSize + length
        if start == end {
            start = 0
            end = 0
            if buffer.count > Self.initialCapacity { buffer = [UInt8](repeating: 0, count: Self.initialCapacity) }
        }
        return try codec.decode(type, from: body)
    }

    /// Makes `count` unread bytes available; false when the peer closed before any (and
    /// `allowCleanEOF`).
    private func fill(_ count: Int, allowCleanEOF: Bool) throws -> Bool {
        while end - start < count {
            if start > 0 && buffer.count - start < count {
                // Not enough room after the unread bytes: move them to the front.
                buffer.withUnsafeMutableBufferPointer { raw in
                    _ = memmove(raw.baseAddress!, raw.baseAddress! + start, end - start)
                }
                end -= start
                start = 0
            }
            if end == buffer.count {
                buffer += [UInt8](repeating: 0, count: min(count - buffer.count, buffer.count))
            }
            let got = buffer.withUnsafeMutableBytes { raw in
                read(fileDescriptor, raw.baseAddress! + end, raw.count - end)
            }
            reads += 1
            if got < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { throw ProtocolError(.closed, "The peer reset the connection.") }
                throw ProtocolError(.ioFailure, "Reading a frame failed: \(String(cString: strerror(errno))).")
            }
            if got == 0 {
                if end == start && allowCleanEOF { return false }
                // As the header's, a body's bytes are counted apart.
                let (got, of) = count > FrameCodec.headerSize ? (end - start - FrameCodec.headerSize, count - FrameCodec.headerSize) : (end - start, count)
                throw ProtocolError(.truncated, "The peer closed the connection in the middle of a frame (\(got) of \(of) bytes).")
            }
            end += got
        }
        return true
    }
}
