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
        // decoded path: a `stat` or two, where the connection costs hundreds of microseconds.
        let file = executableFile
        let isAgentBridge = file.map(Self.isAgentBridge) ?? false
        self.isAgentBridge = isAgentBridge
        isIntentsCommand = !isAgentBridge && sharesServerNamespaces && file.map(Self.isIntentsCommand) ?? false
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
        SiblingFile(named: name, keptOpen: false).identity
    }

    /// `intents` and `intents-mcp` as they were when the server started, held open: see
    /// `SiblingFile`. Read by `pinSiblings()`, before the first connection.
    private static let firstIntentsCommand = SiblingFile(named: "intents", keptOpen: true)
    private static let firstAgentBridge = SiblingFile(named: "intents-mcp", keptOpen: true)

    /// Reads and holds `intents` and `intents-mcp` as they are now: the server calls it when it
    /// starts, so that "as first read" means as installed when the server started.
    static func pinSiblings() {
        _ = firstIntentsCommand
        _ = firstAgentBridge
    }

    /// Whether the peer runs the MCP bridge of this build (the file `intents-mcp` beside the
    /// server leads to, when the server started or when the peer connects): its runs are an
    /// agent's, whatever they say, and it may ask only for what agents use. No other program is
    /// judged an agent: one named so elsewhere is a client like any other.
    let isAgentBridge: Bool

    private static func isAgentBridge(_ file: FileIdentity) -> Bool {
        file == firstAgentBridge.identity || file == fileBesideServer(named: "intents-mcp")
    }

    /// Whether the peer is the `intents` command of this build (the file `intents` beside the
    /// server's executable leads to, when the server started or when the peer connects), run by
    /// the user: in the server's namespaces, never inside a sandbox the host made (a confined app
    /// may execute what is installed under /usr, the intents command included), and never the
    /// bridge (a file that is both, renamed since, is judged the bridge: the lesser rights).
    /// Files are compared (device and inode), not paths.
    let isIntentsCommand: Bool

    private static func isIntentsCommand(_ file: FileIdentity) -> Bool {
        file == firstIntentsCommand.identity || file == fileBesideServer(named: "intents")
    }
}

/// A file beside the server's executable, found through the raw bytes of `/proc/self/exe`.
///
/// Kept open (`O_PATH`, close-on-exec: nothing is read, no child inherits it) when it is the
/// first read of `intents` or `intents-mcp`: an inode number is given to another file once the
/// last reference to its file is gone, and a rebuild or reinstall renames a new file over the
/// old one. Held, the old file keeps its number, so no later file (the new bridge, or anything
/// a user makes) can take the identity the server remembers.
private struct SiblingFile: Sendable {
    let identity: FileIdentity?

    init(named name: String, keptOpen: Bool) {
        guard var path = ThisExecutable.pathBytes(), let slash = path.lastIndex(of: UInt8(ascii: "/")) else {
            identity = nil
            return
        }
        path.removeSubrange((slash + 1)...)
        path.append(contentsOf: name.utf8)
        path.append(0)
        let descriptor = path.withUnsafeBytes { open($0.baseAddress!.assumingMemoryBound(to: CChar.self), openPathOnly | O_CLOEXEC) }
        var status = stat()
        guard descriptor >= 0 else {
            identity = nil
            return
        }
        let found = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        if !found || !keptOpen { close(descriptor) }
        identity = found ? FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) : nil
    }
}

/// `struct ucred` of `SO_PEERCRED` (Glibc's module leaves it out without _GNU_SOURCE).
private struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}
