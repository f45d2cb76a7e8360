import Foundation

/// The next connection on a listening socket (close-on-exec), or nil once the socket was shut
/// down. Running out of descriptors or memory pauses and tries again instead of ending the
/// listener: such shortages pass when other connections close.
func acceptConnection(on socket: Int32) -> Int32? {
    while true {
        // Glibc's module has no accept4; runners close every inherited descriptor anyway.
        let client = accept(socket, nil, nil)
        if client >= 0 {
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            return client
        }
        if errno == EINTR || errno == ECONNABORTED { continue }
        guard [EMFILE, ENFILE, ENOBUFS, ENOMEM, EPROTO, EPERM].contains(errno) else { return nil }
        usleep(50_000)
    }
}
