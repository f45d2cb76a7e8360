import ExtensionProtocol
import Foundation
import HostBundles

/// Starts the runner with `posix_spawn` (never `fork` from a large host): the socket as
/// fd 3, the extension's library and bundle folder (when given) as fds 4 and 5, stdin from
/// /dev/null, stdout and stderr into one pipe the host drains.
struct RunnerSpawn {
    /// The fd number the runner finds its socket on.
    static let socketDescriptor: Int32 = 3
    /// The fd number the runner finds the extension's library on.
    static let libraryDescriptor: Int32 = 4

    /// The runner: it leads its own process group (the launcher, or the runner when unconfined,
    /// calls setsid), so the sandboxed process is signalled with its keeper.
    let child: ChildProcess
    var pid: pid_t { child.pid }
    /// The host's end of the socket pair.
    let socket: Int32
    /// The read end of the runner's stdout/stderr pipe.
    let output: Int32

    /// - Parameter bundle: descriptors of the extension's checked library and bundle folder,
    ///   given to the runner as fds 4 and 5; the caller keeps and closes its own.
    /// - Throws: `HostError` (`.extensionFailed`) when the runner cannot be started.
    init(runnerPath: String, arguments: [String], policy: SandboxPolicy, environment: [String], bundleIdentifier: String,
         bundle: (folder: Int32, library: Int32)? = nil) throws {
        let (executable, arguments) = SandboxLauncher.command(runnerPath: runnerPath, arguments: arguments, policy: policy)
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HostError(.extensionFailed, "Cannot create a socket for \(bundleIdentifier): \(String(cString: strerror(errno))).")
        }
        var pipeEnds: [Int32] = [-1, -1]
        // Glibc's module has no pipe2: set close-on-exec right after. The runner closes stray
        // descriptors itself before loading extension code.
        guard pipe(&pipeEnds) == 0, fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC) == 0,
              fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC) == 0 else {
            close(pair[0]); close(pair[1])
            throw HostError(.extensionFailed, "Cannot create a pipe for \(bundleIdentifier): \(String(cString: strerror(errno))).")
        }
        // Above every number the child's dup2s write, so that none overwrites another before it is moved.
        let passed: [(copy: Int32, target: Int32)] = bundle.map { bundle in
            [(fcntl(bundle.library, F_DUPFD_CLOEXEC, 16), Self.libraryDescriptor),
             (fcntl(bundle.folder, F_DUPFD_CLOEXEC, 16), SandboxPolicy.bundleFolderDescriptor)]
        } ?? []
        defer {
            close(pair[1])
            close(pipeEnds[1])
            passed.filter { $0.copy >= 0 }.forEach { close($0.copy) }
        }
        if passed.contains(where: { $0.copy < 0 }) {
            close(pair[0]); close(pipeEnds[0])
            throw HostError(.extensionFailed, "Cannot pass the bundle of \(bundleIdentifier) to its runner: \(String(cString: strerror(errno))).")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_adddup2(&actions, pair[1], Self.socketDescriptor)
        for (copy, target) in passed { posix_spawn_file_actions_adddup2(&actions, copy, target) }

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
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var spawned: pid_t = 0
        let status = posix_spawn(&spawned, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(pair[0]); close(pipeEnds[0])
            throw HostError(.extensionFailed, "Cannot start the extension runner \(executable.quotedForDisplay) for \(bundleIdentifier): \(String(cString: strerror(status))).")
        }
        do {
            child = try ChildProcess(pid: spawned, leadsGroup: true, name: bundleIdentifier)
        } catch {
            ChildProcess.abandon(spawned)
            close(pair[0]); close(pipeEnds[0])
            throw error
        }
        socket = pair[0]
        output = pipeEnds[0]
    }
}

/// How a process ended, in words: `exited with status 3`, `was killed by signal 11 (SIGSEGV)`.
func describeTermination(_ status: Int32) -> String {
    let signal = status & 0x7F
    if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
    return "was killed by signal \(signal) (\(signalName(signal)))"
}

/// The usual name of a signal number.
func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
        SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
        SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
        SIGSYS: "SIGSYS",
    ]
    return names[signal] ?? "signal \(signal)"
}
