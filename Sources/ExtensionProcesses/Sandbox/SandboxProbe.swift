import ExtensionProtocol
import Foundation
import HostBundles

/// Asks the runner to confine itself with a typical policy and report what engaged: proof,
/// on this kernel and as this user, of what an extension would get.
public enum SandboxProbe {
    /// Runs `intents-extension --probe` and returns its report.
    /// - Throws: `HostError` (`.extensionFailed`) when the runner cannot run or answers nonsense.
    public static func run(runnerPath: String, stateFolder: String) throws -> ConfinementReport {
        let layout = ContainerLayout(stateFolder: stateFolder)
        let probe = ExtensionBundle(path: "/nonexistent", bundleIdentifier: "intents.probe", displayName: "probe", principalClass: "Probe.Probe",
                                    libraryPath: "/nonexistent/libProbe.so", intentsSupported: [], appBundleIdentifier: nil)
        let policy = SandboxPolicy.forExtension(probe, app: nil, layout: layout, limits: .standard, taskCgroup: TaskCgroup.parent)
        let process = Process()
        let (executable, arguments) = SandboxLauncher.command(runnerPath: runnerPath, arguments: ["--probe", "--policy", try policy.runnerText()],
                                                             policy: policy)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // Not the caller's working folder, which the user may be unable to enter (Foundation's
        // child changes into it first, and would fail): the runner needs none.
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw HostError(.extensionFailed, "The runner \(runnerPath) cannot be started: \(HostError.reason(error)).")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        TaskCgroup.remove(runner: process.processIdentifier, under: policy.taskCgroup)
        guard let report = try? JSONDecoder().decode(ConfinementReport.self, from: data) else {
            throw HostError(.extensionFailed, "The runner \(runnerPath) did not report its confinement (exit status \(process.terminationStatus)).")
        }
        return report
    }
}
