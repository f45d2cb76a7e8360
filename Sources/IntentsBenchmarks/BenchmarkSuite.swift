import EchoIntents
import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import Intents
import IntentsHost
import IntentsTesting

/// The benchmarks of the extension host, each printed beside its floor from the same run.
///
/// Needs a build of the whole package in the same configuration (`swift build -c release`):
/// the runner and `libEchoIntents.so` must sit beside the benchmark executable.
public struct BenchmarkSuite: Sendable {
    public var iterations: Int
    /// Where the build's products are: this executable's folder.
    public static var productsFolder: String { HostConfiguration.executableFolder }
    let products = HostConfiguration.executableFolder
    let work: String

    public init(iterations: Int = 2000) throws {
        self.iterations = iterations
        work = FileManager.default.temporaryDirectory.appendingPathComponent("intents-bench-\(UUID().uuidString)").path
        for name in ["intents-extension", "libEchoIntents.so"] where !FileManager.default.fileExists(atPath: products + "/" + name) {
            throw HostError(.usage, "\(products)/\(name) is missing; build everything first: swift build -c release && swift run -c release intents-bench")
        }
    }

    /// The groups of benchmarks, for `--only`.
    public enum Group: String, CaseIterable, Sendable {
        case dispatch, inprocess, store, phrases, codegen, server, say, policy, testing
    }

    /// Runs the benchmarks of `groups` and returns the figures in print order.
    /// With `INTENTS_BENCH_KEEP=1` the work folder (apps, stores) is kept and named on stderr,
    /// to profile a command on the same data afterwards.
    public func run(groups: Set<Group> = Set(Group.allCases), report: (Figure) -> Void) async throws -> [Figure] {
        defer {
            if ProcessInfo.processInfo.environment["INTENTS_BENCH_KEEP"] == "1" {
                FileHandle.standardError.write(Data("intents-bench: kept \(work)\n".utf8))
            } else {
                try? FileManager.default.removeItem(atPath: work)
            }
        }
        var figures: [Figure] = []
        func add(_ figure: Figure) {
            figures.append(figure)
            report(figure)
        }
        if groups.contains(.dispatch) { try await runDispatch(add) }
        if groups.contains(.inprocess) { try await runInProcess(add) }
        if groups.contains(.store) {
            for figure in try StoreBenchmark.run(iterations: max(200, iterations / 5), folder: work + "/store") { add(figure) }
        }
        if groups.contains(.phrases) {
            for figure in PhraseBenchmark.run() { add(figure) }
            for figure in AppShortcutBenchmark.run() { add(figure) }
        }
        if groups.contains(.policy) {
            for figure in try PolicyBenchmark.run(iterations: max(5, iterations / 200), folder: work + "/policy") { add(figure) }
        }
        if groups.contains(.server) {
            var configuration = try makeConfiguration()
            configuration.stateFolder = work + "/server-state"
            for figure in try await ServerBenchmark.run(configuration: configuration, products: products, runs: max(20, iterations / 50)) {
                add(figure)
            }
        }
        if groups.contains(.say) {
            for figure in try SayBenchmark.run(products: products, work: work, runs: max(10, iterations / 100)) { add(figure) }
        }
        if groups.contains(.testing) {
            let configuration = try makeConfiguration()
            for figure in try await AppIntentsTestingBenchmark.run(configuration: configuration, products: products, runs: max(200, iterations / 5)) {
                add(figure)
            }
        }
        if groups.contains(.codegen) {
            for figure in try CodegenBenchmark.run(iterations: max(5, iterations / 100), products: products, work: work + "/codegen") { add(figure) }
        }
        return figures
    }

    private func runDispatch(_ add: (Figure) -> Void) async throws {
        let configuration = try makeConfiguration()
        let floor = SocketpairFloor.measure(iterations: iterations * 5)
        add(Figure(name: "raw socketpair round trip (floor)", value: floor, unit: .seconds, target: .none))

        let dispatcher = IntentDispatcher(configuration: configuration)
        let echo: [(name: String, value: String)] = [("text", "hello")]
        _ = try await dispatcher.send("EchoIntent", parameters: echo, user: NonInteractiveUser())
        // One warm conversation (resolve, confirm, handle), timed on two CPUs and on one.
        let converse = { _ = try await dispatcher.send("EchoIntent", parameters: echo, user: NonInteractiveUser()) }
        let switchesBefore = ProcessTree.contextSwitchesByThread(ofTree: getpid())
        let warm = try await timed(iterations, converse)
        let switchesByThread = ProcessTree.contextSwitchesByThread(ofTree: getpid())
            .map { ($0.key, Double($0.value - (switchesBefore[$0.key] ?? 0)) / Double(iterations)) }
        let switches = switchesByThread.reduce(0) { $0 + $1.1 }
        // Where they are: the host ("this") and the extension's runner tree ("child"), by thread name.
        let whereSwitches = switchesByThread.filter { $0.1 >= 0.05 }.sorted { $0.1 > $1.1 }
            .map { String(format: "%@ %.1f", $0.0, $0.1) }.joined(separator: ", ")
        let process = try _requireProcess(try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("EchoIntent"))))
        // One warm resolve round trip, timed on two CPUs and on one.
        let resolve = {
            _ = try await process.request(.resolve(requestID: RequestIDs.next(), conversation: 1,
                                                   intent: IntentPayload(name: "EchoIntent", parameters: ["text": .string("hello")]),
                                                   parameter: "text"), timeout: .seconds(10))
        }
        let request = try await timed(iterations, resolve)
        add(Figure(name: "warm request: one resolve round trip", value: request, unit: .seconds,
                   floorName: "socketpair", floor: floor, target: .ratio(3)))
        add(Figure(name: "warm dispatch: resolve+confirm+handle", value: warm, unit: .seconds,
                   floorName: "one round trip", floor: request, target: .ratio(3.3),
                   note: String(format: "3 round trips; %.1fx the socketpair floor", warm / floor)))
        add(Figure(name: "context switches per warm conversation", value: switches, unit: .count, target: .none,
                   note: "every thread of this process and the extension's, from /proc, over the warm dispatch runs: " + whereSwitches))
        // The same three figures with this process and the extension's on one CPU: the floor
        // and the host then cross the same (cheapest) kind of wake-up.
        let oneCPU = try await CPUPlacement.onOneCPU(ProcessTree.descendants(of: getpid())) {
            (SocketpairFloor.measure(iterations: iterations * 5), try await timed(iterations, resolve), try await timed(iterations, converse))
        }
        if let oneCPU {
            add(Figure(name: "raw socketpair round trip, one CPU (floor)", value: oneCPU.0, unit: .seconds, target: .none,
                       note: "taskset: this process and the extension's on CPU 0"))
            add(Figure(name: "warm request, one CPU: one resolve round trip", value: oneCPU.1, unit: .seconds,
                       floorName: "socketpair, one CPU", floor: oneCPU.0, target: .ratio(3)))
            add(Figure(name: "warm dispatch, one CPU: resolve+confirm+handle", value: oneCPU.2, unit: .seconds,
                       floorName: "one round trip, one CPU", floor: oneCPU.1, target: .ratio(3.3),
                       note: String(format: "%.1fx the same on two CPUs", warm / oneCPU.2)))
        } else {
            add(Figure(name: "dispatch on one CPU", value: 0, unit: .count, target: .none, note: "not measured: taskset could not pin the processes"))
        }
        let appIntent = IntentPayload(name: "EchoAppIntent", parameters: ["text": .string("hello")])
        _ = try await dispatcher.send("EchoAppIntent", parameters: echo, user: NonInteractiveUser())
        let perform = try await timed(iterations) {
            let conversation = RequestIDs.next()
            _ = try await process.request(.perform(requestID: RequestIDs.next(), conversation: conversation, typeName: "EchoIntents.EchoAppIntent",
                                                   intent: appIntent), timeout: .seconds(10))
            process.notify(.endConversation(conversation: conversation))
        }
        add(Figure(name: "warm App Intent request: one perform round trip", value: perform, unit: .seconds,
                   floorName: "resolve round trip, same run", floor: request, target: .none,
                   note: "beside SiriKit's one request"))
        let appIntentDispatch = try await timed(iterations) {
            _ = try await dispatcher.send("EchoAppIntent", parameters: echo, user: NonInteractiveUser())
        }
        add(Figure(name: "warm App Intent dispatch: perform", value: appIntentDispatch, unit: .seconds,
                   floorName: "SiriKit resolve+confirm+handle", floor: warm, target: .none, note: "1 round trip against 3"))
        add(Figure(name: "idle extension PSS (runner, init, extension)", value: try proportionalSetSize(ofTree: process.pid), unit: .bytes,
                   target: .absolute(12 * 1_000_000), note: "every process of the runner's tree"))
        await dispatcher.shutdown()

        let launches = max(10, iterations / 100)
        let helloWorld = try timedSync(launches) { try probeRunner(configuration) }
        let bundle = try dispatcher.route("EchoIntent")
        let policy = try configuration.preparedSandboxPolicy(for: bundle, in: dispatcher.catalog)
        let launch = try ExtensionLaunch(try dispatcher.clearance(for: bundle))
        let cold = try await timed(launches) {
            let started = try await ExtensionProcess.launch(launch, policy: policy, runnerPath: configuration.runnerPath,
                                                           timeout: .seconds(10))
            await started.shutdown()
        }
        add(Figure(name: "cold start: spawn+confine+dlopen+ready", value: cold, unit: .seconds,
                   floorName: "confined hello-world", floor: helloWorld, target: .ratio(1.2)))
        var spared = configuration
        spared.keepSpareRunner = true
        var firstWithSpare: [Double] = []
        for _ in 0..<launches {
            let fresh = IntentDispatcher(configuration: spared)
            while fresh.supervisor.spareRunnerID == nil { try await Task.sleep(for: .milliseconds(2)) }
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await fresh.send("EchoIntent", parameters: echo, user: NonInteractiveUser())
            firstWithSpare.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            await fresh.shutdown()
        }
        add(Figure(name: "first request, spare runner waiting", value: median(firstWithSpare), unit: .seconds,
                   target: .absolute(0.002)))
        let first = try await timed(launches) {
            let fresh = IntentDispatcher(configuration: configuration)
            _ = try await fresh.send("EchoIntent", parameters: echo, user: NonInteractiveUser())
            await fresh.shutdown()
        }
        add(Figure(name: "first request, no spare runner", value: first, unit: .seconds, target: .none))
    }

    /// A conversation through the test host, the extension in this process.
    private func runInProcess(_ add: (Figure) -> Void) async throws {
        let host = try IntentsTestHost(extension: EchoExtension(), supporting: ["EchoIntent"])
        let intent = EchoIntent()
        intent.text = "hello"
        _ = try await host.send(intent)
        let inProcess = try await timed(iterations) { _ = try await host.send(intent) }
        add(Figure(name: "in-process dispatch (test host)", value: inProcess, unit: .seconds, target: .absolute(20e-6),
                   note: "resolve+confirm+handle, no process"))
    }

    private func makeConfiguration() throws -> HostConfiguration {
        let apps = work + "/Apps"
        try EchoApps.writeApp(name: "Echo", displayName: "Echo", into: apps, products: products, library: .hardLink, appIntents: true)
        return HostConfiguration(appsFolders: [apps], stateFolder: work + "/state", runnerPath: products + "/intents-extension")
    }

    /// The runner confining itself and exiting: the same spawn and sandbox, no extension.
    private func probeRunner(_ configuration: HostConfiguration) throws {
        _ = try SandboxProbe.run(runnerPath: configuration.runnerPath, stateFolder: configuration.stateFolder)
    }

    /// The PSS of `pid` and all its descendants: a runner is its keeper, the PID namespace's
    /// init and the extension's process, and memory they share counts once in the sum.
    private func proportionalSetSize(ofTree pid: pid_t) throws -> Double {
        ([pid] + ProcessTree.descendants(of: pid)).reduce(0) { $0 + ProcessTree.proportionalSetSize(of: $1) }
    }
}

/// The channel as a process; the benchmark needs its pid.
private func _requireProcess(_ channel: any ExtensionChannel) throws -> ExtensionProcess {
    guard let process = channel as? ExtensionProcess else { throw HostError(.badState, "The extension is not a process.") }
    return process
}

/// The median time of `count` runs of `body`.
func timed(_ count: Int, _ body: () async throws -> Void) async throws -> Double {
    var samples: [Double] = []
    for _ in 0..<count {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return median(samples)
}

func timedSync(_ count: Int, _ body: () throws -> Void) throws -> Double {
    var samples: [Double] = []
    for _ in 0..<count {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return median(samples)
}
