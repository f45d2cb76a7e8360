import Foundation

/// Where the benchmark's processes run, set with `taskset` (util-linux).
///
/// On this kind of virtual machine a round trip between threads on two CPUs costs a wake-up of
/// an idle CPU (tens of microseconds), and one on a single CPU a switch (a few): which one a
/// measurement gets is the scheduler's choice, and it changes from run to run, for the floor
/// and for the host alike. Measured again with everything on one CPU, the floor and the
/// figure above it have the same placement.
enum CPUPlacement {
    /// Runs `body` with this process and `processes` (every thread of each) on CPU 0 alone,
    /// then lets them run where they ran before; nil, and `body` not run, when `taskset`
    /// cannot pin them.
    static func onOneCPU<T>(_ processes: [pid_t], _ body: () async throws -> T) async throws -> T? {
        let all = [getpid()] + processes
        // Read before any pinning: once this process is on CPU 0, its list says "0".
        let allowed = allowedCPUs() ?? "0-\(ProcessInfo.processInfo.processorCount - 1)"
        guard all.allSatisfy({ taskset("0", $0) }) else {
            for process in all { _ = taskset(allowed, process) }
            return nil
        }
        defer { for process in all { _ = taskset(allowed, process) } }
        return try await body()
    }

    /// This process's CPUs as a list (`Cpus_allowed_list` of `/proc/self/status`: "0-1").
    private static func allowedCPUs() -> String? {
        ProcessTree.readWhole("/proc/self/status").split(separator: "\n")
            .first { $0.hasPrefix("Cpus_allowed_list:") }?
            .dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
    }

    /// `taskset -a -p -c CPUS PID`: every thread of `process`; true when it succeeded.
    private static func taskset(_ cpus: String, _ process: pid_t) -> Bool {
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
        run.arguments = ["-a", "-p", "-c", cpus, "\(process)"]
        run.standardOutput = FileHandle.nullDevice
        run.standardError = FileHandle.nullDevice
        do {
            try run.run()
        } catch {
            return false
        }
        run.waitUntilExit()
        return run.terminationStatus == 0
    }
}
