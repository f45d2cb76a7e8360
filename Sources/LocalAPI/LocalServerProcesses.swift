#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The servers a client started on demand for a state folder: `intents-host serve --state
/// FOLDER …` as `ServerLauncher` runs it, found by its command line in `/proc`. For tests and
/// benchmarks that let a client start a server and must end it; a server started otherwise
/// (`intents serve`) is its starter's to end. The socket is how clients find a server.
public enum LocalServerProcesses {
    /// The process IDs of the servers serving `stateFolder` (not this process).
    public static func pids(stateFolder: String) -> [pid_t] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), pid != getpid(), serves(pid, stateFolder: stateFolder) else { continue }
            found.append(pid)
        }
        return found
    }

    /// Sends SIGTERM to the servers of `stateFolder`; with `waitSeconds` above zero, waits at
    /// most that long (by the monotonic clock) for them to end, reaping one that is this
    /// process's child.
    ///
    /// Each is signalled through a pidfd opened before its command line is read again, so a
    /// process ID that another process took since the listing is never signalled.
    public static func stop(stateFolder: String, waitSeconds: Double = 0) {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(max(0, min(waitSeconds, 86_400)) * 1000))
        for pid in pids(stateFolder: stateFolder) {
            guard let calls = PidfdCalls.shared else { return }
            let pidfd = calls.open(pid, 0)
            guard pidfd >= 0 else { continue }
            defer { close(pidfd) }
            guard serves(pid, stateFolder: stateFolder), calls.sendSignal(pidfd, SIGTERM, nil, 0) == 0 else { continue }
            // A pidfd reads as ready once its process has ended.
            var ready = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
            while true {
                let left = clock.now.duration(to: deadline).components
                let milliseconds = Int32(clamping: left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000)
                guard milliseconds > 0 else { break }
                let result = poll(&ready, 1, milliseconds)
                if result < 0 && errno == EINTR { continue }
                break
            }
            // A child of this process keeps its pid until reaped, so this reaps no other.
            var status: Int32 = 0
            _ = waitpid(pid, &status, WNOHANG)
        }
    }

    /// Whether `pid` runs `intents-host serve --state stateFolder`, as its command line says now.
    private static func serves(_ pid: pid_t, stateFolder: String) -> Bool {
        let marker = Array("serve\0--state\0\(stateFolder)\0".utf8)
        guard let command = commandLine(of: pid), command.count >= marker.count,
              String(decoding: command.prefix { $0 != 0 }, as: UTF8.self).hasSuffix("intents-host") else { return false }
        return (0...(command.count - marker.count)).contains { command[$0..<($0 + marker.count)].elementsEqual(marker) }
    }

    /// `/proc/PID/cmdline` whole (NUL-separated), or nil when the process is gone.
    private static func commandLine(of pid: pid_t) -> [UInt8]? {
        let descriptor = open("/proc/\(pid)/cmdline", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}

/// glibc's `pidfd_open` and `pidfd_send_signal` (2.36 and later), looked up at run time: this
/// module links no C of its own (the SDK that apps build against includes it); nil where the C
/// library has neither, and then nothing is signalled.
private struct PidfdCalls: @unchecked Sendable {
    typealias Open = @convention(c) (pid_t, UInt32) -> Int32
    typealias SendSignal = @convention(c) (Int32, Int32, UnsafeMutableRawPointer?, UInt32) -> Int32
    let open: Open
    let sendSignal: SendSignal

    static let shared: PidfdCalls? = {
        guard let open = dlsym(nil, "pidfd_open"), let send = dlsym(nil, "pidfd_send_signal") else { return nil }
        return PidfdCalls(open: unsafeBitCast(open, to: Open.self), sendSignal: unsafeBitCast(send, to: SendSignal.self))
    }()
}
