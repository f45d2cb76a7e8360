#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Passing an open file descriptor to the peer of a Unix socket (`SCM_RIGHTS`), beside the
/// frames: the host hands a spare runner the very library file it checked.
///
/// A descriptor travels with one byte of data, sent after a frame and read right after it:
/// `FrameChannel` never reads ahead, so the byte is not taken by a frame read.
extension FrameChannel {
    /// The bytes of a control message carrying one descriptor: a `cmsghdr` (length, level,
    /// type) followed by the descriptor, padded to the platform's alignment.
    private static let headerSize = MemoryLayout<Int>.size + 2 * MemoryLayout<Int32>.size
    private static let controlSize = headerSize + MemoryLayout<Int>.size

    /// Calls `body` with a message header over one data byte and the control buffer.
    private static func withMessage(byte: inout UInt8, control: inout [UInt8],
                                    _ body: (UnsafeMutablePointer<msghdr>) -> Int) -> Int {
        withUnsafeMutablePointer(to: &byte) { bytePointer in
            control.withUnsafeMutableBytes { controlBuffer in
                var vector = iovec(iov_base: bytePointer, iov_len: 1)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBuffer.baseAddress
                    message.msg_controllen = controlBuffer.count
                    return body(&message)
                }
            }
        }
    }

    /// Sends `descriptor` to the peer; the caller keeps its own copy and closes it.
    /// - Throws: `ProtocolError` (`.ioFailure`, `.closed`).
    public func sendDescriptor(_ descriptor: Int32) throws {
        var control = [UInt8](repeating: 0, count: Self.controlSize)
        control.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: Self.headerSize + MemoryLayout<Int32>.size, toByteOffset: 0, as: Int.self)
            raw.storeBytes(of: SOL_SOCKET, toByteOffset: MemoryLayout<Int>.size, as: Int32.self)
            raw.storeBytes(of: Int32(SCM_RIGHTS), toByteOffset: MemoryLayout<Int>.size + 4, as: Int32.self)
            raw.storeBytes(of: descriptor, toByteOffset: Self.headerSize, as: Int32.self)
        }
        var byte: UInt8 = 1
        let sent = Self.withMessage(byte: &byte, control: &control) { sendmsg(fileDescriptor, $0, Int32(MSG_NOSIGNAL)) }
        guard sent == 1 else {
            if errno == EPIPE { throw ProtocolError(.closed, "The peer closed the connection.") }
            throw ProtocolError(.ioFailure, "Sending a descriptor failed: \(String(cString: strerror(errno))).")
        }
    }

    /// Receives a descriptor sent with `sendDescriptor`, close-on-exec.
    /// - Throws: `ProtocolError` (`.closed`, `.ioFailure`) when the peer closed or sent no descriptor.
    public func receiveDescriptor() throws -> Int32 {
        var control = [UInt8](repeating: 0, count: Self.controlSize)
        var byte: UInt8 = 0
        let received = Self.withMessage(byte: &byte, control: &control) { message in
            var got: Int
            repeat {
                got = recvmsg(fileDescriptor, message, Int32(MSG_CMSG_CLOEXEC))
            } while got < 0 && errno == EINTR
            return got
        }
        if received == 0 { throw ProtocolError(.closed, "The peer closed the connection before sending a descriptor.") }
        guard received == 1 else {
            throw ProtocolError(.ioFailure, "Receiving a descriptor failed: \(String(cString: strerror(errno))).")
        }
        let (length, level, type, descriptor) = control.withUnsafeBytes { raw in
            (raw.load(fromByteOffset: 0, as: Int.self), raw.load(fromByteOffset: MemoryLayout<Int>.size, as: Int32.self),
             raw.load(fromByteOffset: MemoryLayout<Int>.size + 4, as: Int32.self), raw.load(fromByteOffset: Self.headerSize, as: Int32.self))
        }
        guard length == Self.headerSize + MemoryLayout<Int32>.size, level == SOL_SOCKET, type == Int32(SCM_RIGHTS) else {
            throw ProtocolError(.ioFailure, "The peer sent a byte without a descriptor.")
        }
        return descriptor
    }
}
