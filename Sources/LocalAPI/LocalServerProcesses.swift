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
        let marker = Array("serve\0--state\0\(stateFolder)\0".utf8)
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), pid != getpid(),
                  let command = commandLine(of: pid), command.count >= marker.count,
                  String(decoding: command.prefix { $0 != 0 }, as: UTF8.self).hasSuffix("intents-host"),
                  (0...(command.count - marker.count)).contains(where: { command[$0..<($0 + marker.count)].elementsEqual(marker) })
            else { continue }
            found.append(pid)
        }
        return found
    }

    /// Sends SIGTERM to the servers of `stateFolder`; with `waitSeconds` above zero, waits until
    /// that much time has passed (by the monotonic clock) for them to be gone, reaping one that
    /// is this process's child.
    public static func stop(stateFolder: String, waitSeconds: Double = 0) {
        let deadline = monotonicSeconds() + waitSeconds
        for pid in pids(stateFolder: stateFolder) {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            while monotonicSeconds() < deadline, kill(pid, 0) == 0, waitpid(pid, &status, WNOHANG) != pid {
                usleep(10_000)
            }
        }
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
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
