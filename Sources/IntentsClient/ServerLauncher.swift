#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LocalAPI
import Synchronization

/// Starts `intents-host serve` for a state folder when no server listens there: detached (its
/// own session, so that it outlives the client and no terminal signal reaches it), ending once
/// idle (`--exit-when-idle`), as gpg-agent and sccache start theirs. Two clients starting one at
/// once are safe: the server's lock file lets one serve and the other exit.
enum ServerLauncher {
    /// Starts a server and waits until its socket accepts, at most `timeout`.
    /// - Returns: a connected socket.
    /// - Throws: `IntentsClientError` (`.serverUnavailable`) naming the executable and the log.
    static func start(_ configuration: IntentsClient.Configuration) throws -> Int32 {
        let executable = try hostExecutable(configuration)
        let state = configuration.stateFolder
        guard state.hasPrefix("/") else {
            throw IntentsClientError(.usage, "The state folder \(state) is relative; give an absolute path.")
        }
        guard mkdirParents(state) else {
            throw IntentsClientError(.serverUnavailable, "The state folder \(state) cannot be made: \(String(cString: strerror(errno))).")
        }
        var status = stat()
        guard stat(state, &status) == 0, status.st_uid == getuid(), status.st_mode & 0o022 == 0 else {
            throw IntentsClientError(.serverUnavailable, "The state folder \(state) is not this user's alone (its owner or mode lets others in); no server is started there.")
        }
        let logPath = state + "/server.log"
        var arguments = [executable, "serve", "--state", state, "--exit-when-idle", String(configuration.serverIdleExitSeconds)]
        for folder in configuration.appsFolders { arguments += ["--apps", folder] }
        arguments += configuration.serverArguments
        let pid = try spawn(arguments, logPath: logPath)
        // Reaps the server if it exits while this process lives (a losing racer, a failure).
        let reaper = ChildReaper(pid: pid)
        let clock = ContinuousClock()
        var deadline = clock.now + configuration.serverStartTimeout
        var sawExit = false
        while clock.now < deadline {
            if let socket = LocalAPISocket.connect(stateFolder: state) { return socket }
            // A server that lost the start to another client's exits at once, and the winner's
            // socket comes soon after; one that exited for a fault left its reason in the log.
            if reaper.exited && !sawExit {
                sawExit = true
                deadline = min(deadline, clock.now + .seconds(2))
            }
            usleep(5_000)
        }
        throw IntentsClientError(.serverUnavailable, "The intents server started for \(state) (\(executable)) did not accept connections within \(configuration.serverStartTimeout); see \(logPath).")
    }

    /// `Configuration.hostExecutable`, else `INTENTS_HOST_EXECUTABLE`, else `intents-host` beside
    /// the running executable, else on `PATH`.
    static func hostExecutable(_ configuration: IntentsClient.Configuration) throws -> String {
        if let explicit = configuration.hostExecutable { return explicit }
        let environment = LocalAPISocket.processEnvironment
        if let named = environment["INTENTS_HOST_EXECUTABLE"], !named.isEmpty { return named }
        var candidates: [String] = []
        if let own = readLink("/proc/self/exe"), let slash = own.lastIndex(of: "/") {
            candidates.append(String(own[..<slash]) + "/intents-host")
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
            candidates.append(folder + "/intents-host")
        }
        if let found = candidates.first(where: { access($0, X_OK) == 0 }) { return found }
        throw IntentsClientError(.serverUnavailable, "No intents-host executable was found beside this program or on PATH; set INTENTS_HOST_EXECUTABLE or IntentsClient.Configuration.hostExecutable.")
    }

    /// The server's log, opened here rather than in the child (whose opening a FIFO would block
    /// posix_spawn): a regular file of this user's with one link, never a link, FIFO or device.
    private static func openLog(_ path: String) throws -> Int32 {
        // Appended to, never truncated here: a server may be writing it (this start may lose the
        // race to another client's), and the server that takes the lock empties it itself.
        let log = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard log >= 0 else {
            throw IntentsClientError(.serverUnavailable, "The server's log \(path) cannot be opened: \(String(cString: strerror(errno))).")
        }
        var status = stat()
        guard fstat(log, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(), status.st_nlink == 1 else {
            close(log)
            throw IntentsClientError(.serverUnavailable, "The server's log \(path) is not a regular file of this user's with one link; remove it.")
        }
        _ = fcntl(log, F_SETFL, fcntl(log, F_GETFL) & ~O_NONBLOCK)
        return log
    }

    private static func spawn(_ arguments: [String], logPath: String) throws -> pid_t {
        let log = try openLog(logPath)
        defer { close(log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, log, 1)
        posix_spawn_file_actions_adddup2(&actions, log, 2)
        // Nothing else of this process's reaches the server, which outlives it: the descriptors
        // without FD_CLOEXEC (an inherited jobserver pipe, a socket a parent passed) are closed.
        closeInheritable(from: 3, in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own session: no controlling terminal, no signal of the client's process group.
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else {
            throw IntentsClientError(.serverUnavailable, "\(arguments[0]) could not be started: \(String(cString: strerror(result))).")
        }
        return pid
    }

    /// Adds to `actions` the closing of every descriptor from `first` on: with glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later, which Swift's Glibc module
    /// leaves out without `_GNU_SOURCE`), else one close for each descriptor open now without
    /// FD_CLOEXEC (glibc ignores a close action whose descriptor is already closed).
    private static func closeInheritable(from first: Int32, in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"),
           unsafeBitCast(symbol, to: CloseFrom.self)(&actions, first) == 0 {
            return
        }
        guard let folder = opendir("/proc/self/fd") else { return }
        let own = dirfd(folder)
        var open: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let descriptor = Int32(name), descriptor >= first, descriptor != own { open.append(descriptor) }
        }
        closedir(folder)
        for descriptor in open where fcntl(descriptor, F_GETFD) & FD_CLOEXEC == 0 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// glibc's `POSIX_SPAWN_SETSID` (2.26 and later), which Swift's Glibc module leaves out
    /// without `_GNU_SOURCE`.
    private static let spawnSetSID: Int32 = 0x80

    private static func mkdirParents(_ path: String) -> Bool {
        var prefix = ""
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Waits for one child process on a thread of its own, so that it leaves no zombie behind.
private final class ChildReaper: Sendable {
    private let done = Atomic<Bool>(false)

    init(pid: pid_t) {
        let thread = Thread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            done.store(true, ordering: .releasing)
        }
        thread.name = "intents-client-reaper"
        thread.start()
    }

    /// Whether the child has exited.
    var exited: Bool { done.load(ordering: .acquiring) }
}

extension ServerLauncher {
    /// `start`, on a thread of its own: it waits up to the start timeout, which must not hold a
    /// thread of the concurrency pool.
    static func startOffPool(_ configuration: IntentsClient.Configuration) async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try start(configuration) })
            }
            thread.name = "intents-client-start"
            thread.start()
        }
    }
}
