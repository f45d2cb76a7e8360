import ExtensionProtocol
import Foundation
import Synchronization

/// One extension running in its own runner process, spoken to over framed messages.
///
/// A reader thread matches replies to requests by id, so several conversations can share the
/// process. A request that outlives its deadline fails with `.requestTimedOut` and the process
/// is killed; a process that dies fails every pending request with its exit status or signal
/// and the tail of its stderr. Neither reaches the host.
public final class ExtensionProcess: ExtensionChannel, @unchecked Sendable {
    public let bundle: ExtensionBundle
    public let pid: pid_t
    /// What the process was allowed.
    public let policy: SandboxPolicy
    private let channel: FrameChannel
    private let output: OutputTail
    private let writeLock = NSLock()
    private let state = Mutex(State())
    private let exited = DispatchSemaphore(value: 0)

    private struct State {
        var pending: [UInt64: CheckedContinuation<ExtensionToHostMessage, any Error>] = [:]
        /// Set once the process can serve no more: the error every later request gets.
        var termination: HostError?
        var exitStatus: Int32?
        var confinement: ConfinementReport?
        /// `ready`, when it came before the wait for it was registered (the reader thread runs
        /// as soon as the process object exists, and a loaded host may register later).
        var earlyReady: ExtensionToHostMessage?
    }

    /// The layers the runner engaged, as it reported them before loading the extension.
    public var confinement: ConfinementReport? { state.withLock { $0.confinement } }

    /// The key under which the wait for `ready` is pending.
    private static let readyID: UInt64 = 0

    /// Starts the runner for `bundle` and waits until the extension says it is ready.
    /// - Throws: `HostError` naming the bundle when it cannot start or is not ready in `timeout`.
    /// The runner confines itself by `policy` first; the host checks its report, so that an
    /// extension never runs unconfined unless the policy says so (the unsafe flag).
    public static func launch(bundle: ExtensionBundle, policy: SandboxPolicy, runnerPath: String,
                              timeout: Duration) async throws -> ExtensionProcess {
        let policyText = try policy.runnerText()
        let files = try openBundle(bundle)
        defer { close(files.library); close(files.folder) }
        let spawn = try SpawnThread.shared.run {
            try RunnerSpawn(
                runnerPath: runnerPath,
                arguments: ["--socket-fd", String(RunnerSpawn.socketDescriptor), "--library-fd", String(RunnerSpawn.libraryDescriptor),
                            "--principal-class", bundle.principalClass, "--policy", policyText],
                policy: policy, environment: runnerEnvironment(),
                bundleIdentifier: bundle.bundleIdentifier, bundle: files)
        }
        let process = ExtensionProcess(bundle: bundle, spawn: spawn, policy: policy)
        _ = try await process.exchange(id: readyID, step: "start", timeout: timeout, send: nil)
        return process
    }

    /// Gives a spare runner its extension: it narrows itself to `policy` and loads the library.
    /// - Throws: `HostError` naming the bundle, as `launch`; the spare is ended first when it
    ///   could not be given the extension.
    static func adopt(_ spare: SpareRunner, bundle: ExtensionBundle, policy: SandboxPolicy,
                      timeout: Duration) async throws -> ExtensionProcess {
        let policyText: String
        let files: (folder: Int32, library: Int32)
        do {
            policyText = try policy.runnerText()
            files = try openBundle(bundle)
        } catch {
            spare.discard()
            throw error
        }
        defer { close(files.library); close(files.folder) }
        TaskCgroup.setLimit(policy.limits.threads, runner: spare.spawn.pid, under: policy.taskCgroup)
        let process = ExtensionProcess(bundle: bundle, spawn: spare.spawn, policy: policy)
        _ = try await process.exchange(id: readyID, step: "start", timeout: timeout,
                                       send: .assign(principalClass: bundle.principalClass, policy: policyText),
                                       descriptors: [files.library, files.folder])
        return process
    }

    /// Opens the bundle's folder and, beneath it, its library, by the real paths the scan
    /// checked and through no symlink: the runner loads exactly this file, and its sandbox opens
    /// exactly this folder, whatever the bundle renames or swaps meanwhile.
    /// - Throws: `HostError` (`.extensionFailed`) naming the bundle and the library.
    private static func openBundle(_ bundle: ExtensionBundle) throws -> (folder: Int32, library: Int32) {
        switch BundleFile.openUnchanged(folder: bundle.resolvedPath, library: bundle.libraryPath) {
        case .success(let files):
            return files
        case .failure(.missing):
            throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) cannot start: its library \(bundle.libraryPath.quotedForDisplay) is no longer where it was checked (a folder on its path was moved or replaced by a symlink); run the command again.")
        case .failure(let problem):
            throw HostError(.extensionFailed, "\(bundle.bundleIdentifier) cannot start: its library \(bundle.libraryPath.quotedForDisplay) \(problem.clause).")
        }
    }

    private init(bundle: ExtensionBundle, spawn: RunnerSpawn, policy: SandboxPolicy) {
        self.bundle = bundle
        self.policy = policy
        self.pid = spawn.pid
        self.channel = FrameChannel(fileDescriptor: spawn.socket)
        self.output = OutputTail(reading: spawn.output)
        let reader = Thread { [self] in readReplies() }
        reader.name = "extension-\(bundle.bundleIdentifier)"
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
        guard exitStatus == nil else { return nil }
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

    /// Closes the socket, waits up to a second for the process to end, then kills it. Idempotent.
    public func shutdown() {
        terminate(HostError(.extensionFailed, "\(bundle.bundleIdentifier) was shut down."), kill: false)
        guard exitStatus == nil else { return }
        _ = Glibc.shutdown(channel.fileDescriptor, Int32(SHUT_WR))
        if exited.wait(timeout: .now() + .seconds(1)) == .timedOut {
            killIfRunning()
            exited.wait()
        }
        exited.signal()
    }

    /// The exit status once the process has been reaped.
    public var exitStatus: Int32? { state.withLock { $0.exitStatus } }

    /// Blocks until the process has ended and been reaped, at most `timeout`; returns its status.
    public func waitUntilExited(timeout: Duration) -> Int32? {
        guard exited.wait(timeout: .now() + timeout.seconds) == .success else { return nil }
        exited.signal()
        return exitStatus
    }

    /// Waits, without holding a thread of the concurrency pool, until the process has ended
    /// and been reaped, at most `timeout`; returns its status.
    public func exited(within timeout: Duration) async -> Int32? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.waitUntilExited(timeout: timeout)) }
        }
    }

    /// Registers the wait for reply `id`, sends `message` (and then `descriptors`, in the same
    /// locked write), and waits at most `timeout`.
    private func exchange(id: UInt64, step: String, timeout: Duration, send message: HostToExtensionMessage?,
                          descriptors: [Int32] = []) async throws -> ExtensionToHostMessage {
        try await withCheckedThrowingContinuation { continuation in
            let earlier: Result<ExtensionToHostMessage, HostError>? = state.withLock { state in
                if let termination = state.termination { return .failure(termination) }
                if id == Self.readyID, let ready = state.earlyReady { return .success(ready) }
                state.pending[id] = continuation
                return nil
            }
            if let earlier {
                continuation.resume(with: earlier)
                return
            }
            if let message {
                do {
                    try writeLock.withLock {
                        try channel.send(message)
                        for descriptor in descriptors { try channel.sendDescriptor(descriptor) }
                    }
                } catch {
                    fail(id, with: HostError(.extensionFailed, "\(bundle.bundleIdentifier) could not be sent \(step): \(error)"))
                    return
                }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds) { [self] in
                // A start that times out says how far it got, and what the runner last wrote.
                let stage = step != "start" ? ""
                    : confinement == nil ? " (it had not reported its confinement)" : " (it was confined but its extension was not ready)"
                let tail = output.text
                let said = step == "start" && !tail.isEmpty ? "; stderr: \"\(Self.summary(of: tail))\"" : ""
                let timedOut = HostError(.requestTimedOut,
                    "\(bundle.bundleIdentifier) did not \(step == "start" ? "start" : "answer \(step)") within \(timeout.spoken)\(stage) (requestTimedOut); its process was ended\(said).")
                // Mark the process dead before the caller resumes, so its next request starts a new one.
                if state.withLock({ $0.pending[id] != nil }) { terminate(timedOut, kill: true) }
            }
        }
    }

    /// Fails one pending request; false when it had already been answered.
    @discardableResult
    private func fail(_ id: UInt64, with error: HostError) -> Bool {
        guard let continuation = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return false }
        continuation.resume(throwing: error)
        return true
    }

    /// Marks the process unusable, fails what is pending with `error`, and optionally kills it.
    private func terminate(_ error: HostError, kill: Bool) {
        let pending = state.withLock { state -> [CheckedContinuation<ExtensionToHostMessage, any Error>] in
            if state.termination == nil { state.termination = error }
            defer { state.pending.removeAll() }
            return Array(state.pending.values)
        }
        pending.forEach { $0.resume(throwing: error) }
        if kill { killIfRunning() }
    }

    /// Kills the runner and everything in its process group (the runner leads its own, so its
    /// sandboxed process goes with its keeper), unless it was reaped already: reaping happens
    /// under the same lock, so the numbers signalled cannot belong to another process yet.
    private func killIfRunning() {
        state.withLock { state in
            if state.exitStatus == nil { RunnerSpawn.kill(pid) }
        }
    }

    private func readReplies() {
        var protocolFault: ProtocolError?
        while true {
            let message: ExtensionToHostMessage?
            do {
                message = try channel.receive(ExtensionToHostMessage.self)
            } catch let error as ProtocolError {
                protocolFault = error
                break
            } catch {
                protocolFault = ProtocolError(.ioFailure, "\(error)")
                break
            }
            guard let message else { break }
            deliver(message)
        }
        if protocolFault != nil && protocolFault?.code != .closed { killIfRunning() }
        let status = reap()
        output.waitForEnd(timeout: .milliseconds(500))
        terminate(deathError(status: status, protocolFault: protocolFault), kill: false)
        exited.signal()
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
            waiting?.resume(returning: message)
        case .failed(let id, let failure) where id == Self.readyID:
            let error = HostError(.extensionFailed, "\(bundle.bundleIdentifier) could not start: \(failure.message)")
            terminate(error, kill: true)
        default:
            guard let id = message.requestID,
                  let continuation = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
            continuation.resume(returning: message)
        }
    }

    /// Waits for the process to end: at most one second after its socket closed, then kills it.
    /// The wait blocks this process's own reader thread (never the concurrency pool) in
    /// `waitid(WNOWAIT)`, which leaves the process unreaped, so that the watchdog's kill can only
    /// reach it; the reap itself happens under the lock `killIfRunning` takes.
    private func reap() -> Int32 {
        let watchdog = DispatchWorkItem { [self] in killIfRunning() }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(1), execute: watchdog)
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        watchdog.cancel()
        while true {
            if let status = reapIfEnded() {
                TaskCgroup.remove(runner: pid, under: policy.taskCgroup)
                return status
            }
            usleep(1_000)
        }
    }

    /// Reaps the process if it has ended, recording its status under the lock `killIfRunning`
    /// takes: no signal can be sent between the reap and the record.
    private func reapIfEnded() -> Int32? {
        state.withLock { state -> Int32? in
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            guard result == pid || (result < 0 && errno == ECHILD) else { return nil }
            state.exitStatus = status
            return status
        }
    }

    private func deathError(status: Int32, protocolFault: ProtocolError?) -> HostError {
        if let termination = state.withLock({ $0.termination }) { return termination }
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

