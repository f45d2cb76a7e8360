import ExtensionProcesses
import Foundation

/// Starts a program that runs beside a test (a fake server, a witness, an attacker), watched
/// through its pidfd (`ChildProcess`): its output discarded unless `output` says where, no
/// descriptor of the test's but those, no signal blocked; the test signals and awaits it.
func spawnBeside(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                 output: ChildProcess.Output = .discarded) throws -> ChildProcess {
    try ChildProcess.spawn(executable, arguments: arguments, environment: environment.map { $0.map { "\($0.key)=\($0.value)" } },
                           output: output, ownGroup: false)
}

extension ChildProcess {
    /// Whether it has not been reaped yet.
    var isRunning: Bool { exitStatus == nil }
}
