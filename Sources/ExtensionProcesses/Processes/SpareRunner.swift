import ExtensionProtocol
import Foundation
import HostBundles

/// A runner started ahead of time, confined to a base policy, waiting to be assigned an
/// extension: the first request to an extension then skips spawning and confining.
final class SpareRunner: Sendable {
    let spawn: RunnerSpawn
    let baseReport: ConfinementReport
    /// The confinement it was started with.
    let basePolicy: SandboxPolicy

    /// Spawns a spare and waits, at most `timeout`, for its report of the base confinement.
    /// - Throws: `HostError` when it does not start or a required layer did not engage.
    init(runnerPath: String, basePolicy: SandboxPolicy, timeout: Duration) throws {
        self.basePolicy = basePolicy
        let policyText = try basePolicy.runnerText()
        let spawn = try SpawnThread.shared.run {
            try RunnerSpawn(runnerPath: runnerPath,
                            arguments: ["--socket-fd", String(RunnerSpawn.socketDescriptor), "--spare", "--policy", policyText],
                            policy: basePolicy, environment: ExtensionProcess.runnerEnvironment(), bundleIdentifier: "a spare runner")
        }
        self.spawn = spawn
        var poller = pollfd(fd: spawn.socket, events: Int16(POLLIN), revents: 0)
        let report: ConfinementReport?
        if poll(&poller, 1, Int32(timeout.seconds * 1000)) == 1,
           case .confined(let confined)? = try? FrameChannel(fileDescriptor: spawn.socket).receive(ExtensionToHostMessage.self) {
            report = confined
        } else {
            report = nil
        }
        guard let report, report.missingRequiredLayers.isEmpty else {
            Self.end(spawn)
            throw HostError(.extensionFailed, "A spare runner did not confine itself: \(report?.problems.joined(separator: " ") ?? "no report").")
        }
        baseReport = report
    }

    /// Ends a spare that will not be used, and waits (holding no thread of the concurrency
    /// pool) until it has been reaped, at most 5 s.
    func discard() async {
        Self.end(spawn)
        _ = await spawn.child.exited(within: .seconds(5))
    }

    /// Kills the spare with its group and closes the host's ends; never blocks. The reaper
    /// thread reaps it, then its cgroup is removed.
    private static func end(_ spawn: RunnerSpawn) {
        spawn.child.kill()
        close(spawn.socket)
        close(spawn.output)
        let pid = spawn.pid
        spawn.child.whenExited { _ in TaskCgroup.remove(runner: pid, under: TaskCgroup.parent) }
    }

    /// Ends a spare that will not be used, without waiting for it.
    func discardNow() {
        Self.end(spawn)
    }
}

/// Keeps one spare runner ready, refilled in the background once the conversation that took
/// the last one has ended: starting a spare while that conversation runs would compete with it
/// for the processors (measured here: 3.3 ms for a first request with the refill deferred, 4.8
/// to 7.2 ms with it running alongside, on 2 cores).
final class SparePool: @unchecked Sendable {
    private let runnerPath: String
    private var basePolicy: SandboxPolicy
    private let timeout: Duration
    private let lock = NSLock()
    private var spare: SpareRunner?
    private var filling = false
    private var closed = false

    init(runnerPath: String, basePolicy: SandboxPolicy, timeout: Duration) {
        self.runnerPath = runnerPath
        self.basePolicy = basePolicy
        self.timeout = timeout
    }

    /// The process id of the ready spare.
    var readyProcessID: pid_t? { lock.withLock { spare?.spawn.pid } }

    /// The ready spare, if there is one and its base confinement allows all that `policy`
    /// allows (a spare can only narrow itself). The next is made by `refill`, once the
    /// caller's work is done.
    func take(covering policy: SandboxPolicy) -> SpareRunner? {
        lock.withLock { () -> SpareRunner? in
            guard let ready = spare, ready.basePolicy.allowsPaths(of: policy) else { return nil }
            spare = nil
            return ready
        }
    }

    /// Makes later spares with `policy` (the catalog changed) and ends the one made with the old.
    func rebase(_ policy: SandboxPolicy) {
        lock.withLock { () -> SpareRunner? in
            basePolicy = policy
            defer { spare = nil }
            return spare
        }?.discardNow()
        refill()
    }

    /// Starts a spare in the background unless one is ready or coming.
    func refill() {
        let start = lock.withLock { () -> Bool in
            guard !closed, spare == nil, !filling else { return false }
            filling = true
            return true
        }
        guard start else { return }
        let base = lock.withLock { basePolicy }
        DispatchQueue.global().async { [self] in
            let made = try? SpareRunner(runnerPath: runnerPath, basePolicy: base, timeout: timeout)
            let unwanted = lock.withLock { () -> SpareRunner? in
                filling = false
                if closed || base != basePolicy { return made }
                spare = made
                return nil
            }
            unwanted?.discardNow()
        }
    }

    /// Ends the ready spare, awaiting its reap, and makes no more.
    func close() async {
        let last = lock.withLock { () -> SpareRunner? in
            closed = true
            defer { spare = nil }
            return spare
        }
        await last?.discard()
    }
}

extension SandboxPolicy {
    /// Whether every path `other` opens is opened here too, with at least its rights (a rule
    /// for a folder covers what lies beneath it).
    func allowsPaths(of other: SandboxPolicy) -> Bool {
        other.paths.allSatisfy { wanted in
            paths.contains { rule in
                (rule.path == wanted.path || RealPath.isInside(wanted.path, rule.path))
                    && (rule.read || !wanted.read) && (rule.write || !wanted.write) && (rule.execute || !wanted.execute)
            }
        }
    }
}
