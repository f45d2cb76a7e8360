import ExtensionProtocol
import Foundation

/// How the host starts a confined runner: through `intents-sandbox`, the small C launcher that
/// gives it a session of its own, a pids cgroup and its namespaces (user, mount, IPC, PID with
/// a private /proc, network), then waits outside as its keeper. The runner applies the rest
/// (rlimits, capabilities, no_new_privs, Landlock, seccomp) to itself.
enum SandboxLauncher {
    /// The launcher's file name, beside the runner (or beside the running executable).
    static let fileName = "intents-sandbox"

    /// The launcher for `runnerPath`: in the runner's folder, else in this executable's.
    static func path(forRunner runnerPath: String) -> String {
        let beside = (runnerPath as NSString).deletingLastPathComponent + "/" + fileName
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : HostConfiguration.executableFolder + "/" + fileName
    }

    /// The program and arguments that run the runner with `arguments` under `policy`: the
    /// runner itself when the policy confines nothing (the unsafe flag), else the launcher.
    /// A policy with a private root (`SandboxPolicy.privateRoot`) gets one holding its paths and
    /// the runner's own file (its real path, where it is run from).
    static func command(runnerPath: String, arguments: [String], policy: SandboxPolicy) -> (executable: String, arguments: [String]) {
        guard policy.confine else { return (runnerPath, arguments) }
        var launcher: [String] = policy.allowNetwork ? ["--network"] : []
        if let cgroup = policy.taskCgroup { launcher += ["--cgroup", cgroup, "--threads", String(policy.limits.threads)] }
        var runner = runnerPath
        if let root = policy.privateRoot {
            runner = RealPath.of(runnerPath) ?? runnerPath
            launcher += (root + [runner]).flatMap { ["--root", $0] }
        }
        return (path(forRunner: runnerPath), launcher + ["--", runner] + arguments)
    }
}
