import Foundation

/// The pids cgroup under which each runner makes a cgroup of its own, capped at the policy's
/// `threads`: the one cap on threads that binds root, whom RLIMIT_NPROC exempts.
///
/// Used when the host runs as root and a pids hierarchy is mounted writable: cgroup v1's
/// `pids` controller, or cgroup v2 with `pids` available. Otherwise (an unprivileged host, or
/// no writable pids controller) the cap is RLIMIT_NPROC, which binds every user but root.
public enum TaskCgroup {
    /// The folder runners make their cgroups in (`<pids hierarchy>/intents-extensions`), or nil
    /// when the host cannot use one.
    public static let parent: String? = {
        guard geteuid() == 0, let root = pidsHierarchy(), access(root, W_OK) == 0 else { return nil }
        return root + "/intents-extensions"
    }()

    /// Removes the cgroup of the runner `pid` once it has ended. A runner killed with its
    /// process group is reaped before its namespace's last processes have left the cgroup, so
    /// the removal is retried in the background for up to a second while the cgroup is busy.
    static func remove(runner pid: pid_t, under parent: String?) {
        guard let parent else { return }
        let folder = parent + "/\(pid)"
        if rmdir(folder) == 0 || errno != EBUSY { return }
        DispatchQueue.global().async {
            for _ in 0..<100 {
                usleep(10_000)
                if rmdir(folder) == 0 || errno != EBUSY { return }
            }
        }
    }

    /// Removes the cgroups of runners that no longer exist (a host that was killed could not).
    public static func sweep() {
        guard let parent, let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for entry in entries {
            guard let pid = pid_t(entry), kill(pid, 0) != 0, errno == ESRCH else { continue }
            _ = rmdir(parent + "/" + entry)
        }
    }

    /// Sets the thread cap of a running runner's cgroup (a spare narrowed to its extension).
    static func setLimit(_ threads: UInt64, runner pid: pid_t, under parent: String?) {
        guard let parent else { return }
        try? Data(String(threads).utf8).write(to: URL(fileURLWithPath: parent + "/\(pid)/pids.max"))
    }

    /// The root of a mounted hierarchy with the pids controller, from /proc/self/mountinfo.
    private static func pidsHierarchy() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return nil }
        var unified: String?
        for line in text.split(separator: "\n") {
            // Fields: id parent major:minor root mount-point options ... - type source super-options
            let halves = line.components(separatedBy: " - ")
            guard halves.count == 2 else { continue }
            let fields = halves[0].split(separator: " ")
            let tail = halves[1].split(separator: " ")
            guard fields.count >= 5, tail.count >= 3 else { continue }
            let mountPoint = String(fields[4])
            if tail[0] == "cgroup", tail[2].split(separator: ",").contains("pids") { return mountPoint }
            if tail[0] == "cgroup2" { unified = mountPoint }
        }
        guard let unified,
              let controllers = try? String(contentsOfFile: unified + "/cgroup.controllers", encoding: .utf8),
              controllers.split(whereSeparator: \.isWhitespace).contains("pids") else { return nil }
        return unified
    }
}
