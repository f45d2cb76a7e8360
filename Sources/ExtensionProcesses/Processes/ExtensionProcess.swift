import Deadlines
import ExtensionProtocol
import Foundation
import HostBundles
import Synchronization

/// One extension running in its own runner process, spoken to over framed messages.
///
/// A reader thread matches replies to requests by id, so several conversations can share the
/// process. A request that outlives its deadline fails with `.requestTimedOut` and the process
/// is killed; a process that dies fails every pending request with its exit status or signal
/// and the tail of its stderr. Neither reaches the host.
///
/// The runner is watched through a pidfd (`ChildProcess`), so that no kill can reach a process
/// that took its number after it was reaped; each request's deadline is an entry of the
/// process's one deadline thread, disarmed with its reply; `shutdown()` is awaited, bounded,
/// and holds no thread of the concurrency pool.
public final class ExtensionProcess: ExtensionChannel, @unchecked Sendable {
    public let bundle: ExtensionBundle
    public let pid: pid_t
    /// The SHA-256 of the sealed library the process loaded; nil when it loaded the file.
    public let libraryHash: String?
    /// What the process was allowed.
    public let policy: SandboxPolicy
    /// How long `shutdown()` gives the process to end once its socket is closed, before it is killed.
    public static let defaultGrace: Duration = .seconds(1)
    private let child: ChildProcess
    private let channel: FrameChannel
    private let output: OutputTail
    private let writeLock = NSLock()
    private let state = Mutex(State())
    /// The exit status, once the process has been reaped and the reader has recorded its end.
    private let ended = Completion<Int32>()
    private let armedCount = ArmedCount()
    /// What the step deadlines are kept in.
    private let clock: DeadlineClock
    /// Runs the conversations a reply resumed on the reader thread that read it.
    let replyExecutor = ReplyThreadExecutor()
    public var replyTaskExecutor: (any TaskExecutor)? { replyExecutor }

    /// How many request deadlines are armed: one for each request awaiting its reply (a
    /// deadline is disarmed when its request is answered or fails).
    public var armedDeadlines: Int { armedCount.value.load(ordering: .relaxed) }

    /// A request waiting for its reply, and its deadline.
    private struct Pending {
        let continuation: CheckedContinuation<ExtensionToHostMessage, any Error>
        let deadline: RequestDeadline
    }

    private struct State {
        var pending: [UInt64: Pending] = [:]
        /// Set once the process can serve no more: the error every later request gets.
        var termination: HostError?
        /// The grace period of a shutdown under way.
        var shutdownGrace: Duration?
        var confinement: ConfinementReport?
        /// `ready`, when it came before the wait for it was registered (the reader thread runs
        /// as soon as the process object exists, and a loaded host may register later).
        var earlyReady: ExtensionToHostMessage?
    }

    /// The layers the runner engaged, as it reported them before loading the extension.
    public var confinement: ConfinementReport? { state.withLock { $0.confinement } }

    /// The key under which the wait for `ready` is pending.
    private static let readyID: UInt64 = 0

    /// Starts the runner for the extension of `launch` and waits until it says it is ready.
    /// - Throws: `HostError` naming the bundle when it cannot start or is not ready in `timeout`.
    /// The runner confines itself by `policy` first; the host checks its report, so that an
    /// extension never runs unconfined unless the policy says so (the unsafe flag). It loads
    /// the sealed library of `launch` when there is one, else the library file as scanned.
    /// - Parameter clock: what the process's step deadlines are kept in (a test's manual one).
    public static func launch(_ launch: ExtensionLaunch, policy: SandboxPolicy, runnerPath: String,
                              timeout: Duration, clock: DeadlineClock = .realTime) async throws -> ExtensionProcess {
        let bundle = launch.bundle
        let policyText = try policy.runnerText()
        let files = try openBundle(launch)
        defer { close(files.library); close(files.folder) }
        let spawn = try await SpawnThread.shared.perform {
            try RunnerSpawn(
                runnerPath: runnerPath,
                arguments: ["--socket-fd", String(RunnerSpawn.socketDescriptor), "--library-fd", String(RunnerSpawn.libraryDescriptor),
                            "--principal-class", bundle.principalClass, "--policy", policyText],
                policy: policy, environment: runnerEnvironment(),
                bundleIdentifier: bundle.bundleIdentifier, bundle: files)
        }
        let process = ExtensionProcess(bundle: bundle, spawn: spawn, policy: policy, libraryHash: launch.library?.hash, clock: clock)
        _ = try await process.exchange(id: readyID, step: "start", timeout: timeout, send: nil)
        return process
    }

    /// Gives a spare runner the extension of `launch`: it narrows itself to `policy` and loads
    /// the library (the sealed copy, when there is one).
    /// - Throws: `HostError` naming the bundle, as `launch`; the spare is ended first when it
    ///   could not be given the extension.
    static func adopt(_ spare: SpareRunner, _ launch: ExtensionLaunch, policy: SandboxPolicy,
                      timeout: Duration, clock: DeadlineClock) async throws -> ExtensionProcess {
        let bundle = launch.bundle
        let policyText: String
        let files: (folder: Int32, library: Int32)
        do {
            policyText = try policy.runnerText()
            files = try openBundle(launch)
        } catch {
            await spare.discard()
            throw error
        }
        defer { close(files.library); close(files.folder) }
        TaskCgroup.setLimit(policy.limits.threads, runner: spare.spawn.pid, under: policy.taskCgroup)
        let process = ExtensionProcess(bundle: bundle, spawn: spare.spawn, policy: policy, libraryHash: launch.library?.hash, clock: clock)
        _ = try await process.exchange(id: readyID, step: "start", timeout: timeout,
                                       send: .assign(principalClass: bundle.principalClass, policy: policyText),
                                       descriptors: [files.library, files.folder])
        return process
    }

    /// Opens the bundle's folder by the real path the scan checked, through no symlink (its
    /// sandbox opens exactly this folder, whatever the bundle renames or swaps meanwhile), and
    /// the library the runner loads: a duplicate of the sealed copy's descriptor when `launch`
    /// has one, else the library file beneath the folder, opened the same way. An extension
    /// with App Intents always runs a sealed copy: its metadata stands for those bytes only.
    /// - Throws: `HostError` (`.extensionFailed`) naming the bundle and the library.
    private static func openBundle(_ launch: ExtensionLaunch) throws -> (folder: Int32, library: Int32) {
        let bundle = launch.bundle
        guard let sealed = launch.library else {
            guard bundle.appIntents.isEmpty else {
                throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) cannot start: it has App Intents, and its library must be run from the sealed copy their metadata was read from.")
            }
            switch BundleFile.openUnchanged(folder: bundle.resolvedPath, library: bundle.libraryPath) {
            case .success(let files):
                return files
            case .failure(let problem):
                throw bundle.startFailure(problem)
            }
        }
        let folder: Int32
        switch BundleFile.openFolder(bundle.resolvedPath) {
        case .success(let descriptor): folder = descriptor
        case .failure(let problem): throw bundle.startFailure(problem)
        }
        let library = fcntl(sealed.descriptor, F_DUPFD_CLOEXEC, 3)
        guard library >= 0 else {
            close(folder)
            throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) cannot start: the sealed copy of its library cannot be passed on: \(String(cString: strerror(errno))).")
        }
        return (folder, library)
    }


    private init(bundle: ExtensionBundle, spawn: RunnerSpawn, policy: SandboxPolicy, libraryHash: String?, clock: DeadlineClock) {
        self.bundle = bundle
        self.clock = clock
        self.libraryHash = libraryHash
        self.policy = policy
        self.pid = spawn.pid
        self.child = spawn.child
        self.channel = FrameChannel(fileDescriptor: spawn.socket)
        self.output = OutputTail(reading: spawn.output)
        let reader = Thread { [self] in
            // Named from the thread itself: Foundation names only the thread it runs on, and
            // Linux keeps at most 15 bytes of a name.
            Thread.current.name = "ext-replies"
            readReplies()
        }
        reader.start()
    }

    /// The socket is closed only here: closed any earlier, its number could be reused by another
    /// file while a late `notify` or `shutdown` still writes to it.
    deinit {
        close(channel.fileDescriptor)
    }

    public var isAlive: Bool { state.withLock { $0.termination == nil } }

    /// The process that runs the extension's code, numbered as this host sees it: the runner's
    /// grandchild (the runner waits outside the sandbox's PID namespace as its keeper, and the
    /// namespace's init above the extension), or the runner itself where no PID namespace could
    /// be made. Nil once the process has ended.
    public var sandboxedProcessID: pid_t? {
        guard child.exitStatus == nil else { return nil }
        var current = pid
        for _ in 0..<2 {
            let children = (try? String(contentsOfFile: "/proc/\(current)/task/\(current)/children", encoding: .utf8)) ?? ""
            guard let child = children.split(separator: " ").first.flatMap({ pid_t($0) }) else { break }
            current = child
        }
        return current
    }

    public func request(_ message: HostToExtensionMessage, timeout: Duration) async throws -> ExtensionToHostMessage {
        guard let id = message.requestID else {
            notify(message)
            throw HostError(.usage, "\(message.stepDescription) gets no reply.")
        }
        let reply = try await exchange(id: id, step: message.stepDescription, timeout: timeout, send: message)
        if case .failed(_, let failure) = reply {
            throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) could not \(message.stepDescription): \(failure.message)")
        }
        return reply
    }

    public func notify(_ message: HostToExtensionMessage) {
        writeLock.withLock { _ = try? channel.send(message) }
    }

    /// Ends the process, giving it `defaultGrace`: see `shutdown(grace:)`.
    public func shutdown() async {
        await shutdown(grace: Self.defaultGrace)
    }

    /// Ends the process in steps: fails what is pending, closes the write side of its socket
    /// (the runner exits when its socket closes), gives it `grace`, then kills it with its
    /// process group, and waits for the reap (at most 5 s more) and for the reader to record
    /// the end (at most 1 s more). Idempotent; holds no thread of the concurrency pool.
    public func shutdown(grace: Duration) async {
        terminate(HostError(.extensionFailed, "\(bundle.bundleIdentifier) was shut down."), kill: false)
        state.withLock { $0.shutdownGrace = $0.shutdownGrace.map { max($0, grace) } ?? grace }
        // The socket is closed only in deinit, and `self` lives through this call.
        let socket = channel.fileDescriptor
        await child.teardown([.perform({ _ = Glibc.shutdown(socket, Int32(SHUT_WR)) }, allowedDurationToNextStep: grace)])
        _ = await ended.wait(within: .seconds(1))
    }

    /// Kills the process with its group, unless it has been reaped; never blocks. What is
    /// pending fails with a shutdown error. For callers that cannot await `shutdown()`.
    public func kill() {
        terminate(HostError(.extensionFailed, "\(bundle.bundleIdentifier) was shut down."), kill: true)
    }

    /// The exit status once the process has been reaped.
    public var exitStatus: Int32? { child.exitStatus }

    /// Waits, without holding a thread of the concurrency pool, until the process has ended,
    /// been reaped and its end recorded, at most `timeout`; returns its status, or nil.
    public func exited(within timeout: Duration) async -> Int32? {
        await ended.wait(within: timeout)
    }

    /// Registers the wait for reply `id`, sends `message` (and then `descriptors`, in the same
    /// locked write), and waits at most `timeout`.
    private func exchange(id: UInt64, step: String, timeout: Duration, send message: HostToExtensionMessage?,
                          descriptors: [Int32] = []) async throws -> ExtensionToHostMessage {
        try await withCheckedThrowingContinuation { continuation in
            let deadline = RequestDeadline(after: timeout, on: clock, label: step, counting: armedCount) { [weak self] in
                self?.expire(id, step: step, timeout: timeout)
            }
            let earlier: Result<ExtensionToHostMessage, HostError>? = state.withLock { state in
                if let termination = state.termination { return .failure(termination) }
                if id == Self.readyID, let ready = state.earlyReady { return .success(ready) }
                state.pending[id] = Pending(continuation: continuation, deadline: deadline)
                return nil
            }
            if let earlier {
                deadline.cancel()
                continuation.resume(with: earlier)
                return
            }
            deadline.start()
            if let message {
                do {
                    try writeLock.withLock {
                        try channel.send(message)
                        for descriptor in descriptors { try channel.sendDescriptor(descriptor) }
                    }
                } catch let error as ProtocolError where error.code == .closed {
                    // The process is gone or going: the reader, which sees its socket close,
                    // fails this request with how it ended (its signal, its last words), and
                    // the deadline bounds the wait.
                    return
                } catch {
                    fail(id, with: HostError(.extensionFailed, "\(bundle.bundleIdentifier) could not be sent \(step): \(error)"))
                    return
                }
            }
        }
    }

    /// Request `id` outlived its deadline: unless it was answered meanwhile, the process is
    /// marked dead (before the caller resumes, so that its next request starts a new one) and killed.
    private func expire(_ id: UInt64, step: String, timeout: Duration) {
        guard state.withLock({ $0.pending[id] != nil }) else { return }
        // A start that times out says how far it got, and what the runner last wrote.
        let stage = step != "start" ? ""
            : confinement == nil ? " (it had not reported its confinement)" : " (it was confined but its extension was not ready)"
        let tail = output.text
        let said = step == "start" && !tail.isEmpty ? "; stderr: \"\(Self.summary(of: tail))\"" : ""
        terminate(HostError(.requestTimedOut,
            "\(bundle.bundleIdentifier) did not \(step == "start" ? "start" : "answer \(step)") within \(timeout.spoken)\(stage) (requestTimedOut); its process was ended\(said)."),
            kill: true)
    }

    /// Removes request `id` from those pending and cancels its deadline; nil when it was not pending.
    private func take(_ id: UInt64) -> CheckedContinuation<ExtensionToHostMessage, any Error>? {
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return nil }
        pending.deadline.cancel()
        return pending.continuation
    }

    /// Fails one pending request; false when it had already been answered.
    @discardableResult
    private func fail(_ id: UInt64, with error: HostError) -> Bool {
        guard let continuation = take(id) else { return false }
        continuation.resume(throwing: error)
        return true
    }

    /// Marks the process unusable, fails what is pending with `error` (cancelling its
    /// deadlines), and optionally kills it with its group; never blocks.
    private func terminate(_ error: HostError, kill: Bool) {
        let pending = state.withLock { state -> [Pending] in
            if state.termination == nil { state.termination = error }
            defer { state.pending.removeAll() }
            return Array(state.pending.values)
        }
        for request in pending {
            request.deadline.cancel()
            request.continuation.resume(throwing: error)
        }
        if kill { child.kill() }
    }

    private func readReplies() {
        replyExecutor.adoptCurrentThread()
        var protocolFault: ProtocolError?
        let reader = FrameReader(fileDescriptor: channel.fileDescriptor, codec: channel.codec)
        while true {
            let message: ExtensionToHostMessage?
            do {
                message = try reader.receive(ExtensionToHostMessage.self)
            } catch let error as ProtocolError {
                protocolFault = error
                break
            } catch {
                protocolFault = ProtocolError(.ioFailure, "\(error)")
                break
            }
            guard let message else { break }
            deliver(message)
            // The conversations the reply resumed go on here, up to their next request.
            replyExecutor.runResumed()
        }
        if protocolFault != nil && protocolFault?.code != .closed { child.kill() }
        let status = waitForExit()
        output.waitForEnd(timeout: .milliseconds(500))
        terminate(deathError(status: status, protocolFault: protocolFault), kill: false)
        replyExecutor.releaseThread()
        ended.complete(status)
    }

    private func deliver(_ message: ExtensionToHostMessage) {
        switch message {
        case .confined(let report):
            state.withLock { $0.confinement = report }
        case .ready:
            let missing = confinement?.missingRequiredLayers ?? ["every layer (no report)"]
            if policy.confine && !missing.isEmpty {
                terminate(HostError(.extensionFailed, "\(bundle.bundleIdentifier) reported no \(missing.joined(separator: ", ")); it was ended before serving."), kill: true)
                return
            }
            let waiting = state.withLock { state in
                let waiting = state.pending.removeValue(forKey: Self.readyID)
                if waiting == nil { state.earlyReady = message }
                return waiting
            }
            waiting?.deadline.cancel()
            waiting?.continuation.resume(returning: message)
        case .failed(let id, let failure) where id == Self.readyID:
            let error = HostError(.extensionFailed, "\(bundle.bundleIdentifier) could not start: \(failure.message)")
            terminate(error, kill: true)
        default:
            guard let id = message.requestID, let continuation = take(id) else { return }
            continuation.resume(returning: message)
        }
    }

    /// Waits for the process to end, at most one second after its socket closed (and the grace
    /// of a shutdown under way), then kills it with its group and waits for the reap. This
    /// blocks the process's own reader thread (never the concurrency pool); the reaper thread
    /// reaps, and no signal follows the reap.
    private func waitForExit() -> Int32 {
        var status = child.waitBlocking(timeout: .seconds(1))
        if status == nil, let grace = state.withLock({ $0.shutdownGrace }) {
            status = child.waitBlocking(timeout: grace)
        }
        if status == nil {
            child.kill()
            status = child.waitBlocking(timeout: nil)
        }
        TaskCgroup.remove(runner: pid, under: policy.taskCgroup)
        return status ?? 0
    }

    private func deathError(status: Int32, protocolFault: ProtocolError?) -> HostError {
        if let termination = state.withLock({ $0.termination }) { return termination }
        HostMetrics.extensionDied(signal: status & 0x7F)
        var sentence = "\(bundle.bundleIdentifier) "
        if let protocolFault, protocolFault.code != .closed {
            sentence += "broke the protocol (\(protocolFault.message)) and its process \(describeTermination(status))"
        } else {
            sentence += "\(describeTermination(status))"
        }
        if let hint = limitHint(status: status) { sentence += " (\(hint))" }
        let tail = output.text
        sentence += tail.isEmpty ? "; it wrote nothing to stderr." : "; stderr: \"\(Self.summary(of: tail))\""
        return HostError(.extensionFailed, sentence)
    }

    /// Which sandbox limit a death points to, if any: SIGXCPU is the CPU limit; an allocation
    /// failure reported on stderr is the memory limit.
    private func limitHint(status: Int32) -> String? {
        let signal = status & 0x7F
        if signal == SIGXCPU { return "CPU time limit of \(policy.limits.cpuSeconds) s reached" }
        let text = output.text
        if signal != 0 && (text.contains("failed to allocate") || text.contains("Could not allocate memory") || text.contains("out of memory")) {
            return "memory limit of \(policy.limits.memoryBytes >> 20) MiB reached"
        }
        return nil
    }

    /// The telling part of a dead process's stderr: its last fatal-error line when there is one
    /// (a stack dump follows it), else its last three lines.
    static func summary(of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let markers = ["Fatal error", "fatal error", "Precondition failed", "Assertion failed", "error:"]
        if let fatal = lines.last(where: { line in markers.contains { line.contains($0) } }) {
            return fatal.trimmingCharacters(in: .whitespaces)
        }
        return lines.suffix(3).joined(separator: " | ")
    }

    /// The runner's environment: a fixed minimum, not the host's.
    static func runnerEnvironment() -> [String] {
        // The Swift runtime's backtracer would spend seconds on a crash and push the fatal
        // error message out of the stderr tail the host quotes.
        var environment = ["PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "SWIFT_BACKTRACE=enable=no"]
        if let libraryPath = ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"] {
            environment.append("LD_LIBRARY_PATH=\(libraryPath)")
        }
        return environment
    }
}

/// A request's deadline on the process's `DeadlineClock` (real time: an entry of the one
/// deadline thread, which a busy concurrency pool cannot delay), disarmed and released when the
/// request ends otherwise.
private final class RequestDeadline: Sendable {
    private enum Phase { case prepared, armed, settled }
    private let phase = Mutex(Phase.prepared)
    private let scheduled = Mutex<Deadline?>(nil)
    private let armedCount: ArmedCount
    private let clock: DeadlineClock
    private let timeout: Duration
    private let label: String
    private let fire: @Sendable () -> Void

    /// Prepares the deadline; it runs from `start()`.
    /// - Parameter label: the step (`start`, `handle`...), for a test's manual clock.
    init(after timeout: Duration, on clock: DeadlineClock, label: String, counting armedCount: ArmedCount,
         _ fire: @escaping @Sendable () -> Void) {
        self.armedCount = armedCount
        self.clock = clock
        self.timeout = timeout
        self.label = label
        self.fire = fire
    }

    /// Arms the deadline, unless the request has ended already.
    func start() {
        let arm = phase.withLock { phase in
            guard phase == .prepared else { return false }
            phase = .armed
            return true
        }
        guard arm else { return }
        armedCount.value.add(1, ordering: .relaxed)
        // Weak: the pending request holds its deadline, and a deadline gone was cancelled.
        let deadline = clock.schedule(after: timeout, label: label) { [weak self] in self?.expire() }
        scheduled.withLock { $0 = deadline }
        // Cancelled while it was being scheduled: nothing is left to fire.
        if phase.withLock({ $0 }) == .settled { deadline.cancel() }
    }

    private func expire() {
        let due = phase.withLock { phase in
            defer { phase = .settled }
            return phase == .armed
        }
        guard due else { return }
        armedCount.value.subtract(1, ordering: .relaxed)
        fire()
    }

    /// Disarms the deadline, armed or not.
    func cancel() {
        let previous = phase.withLock { phase in
            defer { phase = .settled }
            return phase
        }
        guard previous != .settled else { return }
        if previous == .armed { armedCount.value.subtract(1, ordering: .relaxed) }
        scheduled.withLock { $0 }?.cancel()
    }
}

/// How many request deadlines of one process are armed.
final class ArmedCount: Sendable {
    let value = Atomic<Int>(0)
}
