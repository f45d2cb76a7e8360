import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import Synchronization
import Testing

/// Teardown holds no thread of the concurrency pool: hundreds of children end at once on an
/// executor of two threads, each given its grace period.
@Suite struct ProcessTeardownTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    @Test func twoHundredTeardownsOnTwoThreadsAreBoundedAndEndEveryGroup() async throws {
        let grace = Duration.milliseconds(300)
        // Each ignores SIGTERM, and leads a group with a second `sleep` in it.
        let children = try (0..<200).map { _ in
            try ChildProcess.spawn("/bin/sh", arguments: ["-c", "trap '' TERM; sleep 60 & exec sleep 60"])
        }
        try await waitUntil(.seconds(60)) { children.allSatisfy { backgroundChild(of: $0.pid) != nil } }
        let background = children.compactMap { backgroundChild(of: $0.pid).flatMap(ProcessMark.init) }
        // Timed on the executor: the hop back to the test's own executor (the global pool, which
        // other tests' blocking work may hold for seconds) is not the teardowns' doing.
        let (statuses, elapsed) = await withTaskExecutorPreference(TwoThreadExecutor.shared) {
            let start = ContinuousClock.now
            let statuses = await withTaskGroup(of: Int32?.self) { group in
                for child in children {
                    group.addTask { await child.teardown([.send(signal: SIGTERM, allowedDurationToNextStep: grace)]) }
                }
                return await group.reduce(into: [Int32?]()) { $0.append($1) }
            }
            return (statuses, ContinuousClock.now - start)
        }
        print("200 teardowns (grace \(grace)) on 2 threads took \(elapsed)")
        // Blocking a thread per grace period would take 200 × 0.3 s / 2 = 30 s.
        #expect(elapsed < .seconds(15))
        #expect(elapsed >= grace)
        #expect(statuses.count == 200)
        #expect(statuses.allSatisfy { status in status.map { $0 & 0x7F == SIGKILL } ?? false }, "each outlived SIGTERM and was killed")
        #expect(children.allSatisfy { $0.exitStatus != nil })
        try await waitUntil(.seconds(10)) { background.allSatisfy(\.hasEnded) }
        #expect(background.count == 200)
    }

    @Test func extensionProcessesShutDownConcurrentlyOnTwoThreads() async throws {
        let (launch, policy) = try echoLaunch(apps: apps, state: state)
        let processes = try await withTaskExecutorPreference(TwoThreadExecutor.shared) {
            try await withThrowingTaskGroup(of: ExtensionProcess.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await ExtensionProcess.launch(launch, policy: policy, runnerPath: Package.runner, timeout: .seconds(30))
                    }
                }
                return try await group.reduce(into: [ExtensionProcess]()) { $0.append($1) }
            }
        }
        let sandboxed = processes.compactMap { $0.sandboxedProcessID.flatMap(ProcessMark.init) }
        #expect(sandboxed.count == 8)
        let elapsed = await withTaskExecutorPreference(TwoThreadExecutor.shared) {
            let start = ContinuousClock.now
            await withTaskGroup(of: Void.self) { group in
                for process in processes { group.addTask { await process.shutdown() } }
            }
            return ContinuousClock.now - start
        }
        #expect(elapsed < .seconds(10))
        #expect(processes.allSatisfy { $0.exitStatus == 0 && !$0.isAlive })
        try await waitUntil(.seconds(10)) { sandboxed.allSatisfy(\.hasEnded) }
    }

    @Test func aRequestsDeadlineIsDisarmedWithItsReply() async throws {
        let (launch, policy) = try echoLaunch(apps: apps, state: state)
        let process = try await ExtensionProcess.launch(launch, policy: policy, runnerPath: Package.runner, timeout: .seconds(30))
        #expect(process.armedDeadlines == 0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    _ = try await process.request(.resolve(requestID: RequestIDs.next(), conversation: 1,
                                                           intent: IntentPayload(name: "EchoIntent", parameters: ["text": .string("hi")]),
                                                           parameter: "text"), timeout: .seconds(600))
                }
            }
            try await group.waitForAll()
        }
        #expect(process.armedDeadlines == 0)
        await process.shutdown()
        #expect(process.exitStatus == 0)
    }
}

/// A signal sent through a handle never reaches a process that took its number after the reap:
/// a new process is made to take that number (through ns_last_pid), then every way of ending
/// the old one is tried. Serialized: both tests steer the kernel's next pid.
@Suite(.serialized, .enabled(if: access("/proc/sys/kernel/ns_last_pid", W_OK) == 0,
                              "needs a writable /proc/sys/kernel/ns_last_pid (root in the PID namespace) to recycle a pid"))
struct RecycledPidTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    @Test func aChildsHandleNeverSignalsItsRecycledPid() async throws {
        var attempt: (first: ChildProcess, other: pid_t?)?
        for _ in 0..<5 where attempt?.other == nil {
            let first = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "exit 7"])
            #expect(await first.exited(within: .seconds(10)) == 7 << 8)
            attempt = (first, occupy(first.pid))
        }
        let first = try #require(attempt).first
        let other = try #require(attempt?.other, "no process could be given pid \(first.pid) again, in five tries")
        defer { end(other) }
        first.kill()
        #expect(!first.signal(SIGTERM))
        #expect(await first.teardown([.send(signal: SIGTERM, allowedDurationToNextStep: .milliseconds(50))]) == 7 << 8)
        #expect(await stillRunning(other))
    }

    @Test func anExtensionProcessNeverSignalsItsRecycledPid() async throws {
        let (launch, policy) = try echoLaunch(apps: apps, state: state)
        var attempt: (process: ExtensionProcess, other: pid_t?)?
        for _ in 0..<5 where attempt?.other == nil {
            let process = try await ExtensionProcess.launch(launch, policy: policy, runnerPath: Package.runner, timeout: .seconds(30))
            await process.shutdown()
            #expect(process.exitStatus == 0)
            attempt = (process, occupy(process.pid))
        }
        let process = try #require(attempt).process
        let other = try #require(attempt?.other, "no process could be given pid \(process.pid) again, in five tries")
        defer { end(other) }
        process.kill()
        await process.shutdown()
        #expect(process.sandboxedProcessID == nil)
        #expect(await stillRunning(other))
    }

    /// Starts `sleep 3600`, leading its own process group, as process `pid`: the kernel's last pid
    /// is set just below it. Nil when other processes kept taking the number, or when a thread
    /// or process of another test already holds it (the tests then start over with a new pid).
    func occupy(_ pid: pid_t) -> pid_t? {
        for _ in 0..<500 {
            // A thread's id counts too: /proc answers for it even though it lists only processes.
            guard access("/proc/\(pid)", F_OK) != 0,
                  let file = fopen("/proc/sys/kernel/ns_last_pid", "w") else { return nil }
            fputs(String(pid - 1), file)
            fclose(file)
            guard let spawned = spawnSleep() else { return nil }
            if spawned == pid { return spawned }
            end(spawned)
        }
        return nil
    }

    func spawnSleep() -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        // Far longer than a test of a loaded suite may take (`end` kills it): a 30 s sleep once
        // ended by itself before `stillRunning` looked, while the suite held every pool thread.
        let words: [String] = ["/bin/sleep", "3600"]
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        return posix_spawn(&pid, "/bin/sleep", nil, &attributes, argv, environ) == 0 ? pid : nil
    }

    /// Whether `pid`, a child of this process, still runs (neither ended nor reaped) a while
    /// after the signals were sent: a killed process takes a moment to end.
    func stillRunning(_ pid: pid_t) async -> Bool {
        try? await Task.sleep(for: .milliseconds(300))
        var status: Int32 = 0
        return kill(pid, 0) == 0 && waitpid(pid, &status, WNOHANG) == 0
    }

    func end(_ pid: pid_t) {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// The Echo fixture's extension, cleared to start as a direct request, and its sandbox policy.
func echoLaunch(apps: TemporaryFolder, state: TemporaryFolder) throws -> (ExtensionLaunch, SandboxPolicy) {
    let writer = BundleWriter(appsFolder: apps.path)
    try writer.app("Echo", identifier: "com.example.Echo")
    try writer.appex("EchoIntents", in: "Echo", identifier: "com.example.Echo.Intents",
                     principalClass: "EchoIntents.EchoExtension", intents: ["EchoIntent"], library: Package.library("EchoIntents"))
    let configuration = HostConfiguration(appsFolders: [apps.path], stateFolder: state.path, runnerPath: Package.runner)
    let dispatcher = IntentDispatcher(configuration: configuration)
    let bundle = try dispatcher.route("EchoIntent")
    return (try ExtensionLaunch(try dispatcher.clearance(for: bundle)), try configuration.preparedSandboxPolicy(for: bundle, in: dispatcher.catalog))
}

/// The first child of `pid` (the shell's background `sleep`), once `pid` has become `sleep`.
func backgroundChild(of pid: pid_t) -> pid_t? {
    guard (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "sleep\n",
          let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else { return nil }
    return children.split(separator: " ").first.flatMap { pid_t($0) }
}

/// A process, by its number and its start time: the two name it even once the number is reused
/// (other tests start many processes, and steer the next pid).
struct ProcessMark {
    let pid: pid_t
    let start: Substring

    /// The process `pid` now; nil when there is none.
    init?(_ pid: pid_t) {
        guard let fields = Self.fields(of: pid), fields.count > 19 else { return nil }
        self.pid = pid
        start = fields[19]
    }

    /// Whether the process has ended: gone, its number taken by another, or a zombie its new
    /// parent has not reaped yet.
    var hasEnded: Bool {
        guard let fields = Self.fields(of: pid), fields.count > 19, fields[19] == start else { return true }
        return fields[0] == "Z"
    }

    /// The fields of /proc/<pid>/stat after the command's name: the state first, the start time 20th.
    private static func fields(of pid: pid_t) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }
}

/// Polls `condition` every 20 ms until it holds.
/// - Throws: when it does not hold within `timeout`.
func waitUntil(_ timeout: Duration, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        try #require(ContinuousClock.now < deadline, "the condition did not hold within \(timeout)")
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// A task executor of two threads, the pool of a 2-core machine: a design that blocked a thread
/// for each grace period would hold it up.
final class TwoThreadExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = TwoThreadExecutor()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        for index in 0..<2 {
            let thread = Thread { [self] in run() }
            thread.name = "two-thread-executor-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// The supervisor awaits the teardown of every channel it ended, evicted ones included.
@Suite struct SupervisorTeardownTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    @Test func shutdownAllAwaitsChannelsEvictedEarlier() async throws {
        let dispatcher = makeDispatcher([try sampleAppsFolder(apps)], state: state)
        let made = Mutex<[SlowChannel]>([])
        let supervisor = ExtensionSupervisor(maximumLive: 1) { _ in
            let channel = SlowChannel()
            made.withLock { $0.append(channel) }
            return channel
        }
        _ = try await supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("INSendMessageIntent")))
        // The cap is one: the first channel is evicted, and its shutdown takes half a second.
        _ = try await supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("OrderPizzaIntent")))
        await supervisor.shutdownAll()
        let channels = made.withLock { $0 }
        #expect(channels.count == 2)
        #expect(channels.allSatisfy { $0.finished.load(ordering: .relaxed) })
    }
}

/// A channel whose shutdown takes half a second, and says when it has finished.
final class SlowChannel: ExtensionChannel, Sendable {
    let closing = Atomic<Bool>(false)
    let finished = Atomic<Bool>(false)

    func request(_ message: HostToExtensionMessage, timeout: Duration) async throws -> ExtensionToHostMessage {
        throw HostError(.extensionFailed, "test.slow serves no requests.")
    }

    func notify(_ message: HostToExtensionMessage) {}

    var isAlive: Bool { !closing.load(ordering: .relaxed) }

    func shutdown() async {
        closing.store(true, ordering: .relaxed)
        try? await Task.sleep(for: .milliseconds(500))
        finished.store(true, ordering: .relaxed)
    }
}
