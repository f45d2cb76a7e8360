import CSandbox
import ExtensionProtocol
import Foundation

/// What the runner does to itself, in this order, while single-threaded and before any
/// extension code loads: a parent-death signal, every inherited descriptor closed; rlimits
/// (address space, CPU, files open, processes, file size, no core dumps); capabilities
/// dropped; no_new_privs; Landlock; seccomp.
///
/// Its session, pids cgroup and namespaces (user, mount, IPC, PID with a private /proc,
/// network) come from `intents-sandbox`, the launcher the host starts it through, which says
/// what engaged in the runner's arguments (`Launch`).
enum RunnerConfinement {
    /// What the runner confines: an extension's library, which it then loads, or a continued
    /// app's executable, which it then execs over itself.
    enum Program {
        case extensionLibrary
        case continuedApp
    }

    /// What the launcher engaged before this runner started, from its arguments.
    struct Launch {
        /// `--namespaces`: user 1, network 2, IPC 4, mount 8, PID with a private /proc 16, a
        /// root of its own 32; nil when the runner was not started by the launcher.
        var namespaces: Int?
        /// `--threads-cgroup`: the pids cgroup was joined.
        var threadsCgroup = false
        /// `--sandbox-problem`: what the launcher could not engage, one sentence each.
        var problems: [String] = []
    }

    /// Applies `policy` and reports what engaged, with what the launcher did, keeping the
    /// descriptors `kept` (negative numbers are ignored). Nothing here throws: a layer that
    /// fails is a problem in the report, and the caller decides whether to go on.
    ///
    /// A continued app gets the extension's seccomp filter with execve and execveat allowed
    /// (the runner execs the app, and the filter cannot tell that exec from a later one:
    /// Landlock's execute right decides what may run), and Unix sockets only in a root of its own.
    static func apply(_ policy: SandboxPolicy, launch: Launch, keeping kept: Set<Int32>,
                      program: Program = .extensionLibrary) -> ConfinementReport {
        var report = ConfinementReport()
        // Without the launcher, a session of its own, so that the host can end its group.
        if launch.namespaces == nil { _ = setsid() }
        let namespaces = launch.namespaces ?? 0
        report.pidNamespace = namespaces & 16 != 0
        report.privateRoot = namespaces & 32 != 0
        // Inside its PID namespace, the runner's parent is the namespace's init, pid 1.
        report.parentDeathSignal = csandbox_parent_death_signal(SIGKILL) == 0 && (report.pidNamespace || getppid() != 1)
        closeDescriptors(keeping: Set([0, 1, 2]).union(kept.filter { $0 >= 0 }))
        report.descriptorsClosed = true
        for (name, value) in policy.environment { setenv(name, value, 1) }
        guard policy.confine else {
            report.problems.append("The host runs with --unsafe-no-sandbox: nothing is confined.")
            return report
        }
        applyLimits(policy.limits, to: &report)
        // Past the file-size limit, a write fails with EFBIG instead of ending the process.
        signal(SIGXFSZ, SIG_IGN)
        report.threadsCgroup = launch.threadsCgroup
        report.userNamespace = namespaces & 1 != 0
        report.networkNamespace = namespaces & 2 != 0
        report.ipcNamespace = namespaces & 4 != 0
        report.problems += launch.problems
        if launch.namespaces == nil { report.problems.append("The runner was not started by intents-sandbox: it has no namespaces.") }
        report.capabilitiesDropped = attempt("capabilities", &report.problems) { csandbox_drop_capabilities($0, $1) }
        if csandbox_no_new_privileges() == 0 {
            report.noNewPrivileges = csandbox_has_no_new_privileges() == 1
        } else {
            report.problems.append("no_new_privs could not be set: \(String(cString: strerror(errno))).")
        }
        applyLandlock(policy, to: &report)
        switch program {
        case .extensionLibrary:
            report.seccomp = attempt("seccomp", &report.problems) { csandbox_seccomp_apply(policy.allowNetwork ? 1 : 0, $0, $1) }
        case .continuedApp:
            var flags = CSANDBOX_SECCOMP_EXEC | (policy.allowNetwork ? CSANDBOX_SECCOMP_NETWORK : 0)
            // Landlock does not govern connecting to a Unix socket by path: only in a root of its
            // own, where the host's socket is the only one there, may the app make one; and, with
            // network access (the host's network namespace), only where Landlock keeps it from
            // the abstract sockets outside (ABI 6).
            if report.privateRoot && (!policy.allowNetwork || report.landlockABI >= 6) {
                flags |= CSANDBOX_SECCOMP_UNIX
            } else {
                report.problems.append("The app has no root of its own here, so it may make no Unix socket: the host's socket API is out of its reach.")
            }
            report.seccomp = attempt("seccomp", &report.problems) { csandbox_seccomp_apply_program(flags, $0, $1) }
        }
        return report
    }

    /// Narrows a spare runner, already confined to a base policy, to one extension's policy:
    /// a second Landlock layer (layers stack, so access only shrinks), lower limits, its
    /// environment. Network access cannot be given back: the host assigns spares only to
    /// extensions without it.
    static func narrow(_ base: ConfinementReport, to policy: SandboxPolicy) -> ConfinementReport {
        var report = base
        for (name, value) in policy.environment { setenv(name, value, 1) }
        guard policy.confine else { return report }
        var limitsReport = ConfinementReport()
        applyLimits(policy.limits, to: &limitsReport)
        report.resourceLimits = base.resourceLimits && limitsReport.resourceLimits
        report.problems += limitsReport.problems
        var layer = ConfinementReport()
        applyLandlock(policy, to: &layer)
        report.landlockABI = base.landlockABI > 0 ? layer.landlockABI : 0
        report.problems += layer.problems
        if policy.allowNetwork { report.problems.append("A spare runner cannot be given network access.") }
        return report
    }

    private static func applyLimits(_ limits: SandboxPolicy.Limits, to report: inout ConfinementReport) {
        let settings: [(Int32, UInt64, String)] = [
            (Int32(RLIMIT_AS.rawValue), limits.memoryBytes, "address space"),
            (Int32(RLIMIT_CPU.rawValue), limits.cpuSeconds, "CPU time"),
            (Int32(RLIMIT_NOFILE.rawValue), limits.openFiles, "open files"),
            (Int32(__RLIMIT_NPROC.rawValue), limits.processes, "processes"),
            (Int32(RLIMIT_FSIZE.rawValue), limits.fileSizeBytes, "file size"),
            (Int32(RLIMIT_CORE.rawValue), 0, "core dumps"),
        ]
        var failed: [String] = []
        for (resource, value, name) in settings {
            // CPU: the hard limit a second later, so that the soft one's SIGXCPU is what ends the process.
            let hard = resource == Int32(RLIMIT_CPU.rawValue) && value < UInt64.max ? value + 1 : value
            var limit = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(hard))
            if setrlimit(__rlimit_resource_t(resource), &limit) != 0 {
                failed.append("\(name) (\(String(cString: strerror(errno))))")
            }
        }
        report.resourceLimits = failed.isEmpty
        if !failed.isEmpty { report.problems.append("Some resource limits could not be set: \(failed.joined(separator: ", ")).") }
    }

    private static func applyLandlock(_ policy: SandboxPolicy, to report: inout ConfinementReport) {
        let paths = policy.paths.map { strdup($0.path) }
        defer { paths.forEach { free($0) } }
        let modes: [Int32] = policy.paths.map { rule in
            (rule.read ? CSANDBOX_READ : 0) | (rule.write ? CSANDBOX_WRITE : 0) | (rule.execute ? CSANDBOX_EXECUTE : 0)
        }
        let descriptors: [Int32] = policy.paths.map { $0.descriptor ?? -1 }
        var error = [CChar](repeating: 0, count: 512)
        let abi = paths.map { UnsafePointer($0) }.withUnsafeBufferPointer { pathBuffer in
            modes.withUnsafeBufferPointer { modeBuffer in
                descriptors.withUnsafeBufferPointer { descriptorBuffer in
                    csandbox_landlock_restrict(pathBuffer.baseAddress, descriptorBuffer.baseAddress, modeBuffer.baseAddress,
                                               Int32(paths.count), policy.allowNetwork ? 0 : 1, 1, &error, Int32(error.count))
                }
            }
        }
        // The rules hold what they need of the folders passed: their descriptors are not kept.
        policy.ruleDescriptors.forEach { close($0) }
        if abi > 0 {
            report.landlockABI = Int(abi)
        } else {
            report.problems.append("Landlock could not be applied: \(text(error)).")
        }
    }

    /// Runs a C step that writes its error into a buffer; records a problem when it fails.
    private static func attempt(_ name: String, _ problems: inout [String],
                                _ step: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> Bool {
        var error = [CChar](repeating: 0, count: 512)
        guard step(&error, Int32(error.count)) == 0 else {
            problems.append("The \(name) step failed: \(text(error)).")
            return false
        }
        return true
    }

    /// The C string in a buffer.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func closeDescriptors(keeping keep: Set<Int32>) {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where !keep.contains(descriptor) {
            close(descriptor)
        }
    }
}
