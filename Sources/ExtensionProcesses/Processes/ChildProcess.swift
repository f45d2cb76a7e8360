import CChildProcess
import Foundation
import HostBundles
import Synchronization

/// A child process of the host, watched and signalled through a pidfd, so that no signal can
/// reach another process that later takes its number.
///
/// The pidfd is opened right after the spawn, while the child is unreaped and its number
/// therefore still its own. Its exit is noticed by `ChildReaper`'s one thread, which reaps it;
/// tasks await that without holding a thread of the concurrency pool.
///
/// A child that leads its own process group (`leadsGroup`) is signalled with its group. A group
/// number cannot be signalled through a pidfd, but it cannot be reused either while its leader
/// is unreaped: the kernel keeps a number allocated while a zombie holds it. So the group is
/// signalled only under the lock the reap also takes, and only while no status has been
/// recorded: no signal, to the process or its group, is sent after the reap. When the leader
/// is found ended, its group is killed before the reap, the last moment its number is surely
/// the group's, so that nothing of it outlives it.
public final class ChildProcess: Sendable {
    /// The process id, as this host sees it.
    public let pid: pid_t
    /// Whether signals also reach the process group `pid` leads (once it has made it).
    public let leadsGroup: Bool
    /// The pidfd, -1 once reaped; taken with every signal and by the reap.
    private let descriptor: Mutex<Int32>
    private let reaped = Completion<Int32>()

    /// Starts watching `pid`, a child of this process not yet reaped.
    /// - Throws: `HostError` (`.extensionFailed`) naming `name` when no pidfd can be opened or
    ///   watched; the caller still owns the unreaped child then.
    init(pid: pid_t, leadsGroup: Bool, name: String) throws {
        let pidfd = cchild_pidfd_open(pid)
        guard pidfd >= 0 else {
            throw HostError(.extensionFailed, "Cannot watch the process of \(name): pidfd_open failed (\(String(cString: strerror(errno)))).")
        }
        self.pid = pid
        self.leadsGroup = leadsGroup
        self.descriptor = Mutex(pidfd)
        do {
            try ChildReaper.shared.watch(self, pidfd: pidfd)
        } catch {
            close(pidfd)
            throw HostError(.extensionFailed, "Cannot watch the process of \(name): \(error).")
        }
    }

    /// Where a spawned child's standard output and error go.
    public enum Output: Sendable {
        /// /dev/null.
        case discarded
        /// This process's own standard output and error.
        case inherited
        /// Both to this descriptor (a pipe's write end), which the caller keeps and closes.
        case descriptor(Int32)
    }

    /// Spawns `executable` with `arguments` (stdin on /dev/null, stdout and stderr as `output`
    /// says, `passing` on descriptors 3, 4, 5... in order, no other descriptor; `environment`,
    /// as `NAME=value` entries, else the host's; no signal blocked, SIGPIPE at its default),
    /// leading a process group of its own when `ownGroup`, and watches it.
    /// - Parameter startsOwnSession: the child calls setsid() itself (as `intents-sandbox`
    ///   does, which it could not as a group leader): it is then signalled with its group,
    ///   whatever `ownGroup` says.
    /// - Throws: `HostError` (`.extensionFailed`) naming the executable when it cannot start.
    public static func spawn(_ executable: String, arguments: [String] = [], environment: [String]? = nil,
                             output: Output = .discarded, ownGroup: Bool = true, passing: [Int32] = [],
                             startsOwnSession: Bool = false) throws -> ChildProcess {
        // Above every number the child's dup2s write, so that none overwrites another before it is moved.
        let copies = passing.map { fcntl($0, F_DUPFD_CLOEXEC, 16) }
        defer { copies.filter { $0 >= 0 }.forEach { close($0) } }
        if copies.contains(where: { $0 < 0 }) {
            throw HostError(.extensionFailed, "Cannot pass descriptors to \(executable.quotedForDisplay): \(String(cString: strerror(errno))).")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for target in Int32(1)...2 {
            switch output {
            case .discarded: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .inherited: break
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        for (index, copy) in copies.enumerated() { posix_spawn_file_actions_adddup2(&actions, copy, 3 + Int32(index)) }
        // A descriptor the host opened without close-on-exec must not live on in the child (a
        // file being written could then not be executed: ETXTBSY).
        cchild_spawn_close_from(&actions, 3 + Int32(copies.count))
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if ownGroup && !startsOwnSession {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = envp.map { posix_spawn(&child, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw HostError(.extensionFailed, "Cannot start \(executable.quotedForDisplay): \(String(cString: strerror(status))).")
        }
        do {
            return try ChildProcess(pid: child, leadsGroup: ownGroup || startsOwnSession, name: executable.quotedForDisplay)
        } catch {
            abandon(child)
            throw error
        }
    }

    /// Kills and reaps a child that could not be watched: it is unreaped, so its number (and
    /// its group's) is still its own. Blocks only while a killed process ends.
    static func abandon(_ pid: pid_t) {
        Glibc.kill(-pid, SIGKILL)
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// The wait status once the process has been reaped (as `waitpid` encodes it).
    public var exitStatus: Int32? { reaped.value }

    /// Sends `signal` to the process, and to its group when it leads one, unless it has been
    /// reaped; false when it had been. Never blocks.
    @discardableResult
    public func signal(_ signal: Int32) -> Bool {
        descriptor.withLock { pidfd in
            guard pidfd >= 0 else { return false }
            if leadsGroup { Glibc.kill(-pid, signal) }
            _ = cchild_pidfd_send_signal(pidfd, signal)
            return true
        }
    }

    /// Kills the process (and its group when it leads one) unless it has been reaped. Never blocks.
    public func kill() {
        signal(SIGKILL)
    }

    /// Waits, without holding a thread of the concurrency pool, until the process has been
    /// reaped; its status, or nil when the task is cancelled first.
    public func exited() async -> Int32? {
        await reaped.wait()
    }

    /// Waits at most `timeout`, without holding a thread of the pool; the status, or nil.
    public func exited(within timeout: Duration) async -> Int32? {
        await reaped.wait(within: timeout)
    }

    /// Blocks the calling thread, which must be one of its own, at most `timeout` (nil: no bound).
    func waitBlocking(timeout: Duration?) -> Int32? {
        reaped.waitBlocking(timeout: timeout)
    }

    /// Runs `action` with the status once reaped, on the reaper's thread (or now): quick work only.
    func whenExited(_ action: @escaping @Sendable (Int32) -> Void) {
        reaped.whenComplete(action)
    }

    /// Ends the process in steps, each given its time to work, then kills it (with its group)
    /// and waits for the reap at most `reapBound`; never holds a thread of the pool.
    /// - Returns: the exit status, or nil when the process was not reaped within the bounds.
    @discardableResult
    public func teardown(_ steps: [TeardownStep], reapBound: Duration = .seconds(5)) async -> Int32? {
        for step in steps {
            if let status = exitStatus { return status }
            step.action(self)
            if let status = await exited(within: step.allowedDuration) { return status }
        }
        kill()
        return await exited(within: reapBound)
    }

    /// Called by the reaper once the pidfd is readable: if the process has ended, kills what is
    /// left of its group, reaps it and records its status, all under the signals' lock. False
    /// while it runs.
    func reapIfEnded(unwatch: (Int32) -> Void) -> Bool {
        let status = descriptor.withLock { pidfd -> Int32? in
            guard pidfd >= 0 else { return nil }
            var status: Int32 = 0
            let ended = cchild_pidfd_wait(pidfd, &status, 0)
            guard ended != 0 else { return nil }
            if ended == 1 {
                if leadsGroup { Glibc.kill(-pid, SIGKILL) }
                if cchild_pidfd_wait(pidfd, &status, 1) != 1 { status = 0 }
            } else {
                status = 0 // Reaped elsewhere (ECHILD): its status is lost.
            }
            unwatch(pidfd)
            close(pidfd)
            pidfd = -1
            return status
        }
        guard let status else { return false }
        reaped.complete(status)
        return true
    }
}

/// One step of a teardown: what asks the process to end, and how long it is given to.
public struct TeardownStep: Sendable {
    let action: @Sendable (ChildProcess) -> Void
    let allowedDuration: Duration

    /// Sends `signal` (to the group too, when the process leads one).
    public static func send(signal: Int32, allowedDurationToNextStep duration: Duration) -> TeardownStep {
        TeardownStep(action: { $0.signal(signal) }, allowedDuration: duration)
    }

    /// Runs `action`, e.g. closing the write side of the process's socket.
    public static func perform(_ action: @escaping @Sendable () -> Void, allowedDurationToNextStep duration: Duration) -> TeardownStep {
        TeardownStep(action: { _ in action() }, allowedDuration: duration)
    }
}
