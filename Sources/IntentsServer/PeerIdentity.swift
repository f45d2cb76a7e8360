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
    /// The path of the peer's executable (`/proc/PID/exe`) when it was read, for messages and
    /// the log only: judgments compare `executableFile`.
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
        // Judged once, when it connects, by the file it runs (device and inode), never by its
        // decoded path. A peer that runs the `intents` command's file, as first read, runs the
        // command's code, not the bridge's: the bridge is not looked up again for it.
        let file = executableFile
        isAgentBridge = file != nil && file != Self.intentsCommand && file.map(Self.isAgentBridge) ?? false
        isIntentsCommand = sharesServerNamespaces && file.map(Self.isIntentsCommand) ?? false
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

    /// The device and inode of the regular file that `name`, beside this server's executable,
    /// leads to (through its symbolic links), read now; nil when there is none. The folder is
    /// `/proc/self/exe`'s, as the kernel's bytes: never a decoded path, so that in a folder whose
    /// name is not UTF-8 a look-alike folder whose name holds a replacement character is not
    /// taken for it.
    static func fileBesideServer(named name: String) -> FileIdentity? {
        guard var path = RealPath.linkTargetBytes("/proc/self/exe"),
              let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        path.removeSubrange((slash + 1)...)
        path.append(contentsOf: name.utf8)
        path.append(0)
        var status = stat()
        let found = path.withUnsafeBytes { stat($0.baseAddress!.assumingMemoryBound(to: CChar.self), &status) }
        guard found == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The MCP bridge beside this server (`intents-mcp`) as first read.
    private static let agentBridge = fileBesideServer(named: "intents-mcp")

    /// Whether the peer runs the MCP bridge of this build (the file `intents-mcp` beside the
    /// server leads to, as first read or as it is when the peer connects): its runs are an
    /// agent's, whatever they say, and it may ask only for what agents use. No other program is
    /// judged an agent: one named so elsewhere is a client like any other.
    let isAgentBridge: Bool

    private static func isAgentBridge(_ file: FileIdentity) -> Bool {
        file == agentBridge || file == fileBesideServer(named: "intents-mcp")
    }

    /// The `intents` command beside this server as first read, so that the command's own
    /// connections cost one `stat` of the peer's executable and nothing more.
    private static let intentsCommand = fileBesideServer(named: "intents")

    /// Whether the peer is the `intents` command of this build (the file `intents` beside the
    /// server's executable leads to), run by the user: in the server's namespaces, never inside a
    /// sandbox the host made (a confined app may execute what is installed under /usr, the
    /// intents command included). Files are compared (device and inode), not paths. A peer that
    /// is not the command as first read is compared with it as it is when the peer connects (the
    /// build was replaced, or `intents` a symbolic link pointed elsewhere since).
    let isIntentsCommand: Bool

    private static func isIntentsCommand(_ file: FileIdentity) -> Bool {
        file == intentsCommand || file == fileBesideServer(named: "intents")
    }
}

/// `struct ucred` of `SO_PEERCRED` (Glibc's module leaves it out without _GNU_SOURCE).
private struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}
