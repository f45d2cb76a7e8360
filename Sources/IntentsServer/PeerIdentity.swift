import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost

/// Who is at the other end of a local-API connection, from the kernel (`SO_PEERCRED`), never
/// from what the peer says.
struct PeerIdentity: Sendable {
    let processID: pid_t
    let userID: uid_t
    /// The real path of the peer's executable (`/proc/PID/exe`) when it was read.
    let executable: String?

    /// The credentials of the peer of `socket`; nil when the kernel gives none.
    init?(socket: Int32) {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        processID = credentials.pid
        userID = credentials.uid
        let executable = RealPath.linkTarget("/proc/\(credentials.pid)/exe")
        self.executable = executable
        executableFile = Self.runningFile(of: credentials.pid)
        let sharesServerNamespaces = Self.namespaces(of: "\(credentials.pid)") == Self.serverNamespaces
        self.sharesServerNamespaces = sharesServerNamespaces
        // Judged once, when it connects: its requests then cost no `readlink` and `realpath` each.
        // A peer that runs the `intents` command's file, as first read, runs the command's code,
        // not the bridge's: the bridge's path is not resolved again for it (that was 3% of the
        // server's CPU with `intents send` processes).
        isAgentBridge = executable != Self.intentsCommand && executable.map(Self.isAgentBridge) ?? false
        isIntentsCommand = sharesServerNamespaces && executable.map(Self.isIntentsCommand) ?? false
    }

    /// Whether the peer, when it connected, was in the server's PID, user and mount namespaces:
    /// a process the host confined (an app it continued, in a sandbox of its own) is not, nor is
    /// anything it runs. False when they could not be read.
    let sharesServerNamespaces: Bool

    private static let namespaceKinds = ["pid", "user", "mnt"]
    private static let serverNamespaces = namespaces(of: "self")

    /// The namespaces of process `pid` ("self" for this one), nil when one cannot be read.
    private static func namespaces(of pid: String) -> [String]? {
        var found: [String] = []
        for kind in namespaceKinds {
            guard let link = RealPath.linkTarget("/proc/\(pid)/ns/\(kind)") else { return nil }
            found.append(link)
        }
        return found
    }

    /// The device and inode of the file the peer ran when it connected.
    let executableFile: FileIdentity?

    /// The device and inode of the file process `pid` runs now.
    static func runningFile(of pid: pid_t) -> FileIdentity? {
        var status = stat()
        guard stat("/proc/\(pid)/exe", &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Whether the peer still runs the file it ran when it connected (it did not exec another).
    var runsTheSameFile: Bool {
        executableFile != nil && Self.runningFile(of: processID) == executableFile
    }

    /// The `intents` beside this server, its symbolic links resolved: read now.
    private static func resolvedIntentsCommand() -> String {
        let own = HostConfiguration.executableFolder + "/intents"
        return RealPath.of(own) ?? own
    }

    /// The MCP bridge beside this server (`intents-mcp`), its symbolic links resolved: read now.
    private static func resolvedAgentBridge() -> String {
        let own = HostConfiguration.executableFolder + "/intents-mcp"
        return RealPath.of(own) ?? own
    }

    /// `resolvedAgentBridge()` as first read.
    private static let agentBridge = resolvedAgentBridge()

    /// Whether the peer is the MCP bridge of this build (`intents-mcp`, beside the server, as
    /// first read or as it was when the peer connected): its runs are an agent's, whatever they
    /// say, and it may ask only for what agents use. No other program is judged an agent: one
    /// named so elsewhere is a client like any other.
    let isAgentBridge: Bool

    private static func isAgentBridge(_ executable: String) -> Bool {
        executable == agentBridge || executable == resolvedAgentBridge()
    }

    /// `resolvedIntentsCommand()` as first read, so that the `intents` command's own connections
    /// cost no `readlink` of the server's executable and `realpath` each.
    private static let intentsCommand = resolvedIntentsCommand()

    /// Whether the peer is the `intents` command of this build (the executable beside the server's),
    /// run by the user: in the server's namespaces, never inside a sandbox the host made (a
    /// confined app may execute what is installed under /usr, the intents command included).
    /// A peer that is not the command as first read is compared with it as it was when the peer
    /// connected (the build folder moved, or `intents` a symbolic link pointed elsewhere since).
    let isIntentsCommand: Bool

    private static func isIntentsCommand(_ executable: String) -> Bool {
        executable == intentsCommand || executable == resolvedIntentsCommand()
    }
}

/// `struct ucred` of `SO_PEERCRED` (Glibc's module leaves it out without _GNU_SOURCE).
private struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}
