import ExtensionProtocol
import Foundation
import IntentsHost

/// Who is at the other end of a local-API connection, from the kernel (`SO_PEERCRED`), never
/// from what the peer says.
struct PeerIdentity: Sendable {
    var processID: pid_t
    var userID: uid_t
    /// The real path of the peer's executable (`/proc/PID/exe`) when it was read.
    var executable: String?

    /// The credentials of the peer of `socket`; nil when the kernel gives none.
    init?(socket: Int32) {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        processID = credentials.pid
        userID = credentials.uid
        executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(credentials.pid)/exe")
    }

    /// Whether the peer is the `intents` command of this build (the executable beside the server's).
    var isIntentsCommand: Bool {
        guard let executable else { return false }
        let own = HostConfiguration.executableFolder + "/intents"
        return executable == (RealPath.of(own) ?? own)
    }
}

/// `struct ucred` of `SO_PEERCRED` (Glibc's module leaves it out without _GNU_SOURCE).
private struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}
