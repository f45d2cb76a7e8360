import Foundation
import LocalAPI
import Synchronization

/// An `intents serve` the benchmark started, ended with it.
final class ServerProcess: Sendable {
    let process: Process
    var pid: pid_t { process.processIdentifier }

    private init(process: Process) {
        self.process = process
    }

    /// Starts `intents serve` on `state` and `apps` and waits until it accepts connections.
    /// `INTENTS_BENCH_SERVER_LOG=FILE` keeps its log (info) in FILE.
    static func start(client: String, apps: String, state: String, extraArguments: [String] = []) throws -> ServerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: client)
        let log = ProcessInfo.processInfo.environment["INTENTS_BENCH_SERVER_LOG"]
        process.arguments = ["serve", "--state", state, "--apps", apps, "--log-level", log == nil ? "error" : "info"] + extraArguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        if let log, FileManager.default.createFile(atPath: log, contents: nil) {
            process.standardError = FileHandle(forWritingAtPath: log)
        }
        try process.run()
        for _ in 0..<1000 {
            if let socket = LocalAPISocket.connect(stateFolder: state) {
                close(socket)
                return ServerProcess(process: process)
            }
            usleep(10_000)
        }
        process.terminate()
        throw BenchmarkError("intents serve did not start within 10 s.")
    }

    /// Ends the server (SIGTERM) and waits for it.
    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// One run of a program to its end, its standard output captured (at most 1 MiB).
struct CapturedRun {
    var status: Int32
    var output: String

    /// Held from making a pipe to spawning its child, so that no other child inherits the
    /// pipe's write end before it is marked close-on-exec (the reader would wait for that child too).
    private static let spawning = Mutex(())

    static func run(_ path: String, _ arguments: [String]) -> Result<CapturedRun, BenchmarkError> {
        var pipe: [Int32] = [-1, -1]
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = spawning.withLock { _ -> Int32 in
            guard Glibc.pipe(&pipe) == 0 else { return errno }
            _ = fcntl(pipe[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipe[1], F_SETFD, FD_CLOEXEC)
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            return posix_spawn(&pid, path, &actions, nil, argv, environ)
        }
        if pipe[1] >= 0 { close(pipe[1]) }
        defer { if pipe[0] >= 0 { close(pipe[0]) } }
        guard spawned == 0 else { return .failure(BenchmarkError("\(path) cannot be started: \(String(cString: strerror(spawned))).")) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        // Read to the end (a child blocked on a full pipe never ends), keeping the first 1 MiB.
        while true {
            let got = chunk.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            if bytes.count < 1 << 20 { bytes += chunk[0..<got] }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return .success(CapturedRun(status: code, output: String(decoding: bytes, as: UTF8.self)))
    }
}
