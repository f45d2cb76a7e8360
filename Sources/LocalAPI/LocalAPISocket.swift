#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a running `intents serve` listens: `intents.sock` in its state folder, owner-only.
public enum LocalAPISocket {
    public static let fileName = "intents.sock"

    /// The state folder: `INTENTS_STATE`, else `$XDG_STATE_HOME/intents`, else `~/.local/state/intents`.
    public static func stateFolder(environment: [String: String]) -> String {
        if let explicit = environment["INTENTS_STATE"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty { return xdg + "/intents" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/state/intents" }
        return (homeFromPasswd() ?? "/") + "/.local/state/intents"
    }

    /// This user's home folder in /etc/passwd (read directly: the `intents` client is linked
    /// statically, where getpwuid would need glibc's NSS modules).
    public static func homeFromPasswd() -> String? {
        guard let file = fopen("/etc/passwd", "r") else { return nil }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        let uid = String(getuid())
        while getline(&line, &capacity, file) > 0, let line {
            let fields = String(cString: line).split(separator: ":", omittingEmptySubsequences: false)
            if fields.count >= 6 && fields[2] == uid { return String(fields[5]) }
        }
        return nil
    }

    /// The process's environment, read without Foundation.
    public static var processEnvironment: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// How long `connect` waits for a listener whose backlog is full.
    public static let connectTimeoutSeconds = 5

    /// Connects to the server of `stateFolder`; nil (errno set) when none listens there, or
    /// when the process listening is another user's (`EPERM`): a client never talks to a
    /// server it cannot trust with its requests and answers.
    public static func connect(stateFolder: String) -> Int32? {
        withAddress(stateFolder: stateFolder) { address, length in
            let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else { return nil }
            // A listener that never accepts (its backlog full) holds connect(2) at most
            // `connectTimeout` (SO_SNDTIMEO bounds it: EAGAIN), never for ever.
            var limit = timeval(tv_sec: connectTimeoutSeconds, tv_usec: 0)
            _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            var result: Int32
            repeat { result = Glibc.connect(socket, address, length) } while result != 0 && errno == EINTR
            var none = timeval(tv_sec: 0, tv_usec: 0)
            _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &none, socklen_t(MemoryLayout<timeval>.size))
            if result != 0 {
                let saved = errno
                close(socket)
                errno = saved
                return nil
            }
            guard peerUserID(of: socket) == getuid() else {
                close(socket)
                errno = EPERM
                return nil
            }
            return socket
        } ?? nil
    }

    /// The user of the process at the other end of `socket` (`SO_PEERCRED`), from the kernel.
    public static func peerUserID(of socket: Int32) -> uid_t? {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.uid
    }

    /// `struct ucred` of `SO_PEERCRED` (Glibc's module leaves it out without _GNU_SOURCE).
    private struct PeerCredentials {
        var pid: pid_t = 0
        var uid: uid_t = 0
        var gid: gid_t = 0
    }

    /// Runs `body` with the socket's address. A path too long for `sockaddr_un` is reached
    /// through the state folder's descriptor (`/proc/self/fd/N/intents.sock`).
    public static func withAddress<Result>(stateFolder: String,
                                           _ body: (UnsafePointer<sockaddr>, socklen_t) throws -> Result) rethrows -> Result? {
        var folder: Int32 = -1
        defer { if folder >= 0 { close(folder) } }
        var path = stateFolder + "/" + fileName
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        if path.utf8.count >= capacity {
            folder = open(stateFolder, O_DIRECTORY | O_CLOEXEC | O_RDONLY)
            guard folder >= 0 else { return nil }
            path = "/proc/self/fd/\(folder)/" + fileName
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
            raw[path.utf8.count] = 0
        }
        return try withUnsafePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
