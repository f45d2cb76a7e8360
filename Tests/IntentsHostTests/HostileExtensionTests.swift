import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy
import IntentsHost
import SharedKit
import Testing

/// The SandboxTester sample attacks its own sandbox; every attack must be blocked or contained,
/// with the exact errno, signal or limit, and the host must serve the next intent.
@Suite struct HostileExtensionTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    /// Small limits, so that the limit attacks end quickly.
    static let limits = SandboxPolicy.Limits(memoryBytes: 768 << 20, cpuSeconds: 2, openFiles: 64, processes: 4096)

    func dispatcher(timeout: Duration = .seconds(20), unsafe: Bool = false) throws -> IntentDispatcher {
        var configuration = HostConfiguration(
            appsFolders: [try sampleAppsFolder(apps)], stateFolder: state.path, runnerPath: Package.runner,
            stepTimeout: timeout, sandboxLimits: Self.limits, unsafeNoSandbox: unsafe)
        configuration.requiresSiriAuthorization = false
        return IntentDispatcher(configuration: configuration)
    }

    /// Runs one attack; returns its outcome, or throws the host's error when the process died.
    func attack(_ name: String, _ target: String = "", on dispatcher: IntentDispatcher) async throws -> String {
        let result = try await dispatcher.send("AttackIntent", parameters: [("attack", name), ("target", target)], user: NonInteractiveUser())
        guard case .string(let outcome)? = result.outcome.response.output.first(where: { $0.name == "outcome" })?.value else {
            Issue.record("no outcome in \(result.outcome.response)")
            return ""
        }
        return outcome
    }

    func expectServesAgain(_ dispatcher: IntentDispatcher) async throws {
        #expect(try await attack("ping", on: dispatcher) == "ok")
    }

    @Test(arguments: [
        ("read", "/etc/shadow", "blocked: EACCES"),
        ("read", "/etc/passwd", "blocked: EACCES"),
        ("write", "/tmp/written-by-a-hostile-extension", "blocked: EACCES"),
        ("write-container", "", "allowed"),
        ("tcp-bind", "", "blocked: EPERM"),
        ("udp-send", "127.0.0.1:9", "blocked: EPERM"),
        ("ptrace", "", "blocked: EPERM"),
        ("signal", "", "blocked: EPERM"),
        ("fork-bomb", "", "blocked: EPERM after 0 forks"),
        ("exec", "", "blocked: EPERM"),
        ("unshare", "", "blocked: EPERM"),
        ("memory-malloc", "", "blocked: ENOMEM"),
        ("stdout", "", "ok"),
    ])
    func attackIsBlocked(name: String, target: String, expected: String) async throws {
        let dispatcher = try dispatcher()
        #expect(try await attack(name, target, on: dispatcher) == expected)
        try await expectServesAgain(dispatcher)
        await dispatcher.shutdown()
    }

    @Test func hostStateAndOtherContainersAreUnreadable() async throws {
        let dispatcher = try dispatcher()
        try LockStateStore(stateFolder: state.path).save(.unlocked)
        let other = state.path + "/AppGroups/group.com.example.other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: other + "/secret"))
        let otherExtension = state.path + "/Containers/com.example.Pizza.Intents"
        try FileManager.default.createDirectory(atPath: otherExtension, withIntermediateDirectories: true)
        #expect(try await attack("read", state.path + "/lock-state", on: dispatcher) == "blocked: EACCES")
        #expect(try await attack("read", other + "/secret", on: dispatcher) == "blocked: EACCES")
        #expect(try await attack("write", otherExtension + "/planted", on: dispatcher) == "blocked: EACCES")
        await dispatcher.shutdown()
    }

    @Test func entitledGroupIsWritableAndOthersAreNot() async throws {
        let dispatcher = try dispatcher()
        #expect(try await attack("group-write", "group.com.example.sandboxtester", on: dispatcher) == "allowed: read back 1 bytes")
        let written = state.path + "/AppGroups/group.com.example.sandboxtester/written-by-extension"
        #expect(FileManager.default.contents(atPath: written) == Data("x".utf8))
        #expect(try await attack("group-write", "group.com.example.other", on: dispatcher) == "blocked: not entitled to group.com.example.other")
        await dispatcher.shutdown()
    }

    @Test func sharedStoreWorksInsideTheSandboxForItsGroupOnly() async throws {
        let dispatcher = try dispatcher()
        #expect(try await attack("store-increment", "group.com.example.sandboxtester", on: dispatcher) == "allowed: visits 1")
        #expect(try await attack("store-increment", "group.com.example.sandboxtester", on: dispatcher) == "allowed: visits 2")
        let store = try SharedStore(suiteName: "group.com.example.sandboxtester",
                                    path: state.path + "/AppGroups/group.com.example.sandboxtester/" + SharedStore.fileName)
        #expect(try store.value(Int.self, forKey: "visits") == 2)
        #expect(try await attack("store-increment", "group.com.example.other", on: dispatcher)
                == "blocked: This process is not entitled to the app group \"group.com.example.other\"; its groups: group.com.example.sandboxtester.")
        await dispatcher.shutdown()
    }

    @Test func networkIsDeniedEvenToAListenerOnLoopback() async throws {
        let listener = try LoopbackListener()
        let dispatcher = try dispatcher()
        #expect(try await attack("tcp-connect", "127.0.0.1:\(listener.port)", on: dispatcher) == "blocked: EPERM")
        #expect(try await attack("unix-connect", listener.unixPath, on: dispatcher) == "blocked: EPERM")
        await dispatcher.shutdown()
    }

    @Test func descriptorExhaustionStopsAtTheLimit() async throws {
        let dispatcher = try dispatcher()
        let outcome = try await attack("fd-exhaustion", on: dispatcher)
        #expect(outcome.hasPrefix("blocked: EMFILE after "))
        #expect((Int(outcome.split(separator: " ").dropLast().last ?? "") ?? 99) < 64)
        try await expectServesAgain(dispatcher)
        await dispatcher.shutdown()
    }

    @Test func swiftArrayMemoryBombEndsAtTheMemoryLimit() async throws {
        let dispatcher = try dispatcher()
        let error = await #expect(throws: HostError.self) { try await attack("memory-array", on: dispatcher) }
        #expect(error?.message.hasPrefix("com.example.SandboxTester.Intents was killed by signal 6 (SIGABRT) (memory limit of 768 MiB reached); stderr: \"Fatal error: failed to allocate") == true)
        try await expectServesAgain(dispatcher)
        await dispatcher.shutdown()
    }

    @Test func spinningEndsAtTheCPULimit() async throws {
        // A long deadline: the 2 s CPU limit must come first even on a busy machine.
        let dispatcher = try dispatcher(timeout: .seconds(120))
        let error = await #expect(throws: HostError.self) { try await attack("spin", on: dispatcher) }
        #expect(error?.message == "com.example.SandboxTester.Intents was killed by signal 24 (SIGXCPU) (CPU time limit of 2 s reached); it wrote nothing to stderr.")
        try await expectServesAgain(dispatcher)
        await dispatcher.shutdown()
    }

    @Test func neverCompletingEndsAtTheDeadline() async throws {
        let dispatcher = try dispatcher(timeout: .seconds(2))
        let error = await #expect(throws: HostError.self) { try await attack("never-complete", on: dispatcher) }
        #expect(error?.code == .requestTimedOut)
        try await expectServesAgain(dispatcher)
        await dispatcher.shutdown()
    }

    @Test(arguments: [
        ("crash-fatal", "was killed by signal 4 (SIGILL); stderr: \"SandboxTesterIntents/AttackIntentHandler.swift:"),
        ("crash-segv", "was killed by signal 11 (SIGSEGV); it wrote nothing to stderr."),
        ("frame-garbage", "broke the protocol (A frame began with byte 0x67 instead of the marker 0xf1: the peer wrote something that is not a frame.) and its process was killed by signal 9 (SIGKILL)"),
        ("frame-truncated", "broke the protocol (The peer closed the connection in the middle of a frame (7 of 100 bytes).)"),
        ("frame-oversized", "broke the protocol (A frame announced 2147483647 bytes, more than the maximum of 4194304 bytes.)"),
        ("frame-deep", "broke the protocol (A frame body could not be read: values are nested more than 64 deep at byte 130 of 40006.)"),
        ("frame-wide", "broke the protocol (A frame body could not be read: the frame holds more than 65536 elements at byte 5 of 100005.)"),
    ])
    func fatalAttackCostsOnlyItsRequest(name: String, expected: String) async throws {
        let dispatcher = try dispatcher()
        let error = await #expect(throws: HostError.self) { try await attack(name, on: dispatcher) }
        #expect(error?.code == .extensionFailed)
        #expect(error?.message.hasPrefix("com.example.SandboxTester.Intents " + expected) == true, "\(error?.message ?? "")")
        if name == "crash-fatal" {
            #expect(error?.message.hasSuffix(": Fatal error: SandboxTester was asked to crash\"") == true)
        }
        try await expectServesAgain(dispatcher)
        await dispatcher.shutdown()
    }

    @Test func runnerReportsEveryLayer() async throws {
        let dispatcher = try dispatcher()
        _ = try await attack("ping", on: dispatcher)
        let channel = try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("AttackIntent")))
        let report = try #require((channel as? ExtensionProcess)?.confinement)
        #expect(report.missingRequiredLayers == [])
        #expect(report.landlockABI >= 6)
        #expect(report.userNamespace && report.networkNamespace && report.seccomp && report.noNewPrivileges)
        #expect(report.problems == [])
        await dispatcher.shutdown()
    }

    @Test func unsafeFlagReallyRemovesTheSandbox() async throws {
        let dispatcher = try dispatcher(unsafe: true)
        #expect(try await attack("read", "/etc/passwd", on: dispatcher) == "allowed")
        let channel = try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("AttackIntent")))
        #expect((channel as? ExtensionProcess)?.confinement?.landlockABI == 0)
        await dispatcher.shutdown()
    }
}

/// A TCP listener on 127.0.0.1 and a Unix socket, both of this test process.
final class LoopbackListener: @unchecked Sendable {
    let port: UInt16
    let unixPath: String
    private let descriptors: [Int32]
    private let folder = TemporaryFolder()

    init() throws {
        let tcp = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(tcp, $0, length) == 0 && getsockname(tcp, $0, &length) == 0 }
        }
        try #require(bound && listen(tcp, 8) == 0)
        port = UInt16(bigEndian: address.sin_port)

        unixPath = folder.path + "/host.sock"
        let unix = try unixSocket(Int32(SOCK_STREAM.rawValue), boundTo: unixPath)
        try #require(listen(unix, 8) == 0)
        descriptors = [tcp, unix]
    }

    deinit {
        descriptors.forEach { close($0) }
    }
}

/// A Unix socket of `type` bound to `path`.
func unixSocket(_ type: Int32, boundTo path: String) throws -> Int32 {
    let descriptor = socket(AF_UNIX, type, 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
    }
    try #require(descriptor >= 0 && bound)
    return descriptor
}
