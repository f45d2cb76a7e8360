import ExtensionProtocol
import Foundation
import IntentsHost
import LocalAPI

/// The server's socket, `<state>/intents.sock`: owner-only, one server per state folder.
final class LocalAPIListener: @unchecked Sendable {
    let path: String
    private let socket: Int32
    /// `<state>/serve.lock`, locked (flock) while this server lives.
    private let lockFile: Int32

    /// Binds the socket of `stateFolder`, replacing a stale one nobody listens on.
    /// - Throws: `HostError` (`.badState`) when another server runs there or the socket cannot be made.
    init(stateFolder: String) throws {
        path = stateFolder + "/" + LocalAPISocket.fileName
        lockFile = open(stateFolder + "/serve.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lockFile >= 0 else {
            throw HostError(.badState, "The server's lock file \(stateFolder)/serve.lock cannot be opened: \(String(cString: strerror(errno))).")
        }
        guard flock(lockFile, LOCK_EX | LOCK_NB) == 0 else {
            close(lockFile)
            throw HostError(.badState, "Another intents server already runs for the state folder \(stateFolder); stop it first.")
        }
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFSOCK else {
                close(lockFile)
                throw HostError(.badState, "\(path) is \(fileKind(status.st_mode)), not a socket; move it away before serving.")
            }
            unlink(path)  // stale: the lock says no server owns it
        }
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let bound = LocalAPISocket.withAddress(stateFolder: stateFolder) { address, length in
            bind(socket, address, length) == 0 && chmod(path, 0o600) == 0 && listen(socket, 128) == 0
        }
        guard socket >= 0, bound == true else {
            let reason = String(cString: strerror(errno))
            if socket >= 0 { close(socket) }
            close(lockFile)
            throw HostError(.badState, "The server's socket \(path) cannot be made: \(reason).")
        }
    }

    deinit {
        close(socket)
        close(lockFile)
    }

    /// Accepted connections of this user's processes, until `stop`; accepted on a thread of
    /// their own.
    func connections() -> AsyncStream<ClientConnection> {
        let (stream, continuation) = AsyncStream.makeStream(of: ClientConnection.self)
        let thread = Thread { [self] in
            while let client = acceptConnection(on: socket) {
                guard let peer = PeerIdentity(socket: client), peer.userID == getuid() else {
                    close(client)
                    continue
                }
                continuation.yield(ClientConnection(socket: client, peer: peer))
            }
            continuation.finish()
        }
        thread.name = "intents-accept"
        thread.start()
        return stream
    }

    /// Stops accepting: the socket file goes, and the accepting thread ends.
    func stop() {
        unlink(path)
        _ = Glibc.shutdown(socket, Int32(SHUT_RDWR))
    }
}
