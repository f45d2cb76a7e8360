import ExtensionProcesses
import ExtensionProtocol
import Foundation
import IntentsHost
import Testing

/// Extension processes start on demand, stay warm, serve several conversations, and end when idle.
@Suite struct LifecycleTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    func dispatcher(idle: Duration = .seconds(30), cap: Int = 8) throws -> IntentDispatcher {
        var configuration = HostConfiguration(appsFolders: [try sampleAppsFolder(apps)], stateFolder: state.path,
                                              runnerPath: Package.runner)
        configuration.idleTimeout = idle
        configuration.maximumLiveExtensions = cap
        return IntentDispatcher(configuration: configuration)
    }

    func echo(_ text: String, on dispatcher: IntentDispatcher) async throws -> String {
        let result = try await dispatcher.send("AttackIntent", parameters: [("attack", "echo"), ("target", text)], user: NonInteractiveUser())
        guard case .string(let outcome)? = result.outcome.response.output.first?.value else { return "" }
        return outcome
    }

    func process(of intent: String, in dispatcher: IntentDispatcher) async throws -> ExtensionProcess {
        try #require(try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route(intent))) as? ExtensionProcess)
    }

    /// Which process answered an echo: a token the extension draws once per process (inside its
    /// PID namespace every extension is pid 2).
    func token(_ echo: String) -> String {
        String(echo.split(separator: " ").last ?? "")
    }

    @Test func warmProcessServesTheNextIntent() async throws {
        let dispatcher = try dispatcher()
        let first = try await echo("one", on: dispatcher)
        let pid = try await process(of: "AttackIntent", in: dispatcher).pid
        let second = try await echo("two", on: dispatcher)
        #expect(first == "echo one from \(token(first))")
        #expect(second == "echo two from \(token(first))")
        #expect(try await process(of: "AttackIntent", in: dispatcher).pid == pid)
        let launches = await dispatcher.supervisor.launchCount
        #expect(launches == 1)
        await dispatcher.shutdown()
    }

    @Test func oneProcessCarriesConcurrentConversations() async throws {
        let dispatcher = try dispatcher()
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<8 {
                group.addTask { (index, try await echo("c\(index)", on: dispatcher)) }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        let shared = token(answers[0] ?? "")
        #expect(!shared.isEmpty)
        #expect(answers == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, "echo c\($0) from \(shared)") }))
        let launches = await dispatcher.supervisor.launchCount
        #expect(launches == 1)
        await dispatcher.shutdown()
    }

    @Test func idleProcessEndsCleanlyAndANewOneStartsOnDemand() async throws {
        let dispatcher = try dispatcher(idle: .milliseconds(300))
        let warm = try await echo("warm", on: dispatcher)
        let first = try await process(of: "AttackIntent", in: dispatcher)
        let status = await first.exited(within: .seconds(10))
        #expect(status == 0)
        let live = await dispatcher.supervisor.liveCount
        #expect(live == 0)
        let again = try await echo("cold", on: dispatcher)
        #expect(again.hasPrefix("echo cold from ") && token(again) != token(warm))
        #expect(try await process(of: "AttackIntent", in: dispatcher).pid != first.pid)
        await dispatcher.shutdown()
    }

    @Test func capEndsTheLeastRecentlyUsedIdleProcess() async throws {
        let dispatcher = try dispatcher(cap: 1)
        _ = try await echo("attack", on: dispatcher)
        let attacker = try await process(of: "AttackIntent", in: dispatcher)
        _ = try await dispatcher.send("OrderPizzaIntent", parameters: [("kind", "funghi"), ("quantity", "1"), ("deliveryTime", "12:00")],
                                      user: NonInteractiveUser())
        let status = await attacker.exited(within: .seconds(10))
        #expect(status == 0)
        let live = await dispatcher.supervisor.liveCount
        #expect(live == 1)
        await dispatcher.shutdown()
    }
}

/// A spare runner waits, confined to the common base; the first request takes it and narrows it.
@Suite struct SpareRunnerTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    func dispatcherWithSpare() async throws -> (IntentDispatcher, pid_t) {
        var configuration = HostConfiguration(appsFolders: [try sampleAppsFolder(apps)], stateFolder: state.path, runnerPath: Package.runner)
        configuration.keepSpareRunner = true
        let dispatcher = IntentDispatcher(configuration: configuration)
        let deadline = ContinuousClock.now + .seconds(20)
        while dispatcher.supervisor.spareRunnerID == nil && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        return (dispatcher, try #require(dispatcher.supervisor.spareRunnerID))
    }

    func attack(_ name: String, _ target: String, on dispatcher: IntentDispatcher) async throws -> String {
        let result = try await dispatcher.send("AttackIntent", parameters: [("attack", name), ("target", target)], user: NonInteractiveUser())
        guard case .string(let outcome)? = result.outcome.response.output.first?.value else { return "" }
        return outcome
    }

    @Test func firstRequestIsServedByTheWaitingSpare() async throws {
        let (dispatcher, spare) = try await dispatcherWithSpare()
        #expect(try await attack("echo", "first", on: dispatcher).hasPrefix("echo first from "))
        let channel = try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("AttackIntent")))
        #expect((channel as? ExtensionProcess)?.pid == spare)
        let launches = await dispatcher.supervisor.launchCount
        #expect(launches == 1)
        await dispatcher.shutdown()
    }

    @Test func aSpareIsNarrowedToItsExtension() async throws {
        let (dispatcher, _) = try await dispatcherWithSpare()
        let otherContainer = state.path + "/Containers/com.example.Pizza.Intents"
        try FileManager.default.createDirectory(atPath: otherContainer, withIntermediateDirectories: true)
        #expect(try await attack("write", otherContainer + "/planted", on: dispatcher) == "blocked: EACCES")
        #expect(try await attack("write-container", "", on: dispatcher) == "allowed")
        #expect(try await attack("read", "/etc/passwd", on: dispatcher) == "blocked: EACCES")
        #expect(try await attack("group-write", "group.com.example.sandboxtester", on: dispatcher) == "allowed: read back 1 bytes")
        #expect(try await attack("tcp-bind", "", on: dispatcher) == "blocked: EPERM")
        let channel = try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("AttackIntent")))
        #expect((channel as? ExtensionProcess)?.confinement?.missingRequiredLayers == [])
        await dispatcher.shutdown()
    }
}
