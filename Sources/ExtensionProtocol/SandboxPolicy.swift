/// What an extension process may do: the contract between the host, which computes it from
/// the bundle, its entitlements and the host's limits, and the runner, which applies it to
/// itself before any extension code loads. A pure value: computing it spawns nothing.
public struct SandboxPolicy: Codable, Hashable, Sendable {
    /// A path the extension may use, and how.
    public struct PathRule: Codable, Hashable, Sendable {
        public var path: String
        public var read: Bool
        public var write: Bool
        public var execute: Bool
        /// When set, the rule is for the folder the host opened and passed on this descriptor
        /// (the bundle's), not for whatever `path` names when the runner applies it: a folder a
        /// bundle controls could be swapped for a symlink in between. `path` is then for messages.
        public var descriptor: Int32?

        public init(path: String, read: Bool = true, write: Bool = false, execute: Bool = false, descriptor: Int32? = nil) {
            self.path = path
            self.read = read
            self.write = write
            self.execute = execute
            self.descriptor = descriptor
        }
    }

    /// Resource limits (rlimits) of the extension process.
    public struct Limits: Codable, Hashable, Sendable {
        /// Address space, in bytes (RLIMIT_AS).
        public var memoryBytes: UInt64
        /// CPU time, in seconds (RLIMIT_CPU): SIGXCPU at the limit.
        public var cpuSeconds: UInt64
        /// Open file descriptors (RLIMIT_NOFILE).
        public var openFiles: UInt64
        /// Processes and threads of the user (RLIMIT_NPROC), which binds every user but root;
        /// process creation is denied anyway.
        public var processes: UInt64
        /// The size of any one file the extension writes (RLIMIT_FSIZE): past it, writes fail
        /// with EFBIG.
        public var fileSizeBytes: UInt64
        /// Threads of the extension itself, counted by the cgroup pids controller when the host
        /// can use one (as root); it binds root too, where RLIMIT_NPROC does not.
        public var threads: UInt64

        public init(memoryBytes: UInt64, cpuSeconds: UInt64, openFiles: UInt64, processes: UInt64,
                    fileSizeBytes: UInt64 = 256 << 20, threads: UInt64 = 512) {
            self.memoryBytes = memoryBytes
            self.cpuSeconds = cpuSeconds
            self.openFiles = openFiles
            self.processes = processes
            self.fileSizeBytes = fileSizeBytes
            self.threads = threads
        }

        /// The host's defaults: 1 GiB of address space, 60 s of CPU, 256 files, 4096 processes
        /// of the user, 256 MiB per file, 512 threads.
        public static let standard = Limits(memoryBytes: 1 << 30, cpuSeconds: 60, openFiles: 256, processes: 4096,
                                            fileSizeBytes: 256 << 20, threads: 512)

        /// Each limit the lower of the two: an extension may ask for less, never more.
        public func narrowed(to other: Limits) -> Limits {
            Limits(memoryBytes: min(memoryBytes, other.memoryBytes), cpuSeconds: min(cpuSeconds, other.cpuSeconds),
                   openFiles: min(openFiles, other.openFiles), processes: min(processes, other.processes),
                   fileSizeBytes: min(fileSizeBytes, other.fileSizeBytes), threads: min(threads, other.threads))
        }
    }

    /// False only when the host runs with its unsafe flag: then nothing is confined.
    public var confine: Bool
    public var paths: [PathRule]
    public var limits: Limits
    /// Network client access (the `com.apple.security.network.client` entitlement).
    public var allowNetwork: Bool
    /// The extension's environment: HOME, TMPDIR and its containers; nothing of the host's.
    public var environment: [String: String]
    /// The descriptor number on which a runner finds the bundle's folder (`PathRule.descriptor`).
    public static let bundleFolderDescriptor: Int32 = 5

    /// This policy with its descriptor rules on `descriptor` instead (a spare runner receives
    /// the bundle's folder on whatever number the kernel gives it).
    public func withBundleFolder(on descriptor: Int32) -> SandboxPolicy {
        var moved = self
        moved.paths = paths.map { rule in
            var rule = rule
            if rule.descriptor != nil { rule.descriptor = descriptor }
            return rule
        }
        return moved
    }

    /// The descriptors the rules name, which the runner keeps open until Landlock is applied.
    public var ruleDescriptors: Set<Int32> { Set(paths.compactMap(\.descriptor)) }

    /// A pids cgroup folder under which the runner makes its own cgroup, capped at
    /// `limits.threads`; nil where the host cannot use one (then RLIMIT_NPROC is the cap).
    public var taskCgroup: String?

    /// When set, the process gets a root of its own (made by the launcher) holding only these
    /// paths, each at its own place, with a private /proc: nothing else of the host's file
    /// system, Unix sockets among it, is there to reach. The rules still decide what of it may be
    /// read, written and executed. Nil: the host's file system, limited by the rules alone.
    public var privateRoot: [String]?

    public init(confine: Bool, paths: [PathRule], limits: Limits, allowNetwork: Bool, environment: [String: String],
                taskCgroup: String? = nil, privateRoot: [String]? = nil) {
        self.confine = confine
        self.paths = paths
        self.limits = limits
        self.allowNetwork = allowNetwork
        self.environment = environment
        self.taskCgroup = taskCgroup
        self.privateRoot = privateRoot
    }
}

/// Which confinement layers the runner engaged, as it reports them before loading the extension.
public struct ConfinementReport: Codable, Hashable, Sendable {
    public var descriptorsClosed = false
    public var parentDeathSignal = false
    public var resourceLimits = false
    public var userNamespace = false
    public var networkNamespace = false
    /// A private IPC namespace: no SysV shared memory, queues or semaphores of the host.
    public var ipcNamespace = false
    /// A private PID namespace and its own /proc: no other process is visible.
    public var pidNamespace = false
    /// Threads capped by a pids cgroup (which binds root), not only by RLIMIT_NPROC.
    public var threadsCgroup = false
    /// A root of its own, holding only the paths the policy lists (`SandboxPolicy.privateRoot`).
    public var privateRoot = false
    public var capabilitiesDropped = false
    public var noNewPrivileges = false
    /// The Landlock ABI used; 0 when Landlock is not engaged.
    public var landlockABI = 0
    public var seccomp = false
    /// What did not engage, and why, one sentence each.
    public var problems: [String] = []

    public init() {}

    /// The layers an extension must have, unless the host runs unsafe. Namespaces are used
    /// where the kernel allows them and are not required.
    public var missingRequiredLayers: [String] {
        var missing: [String] = []
        if !resourceLimits { missing.append("resource limits") }
        if !capabilitiesDropped { missing.append("dropped capabilities") }
        if !noNewPrivileges { missing.append("no_new_privs") }
        if landlockABI == 0 { missing.append("Landlock") }
        if !seccomp { missing.append("seccomp") }
        return missing
    }

    /// The engaged layers, in the order they are applied.
    public var engagedLayers: [String] {
        var layers: [String] = []
        if descriptorsClosed { layers.append("descriptors closed") }
        if parentDeathSignal { layers.append("parent-death signal") }
        if resourceLimits { layers.append("rlimits") }
        if threadsCgroup { layers.append("pids cgroup") }
        if userNamespace { layers.append("user namespace") }
        if networkNamespace { layers.append("network namespace") }
        if ipcNamespace { layers.append("IPC namespace") }
        if pidNamespace { layers.append("PID namespace with a private /proc") }
        if privateRoot { layers.append("a root of its own") }
        if capabilitiesDropped { layers.append("capabilities dropped") }
        if noNewPrivileges { layers.append("no_new_privs") }
        if landlockABI > 0 { layers.append("Landlock ABI \(landlockABI)") }
        if seccomp { layers.append("seccomp") }
        return layers
    }
}
