import Foundation
@testable import ExtensionProcesses
import Testing
import TestPrograms

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
        let start = Date()
        let program = try SpawnedProgram(Package.cli, arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": home])
        // Its output is read on a thread of its own while this one samples and keeps the deadline.
        let finished = Completion<SpawnedProgram.Ending>()
        let reader = Thread { finished.complete(program.finish()) }
        reader.start()
        var bytesRead = 0
        var killed = false
        while finished.value == nil {
            if let io = try? String(contentsOfFile: "/proc/\(program.pid)/io", encoding: .utf8),
               let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }),
               let value = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) {
                bytesRead = value
            }
            if !killed && Date().timeIntervalSince(start) > deadline {
                killed = true
                kill(program.pid, SIGKILL)
            }
            _ = finished.waitBlocking(timeout: .milliseconds(100))
        }
        let ended = finished.value!
        let seconds = Date().timeIntervalSince(start)
        return DeadlineRun(finished: !killed, status: ended.status, output: String(decoding: ended.stdout + ended.stderr, as: UTF8.self),
                           seconds: seconds, bytesRead: bytesRead)
    }
}
