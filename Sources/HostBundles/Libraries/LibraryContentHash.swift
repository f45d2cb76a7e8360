import Crypto
import Foundation

/// The SHA-256 of a library's bytes, in hex: what App Intents metadata is cached by, so that a
/// library copied or reinstalled unchanged is not described again, and a changed one always is.
package enum LibraryContentHash {
    /// How much is read at a time.
    static let chunkSize = 1 << 20

    /// The largest library hashed: 512 MiB. An extension's shared library is a few megabytes;
    /// hashing reads every byte (and runs on every cache look-up, `intents policy` included),
    /// so a larger file, such as one made sparse to hundreds of gigabytes, is refused rather
    /// than read for minutes.
    static let maximumLibrarySize: Int64 = 512 << 20

    /// - Throws: `HostError` (`.badState`) naming the file when it cannot be read;
    ///   (`.extensionFailed`) when it is not a regular file or is larger than `maximumLibrarySize`.
    package static func of(_ path: String) throws -> String {
        // Non-blocking, so that a FIFO put in place of the library does not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            throw HostError(.badState, "The library \(path) cannot be read to be hashed: \(String(cString: strerror(errno))).")
        }
        defer { close(descriptor) }
        _ = try checkedSize(of: descriptor, path: path)
        return try hash(of: descriptor, path: path)
    }

    /// The size of the regular file open at `descriptor`.
    /// - Throws: `HostError` (`.badState`) when it cannot be read; (`.extensionFailed`) when it
    ///   is not a regular file or is larger than `maximumLibrarySize`.
    static func checkedSize(of descriptor: Int32, path: String) throws -> Int64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw HostError(.badState, "The library \(path) cannot be read to be hashed: \(String(cString: strerror(errno))).")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw HostError(.extensionFailed, "The library \(path) is not a regular file, so it is not read.")
        }
        guard Int64(status.st_size) <= maximumLibrarySize else {
            throw HostError(.extensionFailed, "The library \(path) has \(status.st_size) bytes, more than the \(maximumLibrarySize) a library may have, so it is not read.")
        }
        return Int64(status.st_size)
    }

    /// The SHA-256 of the bytes of the file open at `descriptor`, read from its start (whatever
    /// its offset), at most `maximumLibrarySize`.
    /// - Throws: `HostError` (`.badState`) naming `path` when it cannot be read;
    ///   (`.extensionFailed`) when it grows past `maximumLibrarySize` while it is read.
    static func hash(of descriptor: Int32, path: String) throws -> String {
        var total: Int64 = 0
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(total)) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw HostError(.badState, "The library \(path) cannot be read to be hashed: \(String(cString: strerror(errno))).")
            }
            if count == 0 { break }
            total += Int64(count)
            guard total <= maximumLibrarySize else {
                throw HostError(.extensionFailed, "The library \(path) grew past the \(maximumLibrarySize) bytes a library may have while it was read, so it is not read.")
            }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return hex(hasher.finalize())
    }

    /// The SHA-256 of the `size` bytes of the sealed memory file open at `descriptor`, hashed
    /// where they lie, mapped read-only: no copy into a buffer. The file is sealed against
    /// shrinking, so no page of the mapping can vanish under the hash. Falls back to reading
    /// it (`hash(of:path:)`) when it cannot be mapped.
    /// - Throws: as `hash(of:path:)`.
    static func hash(ofSealed descriptor: Int32, size: Int, path: String) throws -> String {
        // Populated at once: one call maps every page, not a fault per page as the hash reads on.
        guard size > 0, let base = mmap(nil, size, PROT_READ, MAP_SHARED | MAP_POPULATE, descriptor, 0), base != MAP_FAILED else {
            return try hash(of: descriptor, path: path)
        }
        defer { munmap(base, size) }
        var hasher = SHA256()
        hasher.update(bufferPointer: UnsafeRawBufferPointer(start: base, count: size))
        return hex(hasher.finalize())
    }

    /// Lowercase hex, two digits a byte (the form of every digest the host writes).
    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
