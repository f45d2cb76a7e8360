import Crypto
import Foundation

/// The SHA-256 of a library's bytes, in hex: what App Intents metadata is cached by, so that a
/// library copied or reinstalled unchanged is not described again, and a changed one always is.
enum LibraryContentHash {
    /// How much is read at a time.
    static let chunkSize = 1 << 20

    /// - Throws: `HostError` (`.badState`) naming the file when it cannot be read.
    static func of(_ path: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            throw HostError(.badState, "The library \(path) cannot be read to be hashed: \(String(cString: strerror(errno))).")
        }
        defer { close(descriptor) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw HostError(.badState, "The library \(path) cannot be read to be hashed: \(String(cString: strerror(errno))).")
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
