import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The bearer token an HTTP client of `intents mcp --http` sends (`Authorization: Bearer …`):
/// loopback is reachable by every user of the machine, the token only by the user who can read
/// its file (mode 0600 in the state folder). It is kept across starts, so a client's
/// configuration stays valid; remove the file for a new one.
public struct AgentHTTPToken: Sendable, Equatable {
    public let value: String

    public init(_ value: String) { self.value = value }

    /// A new token: 32 random bytes in hexadecimal.
    public static func generate() -> AgentHTTPToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return AgentHTTPToken(bytes.map { String(format: "%02x", $0) }.joined())
    }

    /// The token in `path`, or a new one written there (mode 0600, never through a symbolic
    /// link) when the file does not exist. A file that others may read, that is not a regular
    /// file of this user, that has other names, or whose content is not a token is refused with
    /// a sentence naming it.
    public static func load(orCreateAt path: String) throws(AgentHTTPTokenError) -> AgentHTTPToken {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw AgentHTTPTokenError(path, "its folder cannot be made (\(error.localizedDescription))")
            }
        }
        // Non-blocking: a FIFO put in the file's place must not hold the start up.
        var descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0, errno == ENOENT {
            if let made = try create(at: path) { return made }
            descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        }
        guard descriptor >= 0 else { throw AgentHTTPTokenError(path, "it cannot be opened (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw AgentHTTPTokenError(path, "it is not a regular file")
        }
        guard status.st_uid == getuid() else { throw AgentHTTPTokenError(path, "it belongs to another user") }
        guard status.st_nlink == 1 else { throw AgentHTTPTokenError(path, "it has other names (hard links)") }
        guard status.st_mode & 0o077 == 0 else {
            throw AgentHTTPTokenError(path, "others may read it (mode \(String(status.st_mode & 0o777, radix: 8)); it must be 600)")
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { throw AgentHTTPTokenError(path, "it is empty") }
        let text = String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard (32...128).contains(text.utf8.count), text.utf8.allSatisfy({ isToken68($0) }) else {
            throw AgentHTTPTokenError(path, "its content is not a token (32 to 128 letters, digits or -._~+/)")
        }
        return AgentHTTPToken(text)
    }

    /// A new token written whole to a file of its own, then linked at `path`: another start
    /// never reads it half written. Nil when another start linked its token there first.
    private static func create(at path: String) throws(AgentHTTPTokenError) -> AgentHTTPToken? {
        let token = generate()
        let temporary = path + ".\(getpid()).\(generate().value.prefix(8))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw AgentHTTPTokenError(path, "it cannot be created (\(String(cString: strerror(errno))))") }
        defer { unlink(temporary) }
        let bytes = Array((token.value + "\n").utf8)
        let written = fchmod(descriptor, 0o600) == 0 && write(descriptor, bytes, bytes.count) == bytes.count && fsync(descriptor) == 0
        let failure = errno
        close(descriptor)
        guard written else { throw AgentHTTPTokenError(path, "it cannot be written (\(String(cString: strerror(failure))))") }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return nil }
            throw AgentHTTPTokenError(path, "it cannot be created (\(String(cString: strerror(errno))))")
        }
        return token
    }

    /// Whether `header` (an `Authorization` value) carries this token, compared in a time that
    /// does not depend on where the two first differ.
    public func isCarried(by header: String?) -> Bool {
        guard let header, header.count > 7, header.prefix(7).lowercased() == "bearer " else { return false }
        let offered = Array(header.dropFirst(7).trimmingCharacters(in: .whitespaces).utf8)
        let expected = Array(value.utf8)
        guard offered.count == expected.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= offered[index] ^ expected[index] }
        return difference == 0
    }

    private static func isToken68(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"): true
        default: false
        }
    }
}

/// A token file `intents mcp --http` cannot use.
public struct AgentHTTPTokenError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "The MCP token file \(path) cannot be used: \(reason)." }
}
