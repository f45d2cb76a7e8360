/// The version of the host/extension protocol; both ends put it in every frame header.
public let extensionProtocolVersion: UInt8 = 4

/// Frames on the host/extension socket: a 6-byte header, then a body in the wire coding
/// (`WireCodable`).
///
/// Header: the marker byte `0xF1`, the protocol version, and the body length as a
/// big-endian `UInt32`. A body larger than `maximumBodySize` is refused on both ends.
public struct FrameCodec: Sendable {
    public static let marker: UInt8 = 0xF1
    public static let headerSize = 6
    /// 4 MiB: far above any intent, far below what could hurt the host.
    public static let defaultMaximumBodySize = 4 * 1024 * 1024

    public var version: UInt8
    public var maximumBodySize: Int

    public init(version: UInt8 = extensionProtocolVersion, maximumBodySize: Int = FrameCodec.defaultMaximumBodySize) {
        self.version = version
        self.maximumBodySize = maximumBodySize
    }

    /// Encodes `message` as one frame, header included.
    /// - Throws: `ProtocolError` with code `.frameTooLarge` when the body exceeds the maximum.
    public func encode<Message: WireCodable>(_ message: Message) throws -> [UInt8] {
        var writer = WireWriter()
        message.write(to: &writer)
        let body = writer.bytes
        guard body.count <= maximumBodySize else {
            throw ProtocolError(.frameTooLarge, "A frame of \(body.count) bytes exceeds the maximum of \(maximumBodySize) bytes.")
        }
        let length = UInt32(body.count)
        var frame: [UInt8] = [Self.marker, version,
                              UInt8(length >> 24), UInt8((length >> 16) & 0xFF),
                              UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
        frame.append(contentsOf: body)
        return frame
    }

    /// Checks a header and returns the length of the body that follows it.
    /// - Throws: `ProtocolError` (`.badMarker`, `.versionMismatch`, `.frameTooLarge`).
    public func bodyLength(ofHeader header: [UInt8]) throws -> Int {
        precondition(header.count == Self.headerSize)
        guard header[0] == Self.marker else {
            throw ProtocolError(.badMarker, "A frame began with byte 0x\(String(header[0], radix: 16)) instead of the marker 0xf1: the peer wrote something that is not a frame.")
        }
        guard header[1] == version else {
            throw ProtocolError(.versionMismatch, "The peer speaks protocol version \(header[1]); this end speaks version \(version).")
        }
        let length = header[2...5].reduce(0) { ($0 << 8) | Int($1) }
        guard length <= maximumBodySize else {
            throw ProtocolError(.frameTooLarge, "A frame announced \(length) bytes, more than the maximum of \(maximumBodySize) bytes.")
        }
        return length
    }

    /// Decodes a frame body, which must hold exactly one message.
    /// - Throws: `ProtocolError` with code `.undecodable`, saying where the body went wrong.
    public func decode<Message: WireCodable>(_ type: Message.Type, from body: [UInt8]) throws -> Message {
        var reader = WireReader(body)
        let message = try Message(from: &reader)
        guard reader.isAtEnd else {
            throw ProtocolError(.undecodable, "A frame body holds more than one \(type) message (\(body.count) bytes).")
        }
        return message
    }
}

/// A fault in the framing or the content of a message.
public struct ProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        case badMarker, versionMismatch, frameTooLarge, truncated, undecodable, closed, ioFailure
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
