import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import Testing

/// Issue 8's kernel escapes, each tried by the Sandbox Tester: SysV IPC, /proc, the
/// parent-death signal, a host that dies, files and threads beyond the rlimits, Unix sockets
/// with network access. As root here (the test runner's user), and as `nobody` at the end.
@Suite struct SandboxEscapeTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    func dispatcher(_ limits: SandboxPolicy.Limits = HostileExtensionTests.limits) throws -> IntentDispatcher {
        var configuration = HostConfiguration(appsFolders: [try sampleAppsFolder(apps)], stateFolder: state.path,
                                              runnerPath: Package.runner, stepTimeout: .seconds(30), sandboxLimits: limits)
        configuration.requiresSiriAuthorization = false
        return IntentDispatcher(configuration: configuration)
    }

    func attack(_ name: String, _ target: String = "", on dispatcher: IntentDispatcher) async throws -> String {
        let result = try await dispatcher.send("AttackIntent", parameters: [("attack", name), ("target", target)], user: NonInteractiveUser())
        guard case .string(let outcome)? = result.outcome.response.output.first(where: { $0.name == "outcome" })?.value else { return "" }
        return outcome
    }

    /// How many of this (the host's) IPC namespace's shared-memory segments have `size` bytes.
    /// (Other tests run alongside and make segments of their own, of other sizes.)
    static func hostSegments(ofSize size: Int) throws -> Int {
        let table = try String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8)
        // Columns: key shmid perms size cpid lpid nattch uid gid cuid cgid atime dtime ctime rss swap
        return table.split(separator: "\n").dropFirst().filter { line in
            line.split(separator: " ").dropFirst(3).first.flatMap { Int($0) } == size
        }.count
    }

    @Test func theHostsSysVIPCIsOutOfReachAndSegmentsEndWithTheExtension() async throws {
        let key = Int32.random(in: 0x1000_0000...0x7000_0000)
        let segment = shmget(key_t(key), 4096, IPC_CREAT | IPC_EXCL | 0o666)
        try #require(segment >= 0)
        let queue = msgget(key_t(key + 1), IPC_CREAT | IPC_EXCL | 0o666)
        try #require(queue >= 0)
        defer {
            shmctl(segment, IPC_RMID, nil)
            msgctl(queue, IPC_RMID, nil)
        }
        var message = (type: 1, text: (UInt8(7), UInt8(0)))
        try #require(msgsnd(queue, &message, 2, 0) == 0)
        let size = 48 << 20
        let before = try Self.hostSegments(ofSize: size)
        let dispatcher = try dispatcher()
        // SysV IPC is denied outright (shared memory escapes the address-space limit; semaphores
        // and queues hold kernel memory no rlimit bounds); the IPC namespace is a second wall.
        #expect(try await attack("sysv-shm-read", String(key), on: dispatcher) == "blocked: EPERM")
        #expect(try await attack("sysv-msg-steal", String(key + 1), on: dispatcher) == "blocked: EPERM")
        #expect(try await attack("sysv-shm-create", "48", on: dispatcher) == "blocked: EPERM")
        #expect(try Self.hostSegments(ofSize: size) == before, "the extension's segment must not show in the host's IPC namespace")
        await dispatcher.shutdown()
        #expect(try Self.hostSegments(ofSize: size) == before)
        var received = (type: 0, text: (UInt8(0), UInt8(0)))
        #expect(msgrcv(queue, &received, 2, 0, IPC_NOWAIT) == 2, "the host's queued message must still be there")
    }

    @Test func procShowsOnlyTheSandboxItself() async throws {
        let marker = "intents-secret-\(UUID().uuidString)"
        // A shell that stays (a loop; its last command alone would be exec'd over it), with the
        // secret in its command line.
        let witness = try spawnBeside("/bin/sh", ["-c", "while :; do sleep 1; done", marker])
        defer { witness.kill() }
        let listener = try LoopbackListener()
        try #require(try await Self.waitUntilVisible(marker, in: witness.pid))
        let dispatcher = try dispatcher()
        #expect(try await attack("proc-processes", on: dispatcher) == "visible: 1 2")
        #expect(try await attack("proc-cmdlines", marker, on: dispatcher) == "not found")
        #expect(try await attack("proc-net-tcp", String(listener.port), on: dispatcher) == "not visible")
        #expect(try await attack("read", "/proc/\(getpid())/environ", on: dispatcher) == "blocked: ENOENT")
        await dispatcher.shutdown()
    }

    @Test func theParentDeathSignalCannotBeClearedNorTheProcessGroupLeft() async throws {
        let dispatcher = try dispatcher()
        #expect(try await attack("clear-pdeathsig", on: dispatcher) == "blocked: EPERM")
        // With garbage in the upper bits of the option, which the kernel ignores.
        #expect(try await attack("clear-pdeathsig-wide", on: dispatcher) == "blocked: EPERM")
        #expect(try await attack("setsid", on: dispatcher) == "blocked: EPERM")
        await dispatcher.shutdown()
    }

    /// A memfd's pages, written and unmapped, would escape the address-space limit.
    @Test func memoryOutsideTheAddressSpaceLimitIsDenied() async throws {
        let dispatcher = try dispatcher()
        #expect(try await attack("memfd-fill", "3072", on: dispatcher) == "blocked: EPERM after 0 MiB")
        await dispatcher.shutdown()
    }

    @Test func aFileStopsAtTheFileSizeLimit() async throws {
        var limits = HostileExtensionTests.limits
        limits.fileSizeBytes = 8 << 20
        let dispatcher = try dispatcher(limits)
        #expect(try await attack("disk-fill", "100", on: dispatcher) == "blocked: EFBIG after 8 MiB")
        #expect(try await attack("ping", on: dispatcher) == "ok")
        await dispatcher.shutdown()
    }

    @Test func threadsStopAtTheCapEvenForRoot() async throws {
        try #require(geteuid() == 0, "this test is about root, whom RLIMIT_NPROC does not bind")
        try #require(TaskCgroup.parent != nil, "a writable pids cgroup is needed for the cap to bind root")
        var limits = HostileExtensionTests.limits
        limits.threads = 64
        let dispatcher = try dispatcher(limits)
        let outcome = try await attack("thread-bomb", "10000", on: dispatcher)
        #expect(outcome.hasPrefix("blocked: EAGAIN after "), "\(outcome)")
        #expect((Int(outcome.split(separator: " ").dropLast().last ?? "") ?? 10_000) < 64)
        let channel = try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("AttackIntent")))
        #expect((channel as? ExtensionProcess)?.confinement?.threadsCgroup == true)
        await dispatcher.shutdown()
    }

    /// The host is SIGKILLed while its extension, having tried to clear its parent-death
    /// signal, waits: every runner process must end with the host.
    @Test func nothingOutlivesAKilledHost() async throws {
        let folder = try sampleAppsFolder(apps)
        let host = try spawnBeside(Package.cli, ["--apps", folder, "--state", state.path, "send", "AttackIntent", "--param", "attack=outlive",
                                                 "--timeout", "120"])
        let container = state.path + "/Containers/com.example.SandboxTester.Intents"
        #expect(try await Self.waitForFile(container + "/outlive-refused"), "the extension must have tried, and been refused")
        #expect(Self.runners(of: state.path).count >= 3, "the runner, its init and the extension")
        host.kill()
        _ = await host.exited(within: .seconds(30))
        #expect(try await Self.waitForRunners(of: state.path, count: { $0 == 0 }), "every runner process must end with its host")
    }

    /// Waits up to 20 s for `path` to exist.
    static func waitForFile(_ path: String) async throws -> Bool {
        try await poll(for: .seconds(20)) { FileManager.default.fileExists(atPath: path) }
    }

    /// A host service on a Unix datagram socket (as /dev/log is) is out of reach: no socket pair
    /// to send from, no socket of its own without network access.
    @Test func aUnixDatagramServiceIsOutOfReach() async throws {
        let datagrams = try UnixDatagramListener()
        let dispatcher = try dispatcher()
        #expect(try await attack("unix-datagram", datagrams.path, on: dispatcher) == "blocked: EPERM")
        #expect(datagrams.received() == 0)
        await dispatcher.shutdown()
    }

    /// Waits up to 20 s until the host sees `marker` in the command line of `pid` (once it has exec'd).
    static func waitUntilVisible(_ marker: String, in pid: Int32) async throws -> Bool {
        try await poll(for: .seconds(20)) {
            String(decoding: FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data(), as: UTF8.self).contains(marker)
        }
    }

    /// Whether `condition` holds within `limit`, looked at every 10 ms and once more after the
    /// limit: the concurrency pool may resume a sleeper late when other tests hold its threads,
    /// and a late wake-up must not read as a failure.
    static func poll(for limit: Duration, _ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    /// Waits up to 20 s until the number of runner processes whose command line names the
    /// folder `stateFolder` (their policy does, its slashes escaped) satisfies `count`.
    static func waitForRunners(of stateFolder: String, count: (Int) -> Bool) async throws -> Bool {
        try await poll(for: .seconds(20)) { count(runners(of: stateFolder).count) }
    }

    /// The runners whose command line names `stateFolder`'s test folder (`intents-tests-UUID`):
    /// a workspace's state folder is `…/intents-tests-UUID/state`, and its last component alone
    /// matched the runners of every other test's workspace too.
    static func runners(of stateFolder: String) -> [Int32] {
        let unique = stateFolder.split(separator: "/").last { $0.hasPrefix("intents-tests-") }.map(String.init) ?? stateFolder
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let text = String(decoding: data, as: UTF8.self)
            return text.contains("intents-extension") && text.contains(unique)
        }
    }

    @Test func theEscapesAreContainedForAnUnprivilegedUserToo() async throws {
        let workspace = try await UnprivilegedWorkspace()
        try await workspace.addSandboxTester("SandboxTester", identifier: "com.example.SandboxTester")
        let net = try await workspace.addSandboxTester("Net", identifier: "com.example.Net")
        let writer = BundleWriter(appsFolder: workspace.appsFolder)
        try writer.write([Entitlements.networkClientKey: true], to: net + "/Net.entitlements", format: .xml)

        let key = Int32.random(in: 0x1000_0000...0x7000_0000)
        let segment = shmget(key_t(key), 4096, IPC_CREAT | IPC_EXCL | 0o666)
        try #require(segment >= 0)
        defer { shmctl(segment, IPC_RMID, nil) }
        let marker = "intents-secret-\(UUID().uuidString)"
        // A shell that stays (a loop; its last command alone would be exec'd over it), with the
        // secret in its command line.
        let witness = try spawnBeside("/bin/sh", ["-c", "while :; do sleep 1; done", marker])
        defer { witness.kill() }
        try #require(try await Self.waitUntilVisible(marker, in: witness.pid))
        let listener = try LoopbackListener()
        let datagrams = try UnixDatagramListener()
        let before = try Self.hostSegments(ofSize: 16 << 20)

        // Both apps support AttackIntent: each request names its app.
        let cases: [(String, String, String, String)] = [
            ("SandboxTester", "sysv-shm-read", String(key), "blocked: EPERM"),
            ("SandboxTester", "memfd-fill", "64", "blocked: EPERM after 0 MiB"),
            ("SandboxTester", "setsid", "", "blocked: EPERM"),
            ("SandboxTester", "clear-pdeathsig-wide", "", "blocked: EPERM"),
            ("SandboxTester", "unix-datagram", datagrams.path, "blocked: EPERM"),
            ("SandboxTester", "proc-processes", "", "visible: 1 2"),
            ("SandboxTester", "proc-cmdlines", marker, "not found"),
            ("SandboxTester", "proc-net-tcp", String(listener.port), "not visible"),
            ("SandboxTester", "clear-pdeathsig", "", "blocked: EPERM"),
            ("SandboxTester", "disk-fill", "100", "blocked: EFBIG after 8 MiB"),
            ("Net", "unix-connect", listener.unixPath, "blocked: EPERM"),
            ("Net", "proc-processes", "", "visible: 1 2"),
        ]
        for (app, name, target, expected) in cases {
            let run = try await workspace.intents(["send", "AttackIntent", "--app", app, "--param", "attack=\(name)",
                                                   "--param", "target=\(target)", "--json", "--file-size-limit", "8", "--timeout", "20"])
            #expect(jsonOutcome(run.output) == expected, "\(app) \(name): \(run.output)")
        }
        let created = try await workspace.intents(["send", "AttackIntent", "--app", "SandboxTester", "--param", "attack=sysv-shm-create",
                                                   "--param", "target=16", "--json"])
        #expect(jsonOutcome(created.output) == "blocked: EPERM", "\(created.output)")
        #expect(try Self.hostSegments(ofSize: 16 << 20) == before)
        // RLIMIT_NPROC binds nobody: the bomb stops below the limit of the user's processes.
        let bomb = try await workspace.intents(["send", "AttackIntent", "--app", "SandboxTester", "--param", "attack=thread-bomb",
                                                "--param", "target=10000", "--json"])
        let bombOutcome = jsonOutcome(bomb.output) ?? ""
        #expect(bombOutcome.hasPrefix("blocked: EAGAIN after "), "\(bomb.output)")
        #expect((Int(bombOutcome.split(separator: " ").dropLast().last ?? "") ?? 10_000) < Int(SandboxPolicy.Limits.standard.processes))

        let host = try spawnBeside("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "--", workspace.bin + "/intents",
                                                        "--apps", workspace.appsFolder, "--state", workspace.stateFolder,
                                                        "send", "AttackIntent", "--app", "SandboxTester", "--param", "attack=outlive",
                                                        "--timeout", "120"])
        #expect(try await Self.waitForFile(workspace.stateFolder + "/Containers/com.example.SandboxTester.Intents/outlive-refused"))
        #expect(Self.runners(of: workspace.stateFolder).count >= 3)
        host.kill()
        _ = await host.exited(within: .seconds(30))
        #expect(try await Self.waitForRunners(of: workspace.stateFolder, count: { $0 == 0 }),
                "runners left after their host was killed: \(Self.describe(Self.runners(of: workspace.stateFolder)))")
    }

    /// Each process as `PID (state, parent PID, command)`, from `/proc/PID/stat`, for a failure's message.
    static func describe(_ processes: [Int32]) -> String {
        processes.map { pid in
            let stat = (FileManager.default.contents(atPath: "/proc/\(pid)/stat")).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            let command = stat.split(separator: "(").dropFirst().first?.split(separator: ")").first ?? "?"
            return "\(pid) (\(fields.first ?? "?"), parent \(fields.dropFirst().first ?? "?"), \(command))"
        }.joined(separator: ", ")
    }
}

/// A Unix datagram socket anyone may write to, as /dev/log is; counts what it receives.
final class UnixDatagramListener: @unchecked Sendable {
    private let folder = TemporaryFolder()
    let path: String
    private let descriptor: Int32

    init() throws {
        chmod(folder.path, 0o755)
        path = folder.path + "/service.sock"
        descriptor = try unixSocket(Int32(SOCK_DGRAM.rawValue), boundTo: path)
        chmod(path, 0o666)
    }

    /// How many datagrams are waiting.
    func received() -> Int {
        var count = 0
        var byte: UInt8 = 0
        while recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT)) >= 0 { count += 1 }
        return count
    }

    deinit {
        close(descriptor)
    }
}
