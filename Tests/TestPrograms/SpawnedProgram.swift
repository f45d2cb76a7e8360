import Foundation

/// A program the tests start with `posix_spawn`, its standard output and error each captured
/// on a socket of their own, standard input on /dev/null, and none of the test process's other
/// descriptors.
///
/// Foundation's `Process.run()` on this toolchain over-reads `/proc/self/fd` entries and now
/// and then crashes a suite that spawns as many processes as this one (swift-corelibs-foundation
/// PR 5472, fixed later); the tests' most frequent runs go through this instead.
public struct SpawnedProgram: Sendable {
    /// The program's process id.
    public let pid: pid_t
    private let output: Int32
    private let errors: Int32

    /// Starts `executable` with `arguments` and exactly `environment` (this process's when nil),
    /// in `currentDirectory` (this process's when nil).
    /// - Parameters:
    ///   - stdout: a descriptor for its standard output, which the caller keeps; nil: captured.
    ///   - stderr: the same for its standard error.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, currentDirectory: String? = nil,
         stdout: Int32? = nil, stderr: Int32? = nil) throws {
        // Close-on-exec from the start: other tests spawn programs from other threads meanwhile.
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        let stream = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, stream, 0, &out) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard socketpair(AF_UNIX, stream, 0, &err) == 0 else {
            close(out[0]); close(out[1])
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        defer { close(out[1]); close(err[1]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout ?? out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderr ?? err[1], 2)
        // And nothing else: a descriptor some other code of this process opened without
        // close-on-exec would reach the program (a CI run's `serve --ready-fd 99` took an
        // inherited socket for its ready pipe and served on, its test waiting forever).
        _ = Self.closeFrom(&actions, 3)
        if let currentDirectory {
            guard Self.addChangeDirectory(&actions, currentDirectory) == 0 else {
                close(out[0]); close(err[0])
                throw POSIXError(.ENOSYS)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // No signal blocked or ignored in the child, whatever the spawning thread has.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(out[0]); close(err[0])
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO)
        }
        self.pid = pid
        // A stream not captured ends at once for `finish`.
        output = out[0]
        errors = err[0]
        if stdout != nil { shutdown(out[0], Int32(SHUT_RDWR)) }
        if stderr != nil { shutdown(err[0], Int32(SHUT_RDWR)) }
    }

    /// The lines the program writes to its standard output, read as they come (when it was
    /// captured); `finish()` then reads what is left.
    public func outputLines() -> OutputLines { OutputLines(descriptor: output) }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
    /// module does not declare.
    private static let closeFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            fatalError("This glibc has no posix_spawn_file_actions_addclosefrom_np (2.34 and later have it).")
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// How a program ended: its status as Foundation's `terminationStatus` gives it (the exit
    /// code, or the number of the signal that ended it), that signal, and what it wrote.
    public struct Ending: Sendable {
        /// The exit code, or the number of the signal that ended the program.
        public var status: Int32
        /// The signal that ended the program, if one did.
        public var signal: Int32?
        /// What it wrote to its standard output.
        public var stdout: Data
        /// What it wrote to its standard error.
        public var stderr: Data
    }

    /// Reads both streams to their ends (together, so that neither fills while the other is
    /// read), then reaps the program. Blocks the calling thread until the program and every
    /// process holding its streams have ended: call it off the concurrency pool (`ended()`).
    public func finish() -> Ending {
        var streams = [Data(), Data()]
        var open = [output, errors]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.contains(where: { $0 >= 0 }) {
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&watched, nfds_t(watched.count), -1) >= 0 || errno == EINTR else { break }
            for index in open.indices where open[index] >= 0 && watched[index].revents != 0 {
                let count = read(open[index], &buffer, buffer.count)
                if count > 0 {
                    streams[index].append(contentsOf: buffer[..<count])
                } else if count == 0 || errno != EINTR {
                    close(open[index])
                    open[index] = -1
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F == 0 ? nil : status & 0x7F
        return Ending(status: signal ?? (status >> 8) & 0xFF, signal: signal, stdout: streams[0], stderr: streams[1])
    }

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift's Glibc
    /// module leaves out without `_GNU_SOURCE`.
    private static func addChangeDirectory(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) -> Int32 {
        typealias AddChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return -1 }
        return unsafeBitCast(symbol, to: AddChangeDirectory.self)(actions, path)
    }
}

/// Lines read one at a time from a program's captured standard output, each wait bounded.
/// Read by one task at a time.
public final class OutputLines: @unchecked Sendable {
    private let descriptor: Int32
    private var pending = ""

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next whole line, waiting at most `timeout` for it on a thread of its own (never the
    /// concurrency pool's); nil at the end of the stream or on timeout.
    public func next(timeout: Duration = .seconds(20)) async -> String? {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in continuation.resume(returning: nextBlocking(timeout: timeout)) }
            thread.name = "test-blocking-wait"
            thread.start()
        }
    }

    /// `next(timeout:)`, blocking the calling thread.
    public func nextBlocking(timeout: Duration = .seconds(20)) -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = pending.firstIndex(of: "\n") {
                let line = String(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&poller, 1, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
            if polled < 0 && errno == EINTR { continue }
            guard polled == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            pending += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }
}
