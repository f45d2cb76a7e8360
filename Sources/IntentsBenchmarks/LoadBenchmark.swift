import ExtensionProcesses
import Foundation
import HostBundles
import Histogram
import IntentsClient
import LocalAPI
import Synchronization
import SystemStore

/// `intents-bench load`: an `intents serve` driven by many clients at once, as a user with many
/// clients meets it. N long-lived `IntentsClient` connections (one client each) run
/// conversations back to back against M extensions (copies of Echo, one app each); then the same
/// from `intents send` processes. Every reply is checked against its request: the extension that
/// answered and the text it echoes, unique to the conversation.
public struct LoadBenchmark: Sendable {
    /// Client connections (or concurrent client processes) at once.
    public var connections: [Int] = [1, 8, 64]
    /// Distinct extensions the conversations are spread over.
    public var extensions: [Int] = [1, 4, 16]
    /// How long each cell runs.
    public var seconds: Double = 3
    /// Kill a random extension process (SIGKILL) this often while the connections run: chaos
    /// mode. Conversations failed by a kill are counted apart from errors.
    public var killInterval: Duration?
    /// Clients that, beside the N=8 M=4 cell's, keep asking an extension that never answers
    /// (the Faulty fixture's "hang", each conversation ending at a 1 s step deadline): the cell
    /// is run again with them, and its p99 is set beside the cell's own. 0 skips it.
    public var hangingClients = 2
    /// The step deadline of the hanging clients' conversations.
    static let hangingStepTimeout: Duration = .seconds(1)
    let products: String
    /// A scratch folder of its own, which the caller removes.
    public let work: String

    /// One cell of the grid, measured.
    struct Cell {
        var connections: Int
        var extensions: Int
        var conversations = 0
        var errors = 0
        var wall = 0.0
        var latencies: [UInt64] = []
        var serverCPU = 0.0
        var extensionCPU = 0.0
        var clientCPU = 0.0
        var serverRSS = 0.0
        var extensionPSS = 0.0
        /// Chaos mode: extension processes killed, and conversations that failed with their kill.
        var kills = 0
        var killed = 0
        /// Conversations with the extension that never answers, each ended by its deadline.
        var timedOut = 0
        /// The first error, in words.
        var firstError: String?

        var throughput: Double { Double(conversations) / wall }
    }

    public init(products: String, work: String) {
        self.products = products
        self.work = work
    }

    /// Runs the grid over long-lived connections, then client processes (at the middle extension
    /// count), and returns the figures in print order; `report` gets each as it is measured.
    public func run(report: (Figure) -> Void) async throws -> [Figure] {
        var figures: [Figure] = []
        func add(_ figure: Figure) {
            figures.append(figure)
            report(figure)
        }
        var cells: [Cell] = []
        var processCells: [Cell] = []
        var hangingCells: [Cell] = []
        var breakdown = "no runner to read"
        for count in extensions {
            // Not in chaos mode: a kill of the hanging extension would end its conversations otherwise.
            let hangs = hangingClients > 0 && killInterval == nil && count == 4 && connections.contains(8)
            let apps = try layOutApps(count: count, withFaulty: hangs)
            let server = try ServerProcess.start(client: products + "/intents", apps: apps.folder, state: apps.state,
                                                 extraArguments: ["--max-live", String(max(8, count + 1)), "--connections-per-program", "128"])
            defer { server.stop() }
            for connections in connections {
                let cell = try await runConnections(connections, apps: apps, server: server)
                cells.append(cell)
                add(figure(for: cell, kind: killInterval == nil ? "connections" : "connections, chaos"))
                if hangs && connections == 8 {
                    let hanging = try await runConnections(8, apps: apps, server: server, hanging: hangingClients)
                    hangingCells.append(hanging)
                    add(figure(for: hanging, kind: "connections + \(hangingClients) hanging"))
                    add(Figure(name: "load: p99 beside a hanging extension, N=8 M=4",
                               value: Self.seconds(Self.percentile(hanging.latencies, 99)), unit: .seconds,
                               floorName: "p99 without it", floor: Self.seconds(Self.percentile(cell.latencies, 99)), target: .ratio(2),
                               note: "\(hanging.timedOut) conversations with it ended by their deadline"))
                }
            }
            if count == extensions.max() { breakdown = Self.breakdown(of: server, extensions: count) }
            if count == extensions[extensions.count / 2] {
                for connections in connections {
                    let cell = try runProcesses(connections, apps: apps, server: server)
                    processCells.append(cell)
                    add(figure(for: cell, kind: "client processes"))
                    if connections == 8 {
                        add(Figure(name: "load: client processes, N=8 M=\(count)", value: cell.throughput, unit: .perSecond,
                                   target: .atLeast(600), note: "intents send processes, conversations per second"))
                    }
                }
            }
        }
        if let target = cells.first(where: { $0.connections == 8 && $0.extensions == 4 }) {
            add(Figure(name: "load: conversations/s, N=8 M=4", value: target.throughput, unit: .perSecond, target: .atLeast(3000),
                       note: "long-lived connections"))
            add(Figure(name: "load: p99 latency, N=8 M=4", value: Self.seconds(Self.percentile(target.latencies, 99)), unit: .seconds,
                       target: .absolute(0.020)))
        }
        for count in extensions {
            guard let single = cells.first(where: { $0.connections == 1 && $0.extensions == count }),
                  let wide = cells.first(where: { $0.connections == 64 && $0.extensions == count }) else { continue }
            let perConversation = (single.serverCPU + single.extensionCPU + single.clientCPU) / Double(max(single.conversations, 1))
            let capacity = Double(ProcessInfo.processInfo.activeProcessorCount) / perConversation
            add(Figure(name: "load: N=64 M=\(count) against CPU capacity", value: wide.throughput, unit: .perSecond,
                       floorName: "cores / CPU per conversation at N=1", floor: capacity, target: .ratioAtLeast(0.7)))
        }
        if let many = cells.filter({ $0.extensions == 16 }).last, let one = cells.filter({ $0.extensions == 1 }).last {
            add(Figure(name: "PSS per warm extension, 16 distinct libraries", value: many.extensionPSS / 16, unit: .bytes,
                       floorName: "one warm extension", floor: one.extensionPSS, target: .absolute(8_000_000),
                       note: "keeper, init and runner of each; " + breakdown))
        }
        if killInterval != nil {
            let kills = cells.reduce(0) { $0 + $1.kills }
            let killed = (cells + processCells).reduce(0) { $0 + $1.killed }
            add(Figure(name: "chaos: conversations failed by a kill", value: Double(killed), unit: .count,
                       floorName: "kills", floor: Double(kills), target: .none,
                       note: "each failed with extensionFailed naming its bundle and SIGKILL"))
        }
        let everyCell = cells + processCells + hangingCells
        let errors = everyCell.reduce(0) { $0 + $1.errors }
        add(Figure(name: "load: errors, every cell", value: Double(errors), unit: .count, target: .absolute(0),
                   note: everyCell.compactMap(\.firstError).first))
        return figures
    }

    /// Where a warm extension's memory goes: the PSS of every runner process of the server
    /// (the extensions' own processes, and a spare) by mapping, summed, divided by the
    /// extensions, the largest first.
    private static func breakdown(of server: ServerProcess, extensions: Int) -> String {
        let runners = extensionProcesses(of: server)
        guard !runners.isEmpty else { return "no runner to read" }
        var totals: [String: Double] = [:]
        for runner in runners {
            for (mapping, bytes) in ProcessTree.proportionalSetByMapping(of: runner) { totals[mapping, default: 0] += bytes }
        }
        return "runners' PSS by mapping, per extension: " + totals.sorted { $0.value > $1.value }.prefix(6)
            .map { String(format: "%@ %.2f MB", $0.key, $0.value / Double(extensions) / 1e6) }.joined(separator: ", ")
    }

    /// The server's runner processes: the processes running extension code.
    static func extensionProcesses(of server: ServerProcess) -> [pid_t] {
        ProcessTree.descendants(of: server.pid).filter { pid in
            let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return arguments.split(separator: 0).first.map { String(decoding: $0, as: UTF8.self).hasSuffix("/intents-extension") } ?? false
        }
    }

    /// The grid's line for `cell`: throughput beside the latencies, CPU and memory.
    private func figure(for cell: Cell, kind: String) -> Figure {
        let count = Double(max(cell.conversations, 1))
        let note = String(format: "p50 %.2f ms, p99 %.2f ms, max %.2f ms; CPU per conversation: server %.0f us, extensions %.0f us, clients %.0f us; server RSS %.1f MB, extensions PSS %.1f MB; %d conversations, %d errors" + (cell.kills > 0 ? ", \(cell.kills) kills failing \(cell.killed)" : ""),
                          Self.seconds(Self.percentile(cell.latencies, 50)) * 1e3, Self.seconds(Self.percentile(cell.latencies, 99)) * 1e3,
                          Self.seconds(cell.latencies.max() ?? 0) * 1e3,
                          cell.serverCPU / count * 1e6, cell.extensionCPU / count * 1e6, cell.clientCPU / count * 1e6,
                          cell.serverRSS / 1e6, cell.extensionPSS / 1e6, cell.conversations, cell.errors)
        return Figure(name: "load: \(kind), N=\(cell.connections) M=\(cell.extensions)", value: cell.throughput, unit: .perSecond,
                      target: .none, note: note)
    }

    /// N clients of one connection each, running conversations back to back for `seconds`;
    /// `hanging` more clients meanwhile keep asking the extension that never answers, whose
    /// conversations must each end with `requestTimedOut` naming it (they are not in the figures).
    private func runConnections(_ count: Int, apps: LoadApps, server: ServerProcess, hanging: Int = 0) async throws -> Cell {
        var configuration = IntentsClient.Configuration(stateFolder: apps.state)
        configuration.startsServer = false
        let clients = (0..<count).map { _ in IntentsClient(configuration) }
        let hangingClients = (0..<hanging).map { _ in IntentsClient(configuration) }
        // Warm: every client's connection, every extension's process.
        for (index, client) in clients.enumerated() {
            _ = try await client.run(apps.request(extension: index % apps.count, token: "warm"))
        }
        for index in 0..<apps.count { _ = try await clients[0].run(apps.request(extension: index, token: "warm")) }

        var cell = Cell(connections: count, extensions: apps.count)
        let chaotic = killInterval != nil
        let before = try Usage(server: server)
        let start = DispatchTime.now().uptimeNanoseconds
        let end = start + UInt64(seconds * 1e9)
        let chaos = killInterval.map { interval in
            Task.detached { () -> Int in
                var kills = 0
                while DispatchTime.now().uptimeNanoseconds < end {
                    try? await Task.sleep(for: interval)
                    if let victim = Self.extensionProcesses(of: server).randomElement(), kill(victim, SIGKILL) == 0 { kills += 1 }
                }
                return kills
            }
        }
        let results = await withTaskGroup(of: WorkerResult.self) { group in
            for client in hangingClients {
                group.addTask {
                    var result = WorkerResult()
                    while DispatchTime.now().uptimeNanoseconds < end {
                        do {
                            _ = try await client.run(apps.hangingRequest(stepTimeout: Self.hangingStepTimeout))
                            result.fail("a conversation with the extension that never answers ended without an error")
                        } catch let error as IntentsClientError where error.code == .requestTimedOut && error.message.contains(LoadApps.faultyExtension) {
                            result.timedOut += 1
                        } catch {
                            result.fail("a conversation with the extension that never answers failed otherwise: \(error)")
                        }
                    }
                    return result
                }
            }
            for (worker, client) in clients.enumerated() {
                group.addTask {
                    var result = WorkerResult()
                    var index = 0
                    while DispatchTime.now().uptimeNanoseconds < end {
                        let target = (worker + index) % apps.count
                        let token = "w\(worker)-c\(index)"
                        let began = DispatchTime.now().uptimeNanoseconds
                        do {
                            let reply = try await client.run(apps.request(extension: target, token: token))
                            if let mismatch = apps.mismatch(reply, extension: target, token: token) { result.fail(mismatch) }
                        } catch let error as IntentsClientError where chaotic && error.code == .extensionFailed
                                    && error.message.hasPrefix(apps.extensionIdentifier(target) + " ") && error.message.contains("signal 9 (SIGKILL)") {
                            result.killed += 1
                            index += 1
                            continue
                        } catch {
                            result.fail("\(error)")
                        }
                        result.latencies.append(DispatchTime.now().uptimeNanoseconds - began)
                        index += 1
                    }
                    return result
                }
            }
            return await group.reduce(into: [WorkerResult]()) { $0.append($1) }
        }
        cell.wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        try Usage(server: server).charge(since: before, to: &cell)
        for result in results {
            cell.latencies += result.latencies
            cell.errors += result.errors
            cell.killed += result.killed
            cell.timedOut += result.timedOut
            cell.firstError = cell.firstError ?? result.firstError
        }
        cell.kills = await chaos?.value ?? 0
        cell.conversations = cell.latencies.count
        for client in clients + hangingClients { client.closeIdleConnections() }
        return cell
    }

    /// N `intents send` processes at a time, each one conversation, for `seconds`.
    private func runProcesses(_ count: Int, apps: LoadApps, server: ServerProcess) throws -> Cell {
        var cell = Cell(connections: count, extensions: apps.count)
        let chaotic = killInterval != nil
        let client = products + "/intents"
        let before = try Usage(server: server)
        let start = DispatchTime.now().uptimeNanoseconds
        let end = start + UInt64(seconds * 1e9)
        let results = Mutex([WorkerResult]())
        // A thread per worker: `concurrentPerform` would run at most one per core at a time.
        Self.onThreads(count) { worker in
            var result = WorkerResult()
            var index = 0
            while DispatchTime.now().uptimeNanoseconds < end {
                let target = (worker + index) % apps.count
                let token = "p\(worker)-c\(index)"
                let began = DispatchTime.now().uptimeNanoseconds
                let arguments = ["--state", apps.state, "send", "EchoIntent", "--app", apps.appIdentifier(target),
                                 "--param", "text=\(token)", "--json"]
                switch CapturedRun.run(client, arguments) {
                case .success(let run) where run.status == 0 && run.output.contains("\"\(token)\"") && run.output.contains(apps.extensionIdentifier(target)):
                    break
                case .success(let run) where chaotic && run.status == 5 && run.output.contains("SIGKILL"):
                    // Sent to a process the chaos of the cell before killed, not yet seen dead.
                    result.killed += 1
                    index += 1
                    continue
                case .success(let run):
                    result.fail("intents send ended with status \(run.status): \(run.output.prefix(300))")
                case .failure(let error):
                    result.fail("\(error)")
                }
                result.latencies.append(DispatchTime.now().uptimeNanoseconds - began)
                index += 1
            }
            results.withLock { $0.append(result) }
        }
        cell.wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        try Usage(server: server).charge(since: before, to: &cell)
        for result in results.withLock({ $0 }) {
            cell.latencies += result.latencies
            cell.errors += result.errors
            cell.killed += result.killed
            cell.firstError = cell.firstError ?? result.firstError
        }
        cell.conversations = cell.latencies.count
        return cell
    }

    /// Runs `body(0..<count)` on `count` threads of their own at once and returns when all ended.
    private static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let finished = DispatchGroup()
        for worker in 0..<count {
            finished.enter()
            let thread = Thread {
                body(worker)
                finished.leave()
            }
            thread.name = "load-client-\(worker)"
            thread.start()
        }
        finished.wait()
    }

    /// M copies of the Echo app, each with its extension, each a library file of its own; and,
    /// `withFaulty`, the Faulty app, whose extension hangs when asked to.
    private func layOutApps(count: Int, withFaulty: Bool) throws -> LoadApps {
        let root = work + "/load-\(count)"
        let apps = LoadApps(folder: root + "/Apps", state: root + "/state", count: count)
        try EchoApps.write(count, into: apps.folder, products: products, library: .distinctCopy)
        if withFaulty {
            try EchoApps.writeFaulty(into: apps.folder, products: products)
            // Its message intent needs Siri: authorized as the user would, before the server starts.
            try SystemStore(stateFolder: apps.state).setAuthorization(.authorized, app: LoadApps.faultyApp)
        }
        return apps
    }

    static func percentile(_ samples: [UInt64], _ percentile: Double) -> UInt64 {
        guard !samples.isEmpty else { return 0 }
        var histogram = Histogram<UInt64>(highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three)
        for sample in samples { _ = histogram.record(max(sample, 1)) }
        return histogram.valueAtPercentile(percentile)
    }

    static func seconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e9 }
}

/// What one worker of a cell measured.
private struct WorkerResult: Sendable {
    var latencies: [UInt64] = []
    var errors = 0
    /// Chaos mode: conversations failed by the kill of their extension's process.
    var killed = 0
    /// Conversations with the extension that never answers, ended by their deadline.
    var timedOut = 0
    var firstError: String?

    mutating func fail(_ error: String) {
        errors += 1
        firstError = firstError ?? error
    }
}

/// The apps of one extension count, and how a request to each is made and checked.
struct LoadApps: Sendable {
    let folder: String
    let state: String
    let count: Int

    func appIdentifier(_ index: Int) -> String { "com.example.Echo\(index)" }
    func extensionIdentifier(_ index: Int) -> String { "com.example.Echo\(index).Intents" }

    func request(extension index: Int, token: String) -> RunRequest {
        RunRequest(intent: "EchoIntent", app: appIdentifier(index), text: [TextParameter(name: "text", value: token)], interactive: false)
    }

    static let faultyApp = "com.example.Faulty"
    static let faultyExtension = "com.example.Faulty.Intents"

    /// A message the Faulty extension never answers ("hang"), ending at `stepTimeout`.
    func hangingRequest(stepTimeout: Duration) -> RunRequest {
        var request = RunRequest(intent: "INSendMessageIntent", app: Self.faultyApp,
                                 text: [TextParameter(name: "recipients", value: "Bobo"), TextParameter(name: "content", value: "hang")],
                                 interactive: false)
        request.agreesToSystemConfirmation = true
        request.stepTimeout = stepTimeout
        return request
    }

    /// Why `reply` is not the answer to the conversation of `token` with extension `index`; nil when it is.
    func mismatch(_ reply: ConversationResult, extension index: Int, token: String) -> String? {
        guard reply.extensionBundle == extensionIdentifier(index) else {
            return "a reply for \(token) came from \(reply.extensionBundle), not \(extensionIdentifier(index))"
        }
        guard reply.status == .success else { return "the conversation \(token) ended with \(reply.status.rawValue)" }
        let echoed = reply.response.output.first { $0.name == "echo" }?.value
        guard case .string(token)? = echoed else {
            return "the reply to \(token) echoes \(echoed.map { "\($0)" } ?? "nothing"): another conversation's reply"
        }
        return nil
    }
}

/// CPU times of the server, its extension processes, and this process with the client processes
/// it ran, read before and after a cell.
private struct Usage {
    let pid: pid_t
    let server: Double
    let extensions: Double
    let client: Double

    init(server process: ServerProcess) throws {
        pid = process.pid
        server = try ProcessTree.cpuSeconds(of: process.pid)
        extensions = ProcessTree.descendants(of: process.pid).reduce(0) { $0 + ((try? ProcessTree.cpuSeconds(of: $1)) ?? 0) }
        client = ProcessTree.clientCPUSeconds()
    }

    /// Charges the cell with what was used since `before`, and records the memory now.
    func charge(since before: Usage, to cell: inout LoadBenchmark.Cell) throws {
        cell.serverCPU = server - before.server
        // Extensions that ended within the cell take their time with them; none should.
        cell.extensionCPU = max(0, extensions - before.extensions)
        cell.clientCPU = client - before.client
        cell.serverRSS = ProcessTree.residentSetSize(of: pid)
        cell.extensionPSS = ProcessTree.descendants(of: pid).reduce(0) { $0 + ProcessTree.proportionalSetSize(of: $1) }
    }
}
