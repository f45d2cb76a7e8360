import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import LocalAPI

/// The server's socket, `<state>/intents.sock`: owner-only, one server per state folder.
final class LocalAPIListener: @unchecked Sendable {
    let path: String
    private let socket: Int32
    /// `<state>/serve.lock`, locked (flock) while this server lives.
    private let lockFile: Int32
    /// Written by `stop` to wake the accepting thread, which takes what is queued, then ends.
    private let wake: (read: Int32, write: Int32)
    /// How long the accepting thread, once stopping, waits for connections already under way
    /// (their `connect` began before the socket file went) before it ends.
    static let drainLinger: Int32 = 50

    /// Binds the socket of `stateFolder`, replacing a stale one nobody listens on.
    /// - Throws: `HostError` (`.badState`) when another server runs there or the socket cannot be made.
    init(stateFolder: String) throws {
        // Before any client can connect: the command and the bridge as installed now.
        PeerIdentity.pinSiblings()
        path = stateFolder + "/" + LocalAPISocket.fileName
        lockFile = open(stateFolder + "/serve.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lockFile >= 0 else {
            throw HostError(.badState, "The server's lock file \(stateFolder)/serve.lock cannot be opened: \(String(cString: strerror(errno))).")
        }
        guard flock(lockFile, LOCK_EX | LOCK_NB) == 0 else {
            close(lockFile)
            throw HostError(.badState, "Another intents server already runs for the state folder \(stateFolder); stop it first.")
        }
        Self.emptyStartedLog(stateFolder: stateFolder)
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFSOCK else {
                close(lockFile)
                throw HostError(.badState, "\(path) is \(fileKind(status.st_mode)), not a socket; move it away before serving.")
            }
            unlink(path)  // stale: the lock says no server owns it
        }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let path = self.path
        let bound = LocalAPISocket.withAddress(stateFolder: stateFolder) { address, length in
            bind(socket, address, length) == 0 && chmod(path, 0o600) == 0 && listen(socket, 128) == 0
        }
        self.socket = socket
        var ends: [Int32] = [-1, -1]
        guard socket >= 0, bound == true, fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK) == 0,
              pipe(&ends) == 0 else {
            let reason = String(cString: strerror(errno))
            if socket >= 0 { close(socket) }
            close(lockFile)
            throw HostError(.badState, "The server's socket \(path) cannot be made: \(reason).")
        }
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        wake = (ends[0], ends[1])
    }

    /// Empties `<state>/server.log` when it is this server's standard error (a client started it,
    /// appending): only the server holding the lock does, so that a server that lost the start
    /// to another never empties the running one's log.
    private static func emptyStartedLog(stateFolder: String) {
        var log = stat()
        var error = stat()
        guard fstat(STDERR_FILENO, &error) == 0, error.st_mode & S_IFMT == S_IFREG,
              lstat(stateFolder + "/server.log", &log) == 0, log.st_mode & S_IFMT == S_IFREG,
              log.st_dev == error.st_dev, log.st_ino == error.st_ino else { return }
        _ = ftruncate(STDERR_FILENO, 0)
    }

    deinit {
        close(socket)
        close(lockFile)
        close(wake.read)
        close(wake.write)
    }

    /// Accepted connections of this user's processes, until `stop`; accepted on a thread of
    /// their own. `activity` counts each from the moment it is accepted until it is gone.
    func connections(activity: ServerActivity? = nil) -> AsyncStream<ClientConnection> {
        let (stream, continuation) = AsyncStream.makeStream(of: ClientConnection.self)
        let thread = Thread { [self] in
            while waitForConnection() {
                // Non-blocking: a queued connection reset before it was taken is no reason to wait.
                guard let client = acceptConnection(on: socket) else {
                    if errno == EAGAIN || errno == EWOULDBLOCK { continue }
                    break
                }
                guard let peer = PeerIdentity(socket: client), peer.userID == getuid() else {
                    close(client)
                    continue
                }
                // NIO takes the socket over (and closes it when it cannot).
                guard let connection = try? ClientConnection(socket: client, peer: peer, activity: activity?.token()) else { continue }
                continuation.yield(connection)
            }
            continuation.finish()
        }
        thread.name = "intents-accept"
        thread.start()
        return stream
    }

    /// Stops accepting: the socket file goes, so that no client can start connecting; the
    /// connections already queued are still accepted and served, then the accepting thread ends.
    /// A client that connected just as the server stopped (an idle exit) is not dropped.
    func stop() {
        unlink(path)
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// Waits until a connection is queued (true), or, once `stop` was called, until none has
    /// come for `drainLinger` ms (false).
    private func waitForConnection() -> Bool {
        var entries = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        while true {
            let stopped = entries[1].revents != 0
            let ready = poll(&entries, stopped ? 1 : 2, stopped ? Self.drainLinger : -1)
            if ready < 0 && errno != EINTR { return false }
            if entries[0].revents != 0 { return true }
            if stopped && ready == 0 { return false }
        }
    }
}
