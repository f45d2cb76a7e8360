import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy
import IntentsHost
import Testing

/// Confinement seen from outside: entitlements, the host's own check, and an unprivileged user.
@Suite struct SandboxProcessTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    /// The SandboxTester extension under another identity, entitled to network client access.
    func networkEntitledApps() throws -> String {
        let writer = BundleWriter(appsFolder: apps.path)
        try writer.app("Net", identifier: "com.example.Net")
        let appex = try writer.appex("SandboxTesterIntents", in: "Net", identifier: "com.example.Net.Intents",
                                     principalClass: "SandboxTesterIntents.IntentHandler", intents: ["AttackIntent"],
                                     library: Package.library("SandboxTesterIntents"))
        try writer.write([Entitlements.networkClientKey: true], to: appex + "/Net.entitlements", format: .xml)
        return apps.path
    }

    @Test func networkEntitledExtensionReachesALoopbackListener() async throws {
        let listener = try LoopbackListener()
        let dispatcher = makeDispatcher([try networkEntitledApps()], state: state)
        let result = try await dispatcher.send("AttackIntent", parameters: [("attack", "tcp-connect"), ("target", "127.0.0.1:\(listener.port)")],
                                               user: NonInteractiveUser())
        #expect(result.outcome.response.output == [NamedValue(name: "outcome", value: .string("allowed"))])
        // Network access means the Internet: never a local service's Unix socket.
        let unix = try await dispatcher.send("AttackIntent", parameters: [("attack", "unix-connect"), ("target", listener.unixPath)],
                                             user: NonInteractiveUser())
        #expect(unix.outcome.response.output.first?.value == .string("blocked: EPERM"))
        // Client access only: no listening socket, TCP or otherwise.
        let bound = try await dispatcher.send("AttackIntent", parameters: [("attack", "tcp-bind")], user: NonInteractiveUser())
        #expect(bound.outcome.response.output.first?.value == .string("blocked: EPERM"))
        let other = try await dispatcher.send("AttackIntent", parameters: [("attack", "read"), ("target", "/etc/shadow")], user: NonInteractiveUser())
        #expect(other.outcome.response.output.first?.value == .string("blocked: EACCES"))
        await dispatcher.shutdown()
    }

    @Test func hostRefusesARunnerThatReportsMissingLayers() async throws {
        // A stand-in runner that claims only rlimits, then says it is ready.
        var report = ConfinementReport()
        report.resourceLimits = true
        let frames = try FrameCodec().encode(ExtensionToHostMessage.confined(report: report))
            + FrameCodec().encode(ExtensionToHostMessage.ready(principalClass: "X.Y", sdkVersion: "0"))
        let bytes = frames.map { String(format: "\\%03o", $0) }.joined()
        let script = state.path + "/fake-runner"
        // Written by another process: a write descriptor here, inherited by a child another test
        // forks meanwhile, made executing it fail with "Text file busy" once.
        try await PolicyGateTests.writeExecutable("#!/bin/sh\nprintf '\(bytes)' >&3\nsleep 5\n", to: script)
        try addFaultyApp(to: apps.path)
        var configuration = HostConfiguration(appsFolders: [apps.path], stateFolder: state.path, runnerPath: script)
        configuration.requiresSiriAuthorization = false
        let dispatcher = IntentDispatcher(configuration: configuration)
        let error = await #expect(throws: HostError.self) {
            try await dispatcher.send("INSendMessageIntent", parameters: [("content", "ok")], user: NonInteractiveUser())
        }
        #expect(error?.message == "com.example.Faulty.Intents reported no dropped capabilities, no_new_privs, Landlock, seccomp; it was ended before serving.")
    }

    /// A user may run `intents` from a folder they cannot enter (a shell left in another user's
    /// home, a clone under /root): nothing the host starts depends on its working folder.
    @Test func theHostWorksFromAFolderItsUserCannotEnter() async throws {
        let workspace = try await UnprivilegedWorkspace()
        try await workspace.addSandboxTester("SandboxTester", identifier: "com.example.SandboxTester")
        let closed = TemporaryFolder()
        try #require(chmod(closed.path, 0o700) == 0)

        let status = try await workspace.intents(["status", "--json"], currentDirectory: closed.path)
        let line = try #require(status.output.split(separator: "\n").last { $0.hasPrefix("{") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let sandbox = try #require(object["sandbox"] as? [String: Any], "\(status.output)")
        #expect(sandbox["available"] as? Bool == true, "\(status.output)")
        #expect(sandbox["missingRequired"] as? [String] == [], "\(status.output)")

        let ping = try await workspace.intents(["send", "AttackIntent", "--param", "attack=ping", "--param", "target=", "--json"],
                                               currentDirectory: closed.path)
        #expect(jsonOutcome(ping.output) == "ok", "\(ping.output)")
    }

    @Test func attacksAreBlockedForAnUnprivilegedUserToo() async throws {
        let workspace = try await UnprivilegedWorkspace()
        let bin = workspace.bin, appsFolder = workspace.appsFolder, stateFolder = workspace.stateFolder, root = workspace
        try await workspace.addSandboxTester("SandboxTester", identifier: "com.example.SandboxTester")

        // Deadline 3 s, except for `spin`: it must meet its 2 s CPU limit first even when the
        // machine is busy and it gets only part of a core.
        func attack(_ name: String, _ target: String = "") async throws -> (status: Int32, output: String) {
            try await runAsNobody([bin + "/intents", "--apps", appsFolder, "--state", stateFolder, "send", "AttackIntent",
                             "--param", "attack=\(name)", "--param", "target=\(target)", "--json",
                             "--cpu-limit", "2", "--memory-limit", "768", "--open-files-limit", "64",
                             "--timeout", name == "spin" ? "120" : "3"])
        }
        let status = try await runAsNobody([bin + "/intents", "--apps", appsFolder, "--state", stateFolder, "status", "--json"])
        #expect(status.output.contains(#""missingRequired":[]"#), "\(status.output)")
        let listener = try LoopbackListener()
        let blocked: [(String, String, String)] = [
            ("read", "/etc/shadow", "blocked: EACCES"), ("read", "/etc/passwd", "blocked: EACCES"),
            ("read", stateFolder + "/lock-state", "blocked: EACCES"),
            ("write", stateFolder + "/lock-state", "blocked: EACCES"), ("write", stateFolder + "/System.sqlite", "blocked: EACCES"),
            ("write", root.path + "/outside", "blocked: EACCES"), ("write-container", "", "allowed"),
            ("group-write", "group.com.example.other", "blocked: not entitled to group.com.example.other"),
            ("tcp-connect", "127.0.0.1:\(listener.port)", "blocked: EPERM"), ("tcp-bind", "", "blocked: EPERM"),
            ("udp-send", "127.0.0.1:9", "blocked: EPERM"), ("unix-connect", listener.unixPath, "blocked: EPERM"),
            ("ptrace", "", "blocked: EPERM"), ("signal", "", "blocked: EPERM"), ("fork-bomb", "", "blocked: EPERM after 0 forks"),
            ("exec", "", "blocked: EPERM"), ("unshare", "", "blocked: EPERM"), ("memory-malloc", "", "blocked: ENOMEM"),
            ("stdout", "", "ok"),
        ]
        try LockStateStore(stateFolder: stateFolder).save(.unlocked)
        for (name, target, expected) in blocked {
            let run = try await attack(name, target)
            #expect(run.status == 0, "\(name): \(run.output)")
            #expect(run.output.contains(#""outcome":"\#(expected)""#), "\(name): \(run.output)")
        }
        let descriptors = try await attack("fd-exhaustion")
        #expect(descriptors.output.contains(#""outcome":"blocked: EMFILE after "#), "\(descriptors.output)")
        let contained: [(String, Int32, String)] = [
            ("crash-segv", 5, "was killed by signal 11 (SIGSEGV)"), ("crash-fatal", 5, "was killed by signal 4 (SIGILL)"),
            ("memory-array", 5, "(memory limit of 768 MiB reached)"), ("spin", 5, "was killed by signal 24 (SIGXCPU) (CPU time limit of 2 s reached)"),
            ("never-complete", 5, "did not answer handle within 3 s (requestTimedOut)"),
            ("frame-garbage", 5, "broke the protocol (A frame began with byte 0x67"), ("frame-truncated", 5, "in the middle of a frame"),
            ("frame-oversized", 5, "more than the maximum of 4194304 bytes"),
        ]
        for (name, status, fragment) in contained {
            let run = try await attack(name)
            #expect(run.status == status, "\(name): \(run.output)")
            #expect(run.output.contains(fragment), "\(name): \(run.output)")
        }
    }
}
