#if canImport(Glibc)
import Glibc
#endif
import ExtensionProtocol
import LocalAPI
import Synchronization

/// Starts `intents-host serve` for a state folder when no server listens there: detached (its
/// own session, so that it outlives the client and no terminal signal reaches it), ending once
/// idle (`--exit-when-idle`), as gpg-agent and sccache start theirs. Two clients starting one at
/// once are safe: the server's lock file lets one serve and the other exit.
enum ServerLauncher {
    /// Starts a server and waits for its `ready` line (`--ready-fd`), at most `serverStartTimeout`.
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
        var arguments = [executable, "serve", "--state", state, "--exit-when-idle", String(configuration.serverIdleExitSeconds),
                         "--ready-fd", "3"]
        for folder in configuration.appsFolders { arguments += ["--apps", folder] }
        arguments += configuration.serverArguments
        var ready: [Int32] = [-1, -1]
        // Close-on-exec from the start: other threads of the app may spawn programs meanwhile.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ready) == 0 else {
            throw IntentsClientError(.serverUnavailable, "No socket pair for the server's readiness: \(String(cString: strerror(errno))).")
        }
        defer { close(ready[0]) }
        let pid: pid_t
        do {
            defer { close(ready[1]) }
            pid = try spawn(arguments, logPath: logPath, readiness: ready[1])
        }
        // Reaps the server if it exits while this process lives (a losing racer, a failure).
        ChildReaper.reap(pid)
        switch waitForReadiness(ready[0], timeout: configuration.serverStartTimeout) {
        case .ready:
            if let socket = LocalAPISocket.connect(stateFolder: state) { return socket }
        case .ended:
            // A server that lost the start to another client's exits at once (closing the pipe),
            // and the winner's socket comes soon after; one that exited for a fault left its
            // reason in the log.
            if let socket = connectToWinner(state) { return socket }
        case .timedOut:
            break
        }
        throw IntentsClientError(.serverUnavailable, "The intents server started for \(state) (\(executable)) did not accept connections within \(configuration.serverStartTimeout); see \(logPath).")
    }

    private enum Readiness { case ready, ended, timedOut }

    /// Waits for the server's `ready` line on `descriptor` (`--ready-fd`), its end of the pipe
    /// (the server exited or closed it unsaid), or `timeout`.
    private static func waitForReadiness(_ descriptor: Int32, timeout: Duration) -> Readiness {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var said: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16)
        while clock.now < deadline {
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let left = deadline - clock.now
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let polled = poll(&watched, 1, milliseconds)
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .ended }
            said += buffer[..<count]
            if said.starts(with: Array("ready\n".utf8)) { return .ready }
            if said.count > 16 { return .ended }
        }
        return .timedOut
    }

    /// The socket of the server that won a start race, which accepts within moments of the
    /// loser's exit; at most 2 s.
    private static func connectToWinner(_ state: String) -> Int32? {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(2)
        repeat {
            if let socket = LocalAPISocket.connect(stateFolder: state) { return socket }
            usleep(5_000)
        } while clock.now < deadline
        return nil
    }

    /// `Configuration.hostExecutable`, else `INTENTS_HOST_EXECUTABLE`, else `intents-host` beside
    /// the running executable, else on `PATH`.
    static func hostExecutable(_ configuration: IntentsClient.Configuration) throws -> String {
        if let explicit = configuration.hostExecutable { return explicit }
        let environment = LocalAPISocket.processEnvironment
        if let named = environment["INTENTS_HOST_EXECUTABLE"], !named.isEmpty { return named }
        var candidates: [String] = []
        // Not beside a program whose path is not UTF-8: decoded, the folder would name another
        // one (each bad byte a U+FFFD).
        if let folder = ThisExecutable.folder() { candidates.append(folder + "/intents-host") }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
            candidates.append(folder + "/intents-host")
        }
        if let found = candidates.first(where: { access($0, X_OK) == 0 }) { return found }
        let searched = ThisExecutable.isInFolderNotUTF8
            ? "No intents-host executable was found on PATH (nor looked for beside this program, whose path is not UTF-8)"
            : "No intents-host executable was found beside this program or on PATH"
        throw IntentsClientError(.serverUnavailable, searched + "; set INTENTS_HOST_EXECUTABLE (IntentsClient.Configuration.hostExecutable in code).")
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

    /// Spawns the server with stdin on /dev/null, stdout and stderr to the log, `readiness` on
    /// descriptor 3 and no other descriptor of this process (an app's pipes and files stay its own).
    private static func spawn(_ arguments: [String], logPath: String, readiness: Int32) throws -> pid_t {
        let log = try openLog(logPath)
        defer { close(log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, log, 1)
        posix_spawn_file_actions_adddup2(&actions, log, 2)
        posix_spawn_file_actions_adddup2(&actions, readiness, 3)
        // Nothing else of this process's reaches the server, which outlives it: the descriptors
        // without FD_CLOEXEC (an inherited jobserver pipe, a socket a parent passed) are closed.
        closeInheritable(from: 4, in: &actions)
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
        let environment = serverEnvironment().map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environment)
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

    /// The variables a started server gets of this process's environment: the user's (where
    /// and in which language they work) and the host's own settings, nothing else. The server
    /// outlives its launcher and serves every app, so one app's loader settings (`LD_*`) or
    /// other variables must not reach the others' extensions or continued apps, nor may it
    /// choose their runner (`INTENTS_RUNNER`). `INTENTS_APPS` is kept: the apps folders a
    /// started server serves are still its launcher's choice (a known, documented limit).
    static func serverEnvironment(_ environment: [String: String] = LocalAPISocket.processEnvironment) -> [String] {
        let kept: Set = ["PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
                         "INTENTS_APPS"]
        return environment.filter { kept.contains($0.key) || $0.key.hasPrefix("LC_") }
            .sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value)" }
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
}

/// Waits for one child process on a thread of its own, so that it leaves no zombie behind.
private enum ChildReaper {
    static func reap(_ pid: pid_t) {
        DetachedThread.start(name: "intents-reaper") {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }
}

extension ServerLauncher {
    /// `IntentsClient.connectedSocket` (a server's socket, starting one when allowed), on a
    /// thread of its own: it waits up to the start timeout, which must not hold a thread of the
    /// concurrency pool.
    static func startOffPool(_ configuration: IntentsClient.Configuration) async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            DetachedThread.start(name: "intents-start") {
                continuation.resume(with: Result { try IntentsClient.connectedSocket(configuration) })
            }
        }
    }
}
