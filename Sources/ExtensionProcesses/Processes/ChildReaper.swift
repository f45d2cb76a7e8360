import CChildProcess
import Foundation
import Synchronization

/// The one thread that notices children's exits and reaps them: it waits in `epoll_wait` over
/// the pidfds of every watched child.
///
/// One thread for every child, rather than a poll in each extension's reader thread: a spare
/// runner and a plain child have no reader; a reader blocks in reads of its socket, which a
/// process may close long before it ends (or keep open after); and hundreds of children cost
/// one thread and one epoll set. The thread only ever reaps (non-blocking `waitid` on a
/// readable pidfd) and resumes waiters; it never runs a task's work.
final class ChildReaper: Sendable {
    static let shared = ChildReaper()

    private let epoll: Int32
    private let watched = Mutex<(next: UInt64, children: [UInt64: ChildProcess])>((0, [:]))

    private init() {
        epoll = cchild_epoll_create()
        precondition(epoll >= 0, "Cannot create the epoll set that watches child processes: \(String(cString: strerror(errno))).")
        let thread = Thread { [self] in loop() }
        thread.name = "intents-reaper"
        thread.start()
    }

    /// Watches `child` through `pidfd` until it has been reaped.
    /// - Throws: `POSIXError` when the pidfd cannot be added to the epoll set.
    func watch(_ child: ChildProcess, pidfd: Int32) throws {
        let token = watched.withLock { watched in
            watched.next += 1
            watched.children[watched.next] = child
            return watched.next
        }
        guard cchild_epoll_add(epoll, pidfd, token) == 0 else {
            let code = errno
            _ = watched.withLock { $0.children.removeValue(forKey: token) }
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EINVAL)
        }
    }

    /// How many children are watched (not yet reaped).
    var count: Int { watched.withLock { $0.children.count } }

    private func loop() {
        var tokens = [UInt64](repeating: 0, count: 64)
        while true {
            let ready = tokens.withUnsafeMutableBufferPointer { cchild_epoll_wait(epoll, $0.baseAddress, Int32($0.count), -1) }
            if ready < 0 {
                if errno != EINTR { usleep(10_000) }
                continue
            }
            var spurious = false
            for token in tokens[0..<Int(ready)] {
                guard let child = watched.withLock({ $0.children[token] }) else { continue }
                if child.reapIfEnded(unwatch: { _ = cchild_epoll_remove(epoll, $0) }) {
                    _ = watched.withLock { $0.children.removeValue(forKey: token) }
                } else {
                    spurious = true
                }
            }
            // A pidfd reads as ready once its process has ended; should one ever be ready
            // before the process can be reaped, do not spin on it.
            if spurious { usleep(1_000) }
        }
    }
}
