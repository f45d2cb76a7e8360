@testable import ExtensionProcesses
import ExtensionProtocol
import Foundation
@testable import HostBundles
@testable import HostPolicy
@testable import IntentsHost
import Testing

/// The one gate: every launcher takes a clearance only the gate makes, a clearance covers only
/// what it cleared, and what the gate lets start waits at most a step.
@Suite struct PolicyGateTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()
    let outside = TemporaryFolder()

    /// An app whose executable is `script` (a shell script), continuing `com.example.go`. It
    /// runs confined: what it leaves behind goes in its container (`$HOME`, `proof`), and it may
    /// exec programs but start no process (so shell builtins, and `exec` last).
    func app(running script: String, stepTimeout: Duration = .milliseconds(500)) async throws -> (IntentDispatcher, AppBundle) {
        let folder = try BundleWriter(appsFolder: apps.path).app("Slow", identifier: "com.example.Slow",
                                                                 extra: ["CFBundleExecutable": "slow", "NSUserActivityTypes": ["com.example.go"]])
        try await Self.writeExecutable("#!/bin/sh\n\(script)\n", to: folder + "/slow")
        let dispatcher = makeDispatcher([apps.path], state: state, stepTimeout: stepTimeout)
        return (dispatcher, try #require(dispatcher.catalog.apps.first))
    }

    /// The app's container, where a script writes with `: > "$HOME/ran"`.
    var container: String { state.path + "/Containers/com.example.Slow" }
    /// What the app's script leaves when it runs.
    var proof: String { container + "/ran" }
    static let leavesProof = #": > "$HOME/ran""#

    /// The processes of the app's sandbox, as this host sees them: the launcher (its command
    /// line names the state folder), the namespace's init and the app, and whatever is below.
    func sandboxProcesses() -> Set<pid_t> {
        let name = (state.path as NSString).lastPathComponent
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
        var queue = all.filter { pid in
            let text = String(decoding: FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data(), as: UTF8.self)
            return text.contains("intents-sandbox") && text.contains(name)
        }
        var found: Set<pid_t> = []
        while let pid = queue.popLast() {
            guard found.insert(pid).inserted else { continue }
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
                queue += children.split(separator: " ").compactMap { pid_t($0) }
            }
        }
        return found
    }

    /// Writes an executable file that this process never holds open for writing: the text goes
    /// to a file beside it, which `cp` copies in a process of its own. A process another test
    /// forks meanwhile would inherit a write descriptor of ours (close-on-exec or not) until its
    /// exec, and running the file then fails (ETXTBSY).
    static func writeExecutable(_ text: String, to path: String) async throws {
        let source = path + ".text"
        try text.write(toFile: source, atomically: false, encoding: .utf8)
        defer { unlink(source) }
        try await ConfinedAppUserControlTests.copyExecutable(source, to: path)
    }

    /// Whether process `pid` is gone (or only a zombie left for its parent to reap).
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    @Test func aContinuingAppThatNeverEndsIsEndedWithItsGroupAfterAStep() async throws {
        // The app execs a program that waits forever (it may start none of its own: the probe's
        // `fork` step shows it refused, in ActivityContinuationSandboxTests).
        let (dispatcher, app) = try await app(running: "\(Self.leavesProof); exec sleep 1000", stepTimeout: .seconds(5))
        // Every process of the sandbox seen while it runs: the launcher (keeper), the namespace's
        // init and the app, all in the group the host kills at the deadline. Sampled on a thread
        // of its own: a task could wait for a thread of the concurrency pool past the deadline
        // when the whole suite runs on two cores (a CI run saw no sample at all).
        let seen = ProcessesSeen()
        let sampler = Thread { [self] in
            while !seen.isStopped {
                seen.add(sandboxProcesses())
                usleep(10_000)
            }
        }
        sampler.name = "test-process-sampler"
        sampler.start()
        let error = await #expect(throws: HostError.self) {
            try await dispatcher.continueActivity(UserActivityPayload(activityType: "com.example.go"), in: app, capturingOutput: true)
        }
        seen.stop()
        #expect(error?.code == .requestTimedOut)
        #expect(error?.message == "\"Slow\" (com.example.Slow) did not finish continuing \"com.example.go\" within 5 s (requestTimedOut); its process was ended.")
        #expect(FileManager.default.fileExists(atPath: proof), "the app ran")
        let started = seen.all
        #expect(started.count >= 3, "\(started)")
        try await waitUntil(.seconds(60)) { started.allSatisfy(Self.hasEnded) }
        #expect(sandboxProcesses().isEmpty)
    }

    @Test func aContinuingAppsExitStatusAndOutputComeBack() async throws {
        let (dispatcher, app) = try await app(running: "echo \"continuing $3\"; exit 7")
        let outcome = try await dispatcher.continueActivity(UserActivityPayload(activityType: "com.example.go"), in: app, capturingOutput: true)
        #expect(outcome.status == 7)
        #expect(outcome.output == "continuing com.example.go\n")
    }

    @Test func aClearanceCoversOnlyWhatItCleared() async throws {
        let (dispatcher, app) = try await app(running: Self.leavesProof)
        let clearance = try dispatcher.clear(.userActivity("com.example.go", of: app), app: app, from: .activityContinuation)
        // Another activity of the same app.
        let other = await #expect(throws: HostError.self) {
            _ = try await ActivityContinuation.run(UserActivityPayload(activityType: "com.example.other"), cleared: clearance,
                                                   stateFolder: state.path, timeout: .seconds(5))
        }
        #expect(other?.code == .usage)
        // An extension launcher given an app's clearance starts nothing.
        let supervisor = ExtensionSupervisor { _ in throw HostError(.extensionFailed, "launched") }
        let launch = await #expect(throws: HostError.self) { _ = try await supervisor.channel(cleared: clearance) }
        #expect(launch?.code == .usage)
        #expect(await supervisor.launchCount == 0)
        #expect(!FileManager.default.fileExists(atPath: proof))
        // An activity is continued from an activity continuation, and from nothing else.
        let direct = #expect(throws: HostError.self) { _ = try dispatcher.clear(.userActivity("com.example.go", of: app), app: app, from: .voiceShortcut) }
        #expect(direct?.code == .usage)
        #expect(direct?.message == "com.example.go of com.example.Slow cannot be run from a voice shortcut: a user activity is continued by its app, not run as an intent.")
    }

    /// A clearance given while unlocked starts nothing once the device locked: each launcher
    /// confirms it in the lock state of the moment. (Found by the adversary pass.)
    @Test func aClearanceGivenUnlockedStartsNothingOnceLocked() async throws {
        let (dispatcher, app) = try await app(running: Self.leavesProof)
        let clearance = try dispatcher.clear(.userActivity("com.example.go", of: app), app: app, from: .activityContinuation)
        let appsFolder = try sampleAppsFolder(outside)
        let extensions = makeDispatcher([appsFolder], state: state)
        let extensionClearance = try extensions.clearance(for: try extensions.route("INSendMessageIntent"))
        try LockStateStore(stateFolder: state.path).save(.lockedBeforeFirstUnlock)
        let continued = await #expect(throws: HostError.self) {
            _ = try await ActivityContinuation.run(UserActivityPayload(activityType: "com.example.go"), cleared: clearance,
                                                   stateFolder: state.path, timeout: .seconds(5))
        }
        #expect(continued?.policyRule == .opensAppWhileLocked)
        #expect(!FileManager.default.fileExists(atPath: proof))
        let launched = await #expect(throws: HostError.self) { _ = try await extensions.supervisor.channel(cleared: extensionClearance) }
        #expect(launched?.policyRule == .restrictedWhileLocked)
        #expect(await extensions.supervisor.launchCount == 0)
    }

    @Test(arguments: [LockState.locked, .lockedBeforeFirstUnlock])
    func whileLockedNoActivityIsContinuedAndTheAppNeverStarts(state lockState: LockState) async throws {
        let (dispatcher, app) = try await app(running: Self.leavesProof)
        try LockStateStore(stateFolder: state.path).save(lockState)
        let error = await #expect(throws: HostError.self) {
            _ = try await dispatcher.continueActivity(UserActivityPayload(activityType: "com.example.go"), in: app)
        }
        #expect(error?.code == .refusedByPolicy)
        #expect(error?.policyRule == .opensAppWhileLocked)
        #expect(!FileManager.default.fileExists(atPath: proof))
        try LockStateStore(stateFolder: state.path).save(.unlocked)
        #expect(try await dispatcher.continueActivity(UserActivityPayload(activityType: "com.example.go"), in: app).status == 0)
        #expect(FileManager.default.fileExists(atPath: proof))
    }
}

/// The process numbers a sampler saw, from any thread.
final class ProcessesSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<pid_t> = []
    private var stopped = false

    /// Whether the sampling was told to stop.
    var isStopped: Bool { lock.withLock { stopped } }

    func stop() {
        lock.withLock { stopped = true }
    }

    func add(_ processes: Set<pid_t>) {
        lock.withLock { seen.formUnion(processes) }
    }

    var all: Set<pid_t> { lock.withLock { seen } }
}
