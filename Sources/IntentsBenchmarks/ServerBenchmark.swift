import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import IntentsClient
import IntentsHost
import LocalAPI
import SystemCalls
import SystemStore

/// `intents serve` measured from outside, as its users meet it: whole client processes, and
/// conversations sent over its socket, each beside its floor from the same run.
enum ServerBenchmark {
    static let phraseCount = 100_000

    static func run(configuration: HostConfiguration, products: String, runs: Int) async throws -> [Figure] {
        var figures: [Figure] = []
        let store = try SystemStore(stateFolder: configuration.stateFolder)
        let action = ShortcutAction.intent(IntentPayload(name: "EchoIntent", parameters: ["text": .string("hi")]), className: nil)
        try store.addVoiceShortcuts((0..<phraseCount).map {
            VoiceShortcutRecord(phrase: "echo phrase number \($0)", app: "com.example.Echo", action: action)
        })
        let client = products + "/intents"
        let say = configuration.appsFolders.flatMap { ["--apps", $0] } + ["--state", configuration.stateFolder, "say", "echo phrase number 77777"]
        let embedded = try timedProcess(client, say, environment: ["INTENTS_NO_SERVER": "1"], runs: 1)

        let server = try startServer(client, configuration: configuration)
        defer { server.stop() }
        _ = try timedProcess(client, say, runs: 2)  // warms the extension and builds the phrase index once
        let floor = try timedProcess("/bin/true", [], runs: runs)
        let served = try timedProcess(client, say, runs: runs)
        figures.append(Figure(name: "intents say via server, \(phraseCount / 1000)k phrases, whole client process", value: served,
                              unit: .seconds, floorName: "spawn /bin/true", floor: floor, target: .absolute(10e-3),
                              note: String(format: "embedded (no server): %.0f ms", embedded * 1000)))

        // One conversation: sent by an `intents` client process through the server (a typed
        // host-API conversation since the client runs `send` itself; `--timeout` makes it forward
        // the command line, as every served command was before), and dispatched in a host's own
        // process; all warm.
        let send = ["--state", configuration.stateFolder, "send", "EchoIntent", "--param", "text=hello", "--json"]
        let forward = send + ["--timeout", "10"]
        _ = try timedProcess(client, forward, runs: 2)
        let throughServer = try timedProcess(client, send, runs: runs)
        let forwarded = try timedProcess(client, forward, runs: runs)
        let dispatcher = IntentDispatcher(configuration: configuration)
        let echo: [(name: String, value: String)] = [("text", "hello")]
        _ = try await dispatcher.send("EchoIntent", parameters: echo, user: NonInteractiveUser())
        let inProcess = try await timed(runs * 5) {
            _ = try await dispatcher.send("EchoIntent", parameters: echo, user: NonInteractiveUser())
        }
        await dispatcher.shutdown()
        figures.append(Figure(name: "conversation by an intents client process via server", value: throughServer, unit: .seconds,
                              floorName: "dispatched in-process", floor: inProcess, target: .ratio(1.5),
                              note: String(format: "of which spawning /bin/true: %.0f us; the command line forwarded instead: %.0f us",
                                           floor * 1e6, forwarded * 1e6)))

        // The server's own CPU per conversation: a command line it parses and prints (the
        // forwarded `intents send`, the only way before the typed API), against typed requests,
        // from `intents send` processes (a connection each) and over one long-lived IntentsClient
        // connection. CPU times count in clock ticks (10 ms): enough runs make each figure
        // hundreds of ticks.
        let commandRuns = max(runs, 200)
        let perCommand = try serverCPU(server, runs: commandRuns) { _ = try timedProcess(client, forward, runs: commandRuns) }
        let perSendProcess = try serverCPU(server, runs: commandRuns) { _ = try timedProcess(client, send, runs: commandRuns) }
        figures.append(Figure(name: "server CPU per conversation, intents send processes (typed)", value: perSendProcess, unit: .seconds,
                              floorName: "per forwarded command line", floor: perCommand, target: .ratio(0.5),
                              note: "a connection and a peer check each"))
        let typedRuns = max(runs * 10, 2000)
        let typed = IntentsClient(IntentsClient.Configuration(stateFolder: configuration.stateFolder))
        let request = RunRequest(intent: "EchoIntent", text: [TextParameter(name: "text", value: "hello")], interactive: false)
        _ = try await typed.run(request)
        let typedBefore = try ProcessTree.cpuSeconds(of: server.pid)
        let typedStart = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<typedRuns { _ = try await typed.run(request) }
        let typedWall = Double(DispatchTime.now().uptimeNanoseconds - typedStart) / 1e9 / Double(typedRuns)
        let perTyped = (try ProcessTree.cpuSeconds(of: server.pid) - typedBefore) / Double(typedRuns)
        figures.append(Figure(name: "server CPU per conversation, one IntentsClient connection", value: perTyped, unit: .seconds,
                              floorName: "per forwarded command line", floor: perCommand, target: .ratio(0.2),
                              note: String(format: "%d conversations, %.0f us wall each", typedRuns, typedWall * 1e6)))

        // An agent's warm tool call through `intents mcp`, beside the same conversation over one
        // IntentsClient connection and an `intents send` process; the socket pair floor in the note.
        let toolCall = try AgentBridgeBenchmark.toolCallRoundTrip(products: products, stateFolder: configuration.stateFolder, runs: max(runs * 5, 200))
        figures.append(Figure(name: "MCP tool call round trip (intents mcp), warm", value: toolCall, unit: .seconds,
                              floorName: "one IntentsClient conversation", floor: typedWall, target: .ratio(2),
                              note: String(format: "intents send process: %.0f us; socket pair round trip: %.1f us",
                                           throughServer * 1e6, SocketpairFloor.measure(iterations: 2000) * 1e6)))
        let httpToolCall = try AgentBridgeBenchmark.httpToolCallRoundTrip(products: products, stateFolder: configuration.stateFolder, runs: max(runs * 5, 200))
        figures.append(Figure(name: "MCP tool call round trip (intents mcp --http), warm", value: httpToolCall, unit: .seconds,
                              floorName: "the same on stdio", floor: toolCall, target: .ratio(1.5),
                              note: "one keep-alive connection; the reply is the last event of the call's stream"))

        // Live drop-in: the app moved out, then back in (one rename), until a send succeeds.
        let app = try echoApp(configuration)
        let aside = configuration.stateFolder + "/Echo.app"
        var dropIns: [Double] = []
        for _ in 0..<5 {
            guard rename(app, aside) == 0 else { throw HostError(.badState, "\(app) cannot be moved aside.") }
            try waitUntil(seconds: 10, "Echo's removal") { (try? status(client, send)) == 2 }
            let start = DispatchTime.now().uptimeNanoseconds
            guard rename(aside, app) == 0 else { throw HostError(.badState, "\(app) cannot be moved back.") }
            try waitUntil(seconds: 10, "Echo's return") { (try? status(client, send)) == 0 }
            dropIns.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        figures.append(Figure(name: "bundle dropped in until served (inotify, settle 200 ms)", value: median(dropIns), unit: .seconds,
                              target: .absolute(1)))
        return figures
    }

    /// The server's CPU time per run of `body`, which makes `runs` conversations.
    private static func serverCPU(_ server: ServerProcess, runs: Int, _ body: () throws -> Void) throws -> Double {
        let before = try ProcessTree.cpuSeconds(of: server.pid)
        try body()
        return (try ProcessTree.cpuSeconds(of: server.pid) - before) / Double(runs)
    }

    /// The Echo app's folder in the benchmark's apps folder.
    private static func echoApp(_ configuration: HostConfiguration) throws -> String {
        guard let folder = configuration.appsFolders.first else { throw HostError(.badState, "The benchmark has no apps folder.") }
        return folder + "/Echo.app"
    }

    /// Polls `condition` every 5 ms until it holds.
    /// - Throws: `HostError` after `seconds`.
    private static func waitUntil(seconds: Double, _ change: String, _ condition: () -> Bool) throws {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while !condition() {
            guard DispatchTime.now().uptimeNanoseconds < deadline else { throw HostError(.badState, "The server did not pick up \(change) within \(seconds) s.") }
            usleep(5_000)
        }
    }

    /// Starts `intents serve` on the benchmark's apps and state folders.
    private static func startServer(_ client: String, configuration: HostConfiguration) throws -> ServerProcess {
        guard let apps = configuration.appsFolders.first else { throw HostError(.badState, "The benchmark has no apps folder.") }
        return try ServerProcess.start(client: client, apps: apps, state: configuration.stateFolder)
    }

    /// The median wall time of running `path` to its end (posix_spawn and waitpid: Foundation's
    /// Process costs tens of milliseconds of its own here), output discarded.
    static func timedProcess(_ path: String, _ arguments: [String], environment: [String: String] = [:],
                                     runs: Int) throws -> Double {
        try spawned(path, arguments, environment: environment, runs: runs, requireSuccess: true).seconds
    }

    /// The exit status of one run of `path`.
    private static func status(_ path: String, _ arguments: [String]) throws -> Int32 {
        try spawned(path, arguments, environment: [:], runs: 1, requireSuccess: false).status
    }

    private static func spawned(_ path: String, _ arguments: [String], environment: [String: String], runs: Int,
                                requireSuccess: Bool) throws -> (seconds: Double, status: Int32) {
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }.map { "\($0.key)=\($0.value)" }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var samples: [Double] = []
        var last: Int32 = 0
        for _ in 0..<runs {
            var pid: pid_t = 0
            let start = DispatchTime.now().uptimeNanoseconds
            guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else {
                throw HostError(.badState, "\(path) cannot be started: \(String(cString: strerror(errno))).")
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            last = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            guard !requireSuccess || status == 0 else {
                throw HostError(.badState, "\(path) \(arguments.joined(separator: " ")) ended with status \(status).")
            }
        }
        return (median(samples), last)
    }
}
