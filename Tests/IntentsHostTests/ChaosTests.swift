import Foundation
import IntentsClient
import LocalAPI
import Synchronization
import SystemStore
import Testing

/// Chaos under load, short and by counts: extension processes killed while conversations run,
/// an extension that never answers beside ones that do, the server killed mid-load. Each
/// asserts what the user is promised: only the conversations in flight in a killed process
/// fail, each with a sentence naming the bundle and the signal; nothing is left behind; a
/// restarted server serves at once with its store whole.
@Suite(.serialized) struct ChaosTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    static func echoApp(_ index: Int) -> String { "com.example.Echo\(index)" }
    static func echoExtension(_ index: Int) -> String { "com.example.Echo\(index).Intents" }

    /// `count` copies of the Echo app, each its own bundle (the library hard-linked).
    func layOutEchoes(_ count: Int) throws {
        let writer = BundleWriter(appsFolder: apps.path)
        for index in 0..<count {
            try writer.app("Echo\(index)", identifier: Self.echoApp(index))
            try writer.appex("EchoIntents", in: "Echo\(index)", identifier: Self.echoExtension(index),
                             principalClass: "EchoIntents.EchoExtension", intents: ["EchoIntent"], library: Package.library("EchoIntents"))
        }
    }

    /// A test-control server on the apps, every app authorized for Siri.
    func startServer(echoes: Int, more: [String] = []) async throws -> (TestServer, IntentsClient) {
        let server = try await TestServer(apps: [apps.path], state: state.path, arguments: ["--test-control", "--no-spare"])
        let client = clientOfRunningServer(stateFolder: state.path)
        for app in (0..<echoes).map(Self.echoApp) + more { _ = try await client.authorize(app: app, .authorized) }
        return (server, client)
    }

    static func echo(_ index: Int, _ token: String, stepTimeout: Duration? = nil) -> RunRequest {
        var request = RunRequest(intent: "EchoIntent", app: echoApp(index), text: [TextParameter(name: "text", value: token)], interactive: false)
        request.stepTimeout = stepTimeout
        return request
    }

    /// Whether `reply` answers the conversation of `token` with Echo `index`.
    static func answers(_ reply: ConversationResult, _ index: Int, _ token: String) -> Bool {
        guard reply.extensionBundle == echoExtension(index), reply.status == .success,
              case .string(token)? = reply.response.output.first(where: { $0.name == "echo" })?.value else { return false }
        return true
    }

    /// Set once to stop the workers.
    final class StopFlag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func set() { value.store(true, ordering: .relaxed) }
    }

    /// One conversation a worker ran: when, with which extension, and how it ended.
    struct Outcome: Sendable {
        var started: ContinuousClock.Instant
        var ended: ContinuousClock.Instant
        var target: Int
        var error: IntentsClientError?
        var otherError: String?
        var answered: Bool
    }

    /// Workers running conversations back to back until `stop` is set; each tells `progress`
    /// after each conversation.
    static func runWorkers(_ count: Int, echoes: Int, client: IntentsClient, stop: StopFlag,
                           progress: AsyncStream<Void>.Continuation) async -> [Outcome] {
        await withTaskGroup(of: [Outcome].self) { group in
            for worker in 0..<count {
                group.addTask {
                    var outcomes: [Outcome] = []
                    var index = 0
                    while !stop.isSet {
                        let target = (worker + index) % echoes
                        let token = "w\(worker)-c\(index)"
                        let started = ContinuousClock.now
                        var outcome = Outcome(started: started, ended: started, target: target, answered: false)
                        do {
                            outcome.answered = answers(try await client.run(echo(target, token)), target, token)
                        } catch let error as IntentsClientError {
                            outcome.error = error
                        } catch {
                            outcome.otherError = "\(error)"
                        }
                        outcome.ended = ContinuousClock.now
                        outcomes.append(outcome)
                        progress.yield()
                        index += 1
                    }
                    return outcomes
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
    }

    /// The process running extension code under each of the server's runners (the runner's
    /// grandchild: keeper, the PID namespace's init, the extension), with the Echo it runs,
    /// read from its policy argument (which names the bundle's folder).
    static func extensionProcesses(of server: TestServer, echoes: Int) -> [(pid: pid_t, echo: Int)] {
        server.childProcessIDs.compactMap { keeper in
            var current = keeper
            for _ in 0..<2 {
                let children = (try? String(contentsOfFile: "/proc/\(current)/task/\(current)/children", encoding: .utf8)) ?? ""
                guard let child = children.split(separator: " ").first.flatMap({ pid_t($0) }) else { return nil }
                current = child
            }
            let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(current)/cmdline"))).map { String(decoding: $0, as: UTF8.self) } ?? ""
            // The policy is JSON, its slashes escaped.
            guard let echo = (0..<echoes).first(where: { arguments.contains("Echo\($0).app") }) else { return nil }
            return (current, echo)
        }
    }

    /// The server's children that are zombies (ended, not reaped).
    static func unreapedChildren(of server: TestServer) -> [pid_t] {
        server.childProcessIDs.filter { pid in
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
        }
    }

    @Test func killedExtensionsFailOnlyTheConversationsInFlightInThem() async throws {
        try layOutEchoes(4)
        let (server, client) = try await startServer(echoes: 4)
        for index in 0..<4 { #expect(Self.answers(try await client.run(Self.echo(index, "warm")), index, "warm")) }

        let stop = StopFlag()
        let (progress, progressed) = AsyncStream.makeStream(of: Void.self)
        let kills = Mutex<[(echo: Int, before: ContinuousClock.Instant, after: ContinuousClock.Instant)]>([])
        let workers = Task { await Self.runWorkers(8, echoes: 4, client: client, stop: stop, progress: progressed) }
        var finished = 0
        var iterator = progress.makeAsyncIterator()
        var rounds = 0
        killing: while kills.withLock({ $0.count }) < 20 && rounds < 200 {
            rounds += 1
            // Between kills, ten conversations end: the killed processes are replaced and busy again.
            for _ in 0..<10 {
                guard await iterator.next() != nil else { break killing }
                finished += 1
            }
            guard let victim = Self.extensionProcesses(of: server, echoes: 4).randomElement() else { continue }
            let before = ContinuousClock.now
            guard kill(victim.pid, SIGKILL) == 0 else { continue }
            kills.withLock { $0.append((victim.echo, before, ContinuousClock.now)) }
        }
        stop.set()
        progressed.finish()
        let outcomes = await workers.value
        let killTimes = kills.withLock { $0 }

        #expect(killTimes.count == 20)
        #expect(outcomes.allSatisfy { $0.otherError == nil }, "\(outcomes.compactMap { $0.otherError }.prefix(3))")
        let failed = outcomes.filter { $0.error != nil }
        let succeeded = outcomes.filter { $0.error == nil }
        for outcome in failed {
            let error = try #require(outcome.error)
            #expect(error.code == .extensionFailed, "\(error.code): \(error.message)")
            #expect(error.message.contains(Self.echoExtension(outcome.target)) && error.message.contains("signal 9 (SIGKILL)"), "\(error.message)")
            // In flight in a killed process: its extension was killed before it ended, and
            // it did not start after a later conversation with that extension had succeeded
            // (which only a new process could answer).
            let culprit = killTimes.contains { kill in
                kill.echo == outcome.target && kill.before <= outcome.ended
                    && !succeeded.contains { $0.target == kill.echo && $0.started >= kill.after && $0.ended <= outcome.started }
            }
            #expect(culprit, "a conversation no kill explains failed: \(error.message)")
        }
        #expect(outcomes.filter { $0.error == nil }.allSatisfy { $0.answered }, "a reply did not answer its own conversation")
        #expect(failed.count <= killTimes.count * 8, "more failures than conversations could have been in flight")
        #expect(succeeded.count >= 150)

        // Every extension serves again, and nothing was left behind: at most one runner per
        // extension, none unreaped.
        for index in 0..<4 { #expect(Self.answers(try await client.run(Self.echo(index, "after")), index, "after")) }
        #expect(server.childProcessIDs.count <= 4, "\(server.childProcessIDs)")
        #expect(Self.unreapedChildren(of: server).isEmpty)
        #expect(await server.stop() == 0)
    }

    @Test func anExtensionThatNeverAnswersTimesOutOnlyItsOwnConversations() async throws {
        try layOutEchoes(2)
        try addFaultyApp(to: apps.path)
        let (server, client) = try await startServer(echoes: 2, more: ["com.example.Faulty"])
        for index in 0..<2 { #expect(Self.answers(try await client.run(Self.echo(index, "warm")), index, "warm")) }

        let stop = StopFlag()
        let (progress, progressed) = AsyncStream.makeStream(of: Void.self)
        let workers = Task { await Self.runWorkers(4, echoes: 2, client: client, stop: stop, progress: progressed) }
        let hangs = (0..<2).map { index in
            Task { () -> (error: IntentsClientError?, echoedMeanwhile: Int) in
                var request = RunRequest(intent: "INSendMessageIntent", app: "com.example.Faulty",
                                         text: [TextParameter(name: "recipients", value: "Bobo"), TextParameter(name: "content", value: "hang")],
                                         interactive: false)
                request.agreesToSystemConfirmation = true
                request.stepTimeout = .seconds(2)
                do {
                    _ = try await client.run(request)
                    return (nil, index)
                } catch let error as IntentsClientError {
                    return (error, index)
                } catch {
                    return (IntentsClientError(.usage, "\(error)"), index)
                }
            }
        }
        var results: [(error: IntentsClientError?, echoedMeanwhile: Int)] = []
        for hang in hangs { results.append(await hang.value) }
        // What the Echo workers finished while the hanging conversations waited out their deadline.
        var meanwhile = 0
        stop.set()
        progressed.finish()
        for await _ in progress { meanwhile += 1 }
        let outcomes = await workers.value

        for result in results {
            #expect(result.error?.code == .requestTimedOut, "\(String(describing: result.error))")
            #expect(result.error?.message.contains("com.example.Faulty.Intents") == true)
        }
        #expect(outcomes.allSatisfy { $0.error == nil && $0.otherError == nil && $0.answered },
                "\(outcomes.compactMap { $0.error?.message ?? $0.otherError }.prefix(3))")
        #expect(meanwhile >= 20, "the other extensions went on serving while one hung (\(meanwhile) conversations)")
        #expect(await server.stop() == 0)
    }

    @Test func aKilledServerGivesItsClientsOneSentenceAndARestartedOneServesAtOnce() async throws {
        // The sample apps (MonkeyChat donates each message it sends) beside two Echo apps.
        let folder = try sampleAppsFolder(apps)
        let writer = BundleWriter(appsFolder: folder)
        for index in 0..<2 {
            try writer.app("Echo\(index)", identifier: Self.echoApp(index))
            try writer.appex("EchoIntents", in: "Echo\(index)", identifier: Self.echoExtension(index),
                             principalClass: "EchoIntents.EchoExtension", intents: ["EchoIntent"], library: Package.library("EchoIntents"))
        }
        let server = try await TestServer(apps: [folder], state: state.path, arguments: ["--test-control", "--no-spare"])
        let client = clientOfRunningServer(stateFolder: state.path)
        for app in (0..<2).map(Self.echoApp) { _ = try await client.authorize(app: app, .authorized) }
        for index in 0..<2 { #expect(Self.answers(try await client.run(Self.echo(index, "warm")), index, "warm")) }
        let runners = server.childProcessIDs

        let stop = StopFlag()
        let (progress, progressed) = AsyncStream.makeStream(of: Void.self)
        let workers = Task { await Self.runWorkers(4, echoes: 2, client: client, stop: stop, progress: progressed) }
        // An app process donating, message after message, until the server is gone: each
        // identifier it printed was acknowledged by the server.
        let statePath = state.path
        let (donations, donated) = AsyncStream.makeStream(of: Void.self)
        let donor = Task { () -> [String] in
            defer { donated.finish() }
            var acknowledged: [String] = []
            for index in 0..<200 where !stop.isSet {
                guard let sent = try? await runProgram(folder + "/MonkeyChat.app/monkeychat", ["send", "bobo.jungle", "Banana \(index)"],
                                                       environment: ["PATH": "/usr/bin:/bin", "HOME": statePath, "INTENTS_STATE": statePath]),
                      sent.status == 0 else { break }
                acknowledged += sent.output.split(separator: "\n").filter { $0.hasPrefix("Donated as ") }
                    .map { String($0.dropFirst("Donated as ".count).dropLast()) }
                donated.yield()
            }
            return acknowledged
        }
        // The server is killed mid-load: after fifty conversations and three acknowledged
        // donations (or the donor's end), with both still going.
        var iterator = progress.makeAsyncIterator()
        for _ in 0..<50 { _ = await iterator.next() }
        var acknowledgements = donations.makeAsyncIterator()
        for _ in 0..<3 { _ = await acknowledgements.next() }
        #expect(await server.killAndWait() == SIGKILL)
        stop.set()
        progressed.finish()
        let outcomes = await workers.value
        let promised = await donor.value

        // The conversations cut short say so in one sentence; none hung (the workers ended).
        #expect(outcomes.allSatisfy { $0.otherError == nil }, "\(outcomes.compactMap { $0.otherError }.prefix(3))")
        for error in outcomes.compactMap({ $0.error }) {
            #expect(error.message.hasSuffix(".") && !error.message.dropLast().contains(". ") && !error.message.contains("\n"), "\(error.message)")
        }
        // Runners die with their server (their keepers' parent-death signal).
        #expect(runners.allSatisfy { kill($0, 0) != 0 || Self.isZombie($0) }, "\(runners)")

        let restarted = try await TestServer(apps: [folder], state: state.path, arguments: ["--test-control", "--no-spare"])
        for index in 0..<2 { #expect(Self.answers(try await client.run(Self.echo(index, "again")), index, "again")) }
        let store = try SystemStore(stateFolder: state.path)
        #expect(try store.integrityCheck() == ["ok"])
        let kept = Set(try store.donations(app: "com.example.MonkeyChat").map(\.identifier))
        #expect(!promised.isEmpty)
        #expect(Set(promised).isSubset(of: kept), "acknowledged donations lost: \(Set(promised).subtracting(kept).prefix(5))")
        #expect(await restarted.stop() == 0)
    }

    static func isZombie(_ pid: pid_t) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
}
