import Foundation
import Testing

/// What a run of `intents` under a deadline gave: whether it finished, its status and output,
/// how long it ran and how many bytes it read (`rchar` of /proc/PID/io, last sampled).
struct DeadlineRun {
    var finished: Bool
    var status: Int32
    var output: String
    var seconds: Double
    var bytesRead: Int
}

/// Runs the built `intents` with `arguments`, killing it (by its own pid) once `deadline`
/// seconds have passed; samples the bytes it read while it runs.
func runCLIWithDeadline(_ arguments: [String], home: String, deadline: Double) async throws -> DeadlineRun {
    try await offThePool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Package.cli)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": home]
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("intents-deadline-run-\(UUID().uuidString).out")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        var bytesRead = 0
        var finished = true
        while process.isRunning {
            if let io = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/io", encoding: .utf8),
               let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }),
               let value = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) {
                bytesRead = value
            }
            if Date().timeIntervalSince(start) > deadline {
                finished = false
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(100_000)
        }
        process.waitUntilExit()
        try handle.close()
        let seconds = Date().timeIntervalSince(start)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return DeadlineRun(finished: finished, status: process.terminationStatus, output: text, seconds: seconds, bytesRead: bytesRead)
    }
}
