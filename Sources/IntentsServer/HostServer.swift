import ExtensionProcesses
import ExtensionProtocol
import Foundation
import IntentsHost
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
import Synchronization
import UnixSignals

/// The host as a service (`intents serve`): one `ServiceGroup` of the local API on the state
/// folder's socket and the apps-folder watcher, around one `ServedHost` (the catalog, the
/// supervisor of extension processes, the system store), and the metrics endpoint.
///
/// The first SIGTERM or SIGINT stops accepting, lets the requests under way finish (at most
/// `shutdownGrace`), ends every extension process and returns; a second ends the process at once.
public struct HostServer: Sendable {
    /// How the apps folders are watched.
    public enum WatchMode: String, Sendable, CaseIterable {
        /// inotify, polling where it cannot be used.
        case inotify
        case poll
        case off
    }

    public struct Options: Sendable {
        /// The host's configuration; its state and apps folders absolute.
        public var configuration: HostConfiguration
        public var logLevel: Logger.Level = .info
        public var watch: WatchMode = .inotify
        /// `HOST:PORT` of the Prometheus endpoint, or nil for none.
        public var metricsAddress: String?
        /// How long a metrics client has to send its whole request, and then to read the answer.
        public var metricsRequestDeadline: Duration = MetricsEndpoint.defaultRequestDeadline
        /// How long the requests under way get to finish after the first signal.
        public var shutdownGrace: Duration = .seconds(30)
        /// Stop once no client has been connected this long (a server started on demand).
        public var exitWhenIdle: Duration?
        /// Let any client set the lock state and authorizations: a test's own server. The
        /// state folder must be new or marked (`TestControlFolder`).
        public var testControl = false
        /// An inherited pipe or socket to write `ready` and a newline to once the socket accepts
        /// connections and SIGTERM ends the server gracefully, then close (`--ready-fd`): the
        /// event a launcher waits for.
        public var readyDescriptor: Int32?
        /// The connections one program or app (one executable file) may hold at once
        /// (`--connections-per-program`): a load generator's or a busy agent's many connections.
        /// Taken within 1 and half of the programs' (and the apps') budget, so that no one
        /// holder takes a whole budget.
        public var connectionsPerProgram = ConnectionBudget.Limits().perProgram

        public init(configuration: HostConfiguration) {
            self.configuration = configuration
        }
    }

    public let options: Options
    /// Runs a forwarded `intents` command line (`CommandRun`) for the `intents` executable.
    public let commandRunner: ServedCommand.Runner

    public init(options: Options, commandRunner: @escaping ServedCommand.Runner) {
        self.options = options
        self.commandRunner = commandRunner
    }

    /// Serves until the first SIGTERM or SIGINT (or the idle exit), then ends every extension process.
    /// - Throws: `HostError` (`.badState`) when the socket, the lock file or the metrics address
    ///   cannot be had, or `.usage` for a state folder `--test-control` may not use.
    public func run() async throws {
        let configuration = options.configuration
        if options.testControl { try TestControlFolder.claim(configuration.stateFolder) }
        let level = options.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "intents.serve")
        var endpoint: MetricsEndpoint?
        if let metrics = options.metricsAddress {
            let registry = PrometheusCollectorRegistry()
            endpoint = try MetricsEndpoint(address: metrics, registry: registry, requestDeadline: options.metricsRequestDeadline)
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        }
        defer { endpoint?.stop() }
        // Logs nothing before: the listener, once it holds the lock, empties a started server's log.
        let listener = try LocalAPIListener(stateFolder: configuration.stateFolder)
        if let metrics = options.metricsAddress {
            logger.info("metrics", metadata: ["url": "http://\(metrics.split(separator: ":").first ?? ""):\(endpoint?.port ?? 0)/metrics"])
        }
        let target = ReloadTarget()
        let watcher: AppsWatchService? = switch options.watch {
        case .off: nil
        case .poll: AppsWatchService(folders: configuration.appsFolders, mode: .polling(interval: .milliseconds(250)), target: target, logger: logger)
        case .inotify: AppsWatchService(folders: configuration.appsFolders, mode: .automatic, target: target, logger: logger)
        }
        let host = ServedHost(configuration: configuration, logger: logger, allowsTestControl: options.testControl)
        target.host = host
        let catalog = host.dispatcher.catalog
        logger.info("serving", metadata: ["socket": "\(listener.path)", "pid": "\(getpid())", "apps": "\(catalog.apps.count)",
                                          "extensions": "\(catalog.extensions.count)", "faults": "\(catalog.faults.count)"])
        let idle = GroupReference()
        var api = LocalAPIService(host: host, listener: listener, commandRunner: commandRunner)
        var limits = ConnectionBudget.Limits()
        limits.perProgram = min(max(options.connectionsPerProgram, 1), min(limits.programs, limits.installedApps) / 2)
        api.budget = ConnectionBudget(limits: limits)
        // The socket listens (connections queue from its start), and the service group traps
        // SIGTERM and SIGINT before it starts the service: "ready" then, and not before, so that
        // a launcher that stops the server at once sees it end as on any SIGTERM.
        if let ready = options.readyDescriptor { api.onStart = { Self.signalReady(on: ready) } }
        if let exitWhenIdle = options.exitWhenIdle {
            api.activity = ServerActivity(idleTime: exitWhenIdle, clock: host.configuration.deadlineClock) { [logger] in
                logger.info("stopping: no client for \(exitWhenIdle) (--exit-when-idle)")
                await idle.group?.triggerGracefulShutdown()
            }
        }
        let services: [any Service] = [api] + (watcher.map { [$0] } ?? [])
        var groupConfiguration = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = options.shutdownGrace
        let group = ServiceGroup(configuration: groupConfiguration)
        idle.group = group
        let secondSignal = Task { await Self.endAtSecondSignal(logger: logger) }
        defer { secondSignal.cancel() }
        // The App Intents of installed extensions are known before the first request.
        let warming = Task { await host.learnAppIntents() }
        defer { warming.cancel() }
        try await group.run()
        await host.dispatcher.shutdown()
        logger.info("stopped: every extension process ended")
    }

    /// The server's limits, named from their constants, as one paragraph (`intents serve --help`).
    public static var limitsSummary: String {
        let limits = ConnectionBudget.Limits()
        let metricsDeadline = MetricsEndpoint.defaultRequestDeadline.components.seconds
        return [
            "Limits, so that no caller holds the server: installed apps hold at most \(limits.installedApps) connections at once and other",
            "programs but intents \(limits.programs) more, \(limits.perProgram) of them any one program (one executable file; --connections-per-program), and the intents command has \(limits.intentsCommand) of its own,",
            "so that status and authorize answer whatever apps do; a connection says what it wants within",
            "\(LocalAPIService.firstMessageTimeout.components.seconds) s. An app's request for Siri waiting for intents authorize APP grant|deny",
            "holds none of those: up to \(limits.parkedPerApp) requests of one app (\(limits.parked) of all apps) wait at once and share the",
            "answer, which is notDetermined after \(AuthorizationRequests.answerDeadline.components.seconds / 60) minutes; more are refused (busy).",
            "The metrics endpoint answers \(MetricsEndpoint.maximumConcurrentRequests) requests at once, each sending its whole request line",
            "and headers within \(metricsDeadline) s and reading the answer within \(metricsDeadline) s more. A host-API connection",
            "waits at most \(HostAPISession.idleTimeout.components.seconds) s for its next request and \(RemoteUser.answerTimeout.components.seconds) s for an answer to a question.",
        ].joined(separator: " ")
    }

    /// Writes `ready` and a newline to `descriptor` and closes it. A launcher that stopped
    /// waiting has closed its end: the write then fails with EPIPE and nothing else (SIGPIPE is
    /// ignored: the server writes to pipes and sockets that peers may close; the processes it
    /// spawns get the default back).
    private static func signalReady(on descriptor: Int32) {
        signal(SIGPIPE, SIG_IGN)
        _ = Array("ready\n".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// After the first SIGTERM or SIGINT (which the service group handles), a second ends the
    /// server at once (exit status 1); its extension processes die with it (parent-death signal).
    private static func endAtSecondSignal(logger: Logger) async {
        var seen = 0
        for await signal in await UnixSignalsSequence(trapping: .sigterm, .sigint) {
            seen += 1
            if seen >= 2 {
                logger.warning("second \(signal): ending now")
                Foundation.exit(1)
            }
        }
    }

    /// The service group, for the idle exit that stops it.
    private final class GroupReference: Sendable {
        private let value = Mutex<ServiceGroup?>(nil)
        var group: ServiceGroup? {
            get { value.withLock { $0 } }
            set { value.withLock { $0 = newValue } }
        }
    }
}
