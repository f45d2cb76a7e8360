import ArgumentParser
import ExtensionProtocol
import Foundation
import IntentsHost
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
import SystemStore
import UnixSignals

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the host as a server: warm extensions, one owner of the state, a local API.",
        discussion: """
        The server listens on <state>/intents.sock (owner only). While it runs, send, say, apps,
        lock, unlock, status, authorize, shortcuts, donations, suggestions and vocabulary go
        through it, with the same output and exit codes; questions are asked on the client's
        terminal. Extensions stay warm between requests. A bundle added to, replaced in or removed
        from the apps folders is picked up within a second, once its files have settled (a removal
        at once, and any change within 3 s even if files go on changing). SIGTERM or SIGINT stops accepting, lets
        the commands under way finish (at most --shutdown-grace), ends every extension process
        and exits 0; a second signal ends it at once.

        \(limitsHelp)

        Examples:
          intents serve
          intents serve --idle-timeout 120 --max-live 16 --log-level debug
          intents serve --apps ~/MyApps --state /tmp/intents-state &
          intents serve --metrics 127.0.0.1:9464     # Prometheus scrapes http://127.0.0.1:9464/metrics
        """)

    /// The server's limits, named from their constants (one line: the help wraps it).
    private static var limitsHelp: String {
        let limits = ConnectionBudget.Limits()
        let metricsDeadline = MetricsEndpoint.defaultRequestDeadline.components.seconds
        return [
            "Limits, so that no caller holds the server: programs other than intents hold at most \(limits.programs) connections at once,",
            "\(limits.perProgram) of them any one program (one executable file), and the intents command has \(limits.intentsCommand) of its own,",
            "so that status and authorize answer whatever apps do; a connection says what it wants within",
            "\(LocalAPIService.firstMessageTimeout.components.seconds) s. An app's request for Siri waiting for intents authorize APP grant|deny",
            "holds none of those: up to \(limits.parkedPerApp) requests of one app (\(limits.parked) of all apps) wait at once and share the",
            "answer, which is notDetermined after \(AuthorizationRequests.answerDeadline.components.seconds / 60) minutes; more are refused (busy).",
            "The metrics endpoint answers \(MetricsEndpoint.maximumConcurrentRequests) requests at once, each sending its whole request line",
            "and headers within \(metricsDeadline) s and reading the answer within \(metricsDeadline) s more.",
        ].joined(separator: " ")
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var step: StepTimeoutOption
    @Option(help: ArgumentHelp("Seconds an extension process stays warm after its last conversation.", valueName: "seconds"))
    var idleTimeout: Double = 30
    @Option(help: ArgumentHelp("Extension processes alive at once.", valueName: "count"))
    var maxLive = 8
    @Flag(help: "Do not keep a spare runner confined and waiting for the next first request.")
    var noSpare = false
    @Option(help: ArgumentHelp("Seconds the commands under way get to finish after SIGTERM.", valueName: "seconds"))
    var shutdownGrace: Double = 30
    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel = "info"
    @Option(help: ArgumentHelp("How the apps folders are watched: inotify (polling where it cannot be used), poll, or off.",
                               valueName: "mode"))
    var watch = "inotify"
    @Option(help: ArgumentHelp("Serve Prometheus metrics at http://HOST:PORT/metrics (port 0: any free port, logged).", valueName: "host:port"))
    var metrics: String?
    /// For tests only (hidden): a shorter whole-request deadline for the metrics endpoint, so
    /// that a test sees a dribbling client cut off without waiting 5 s.
    @Option(help: ArgumentHelp("Seconds a metrics client has to send its request (for tests).", valueName: "seconds", visibility: .hidden))
    var metricsRequestDeadline: Double = 5

    func validate() throws {
        guard (0.1...86_400).contains(idleTimeout) else { throw ValidationError("--idle-timeout \(idleTimeout) is out of range; give 0.1 to 86400 seconds.") }
        guard (1...1024).contains(maxLive) else { throw ValidationError("--max-live \(maxLive) is out of range; give 1 to 1024.") }
        guard (0...3600).contains(shutdownGrace) else { throw ValidationError("--shutdown-grace \(shutdownGrace) is out of range; give 0 to 3600 seconds.") }
        guard (0.1...600).contains(metricsRequestDeadline) else {
            throw ValidationError("--metrics-request-deadline \(metricsRequestDeadline) is out of range; give 0.1 to 600 seconds.")
        }
        guard ["inotify", "poll", "off"].contains(watch) else {
            throw ValidationError("--watch \(watch.quotedForDisplay) is not a mode; give inotify, poll or off.")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level \(logLevel.quotedForDisplay) is not a level; give trace, debug, info, notice, warning, error or critical.")
        }
    }

    func run() async throws {
        guard HostSession.server == nil else { throw HostError(.usage, "intents serve cannot be run through a server.") }
        var configuration = try global.hostConfiguration(stepTimeout: step.stepTimeout)
        configuration.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        configuration.maximumLiveExtensions = maxLive
        configuration.keepSpareRunner = !noSpare
        if let problem = StateFolder.problemCreating(configuration.stateFolder) { throw HostError(.badState, problem) }
        // Clients name folders from their own working directories: the server's are absolute.
        configuration.stateFolder = RealPath.of(configuration.stateFolder) ?? configuration.stateFolder
        configuration.appsFolders = configuration.appsFolders.map { folder in
            folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        }
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "intents.serve")
        var endpoint: MetricsEndpoint?
        if let metrics {
            let registry = PrometheusCollectorRegistry()
            endpoint = try MetricsEndpoint(address: metrics, registry: registry,
                                           requestDeadline: .milliseconds(Int64(metricsRequestDeadline * 1000)))
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            logger.info("metrics", metadata: ["url": "http://\(metrics.split(separator: ":").first ?? ""):\(endpoint?.port ?? 0)/metrics"])
        }
        defer { endpoint?.stop() }
        let listener = try LocalAPIListener(stateFolder: configuration.stateFolder)
        let target = ReloadTarget()
        let mode: AppsFolderWatcher.Mode = watch == "poll" ? .polling(interval: .milliseconds(250)) : .automatic
        let watcher = watch == "off" ? nil : AppsWatchService(folders: configuration.appsFolders, mode: mode, target: target, logger: logger)
        let host = ServedHost(configuration: configuration, logger: logger)
        target.host = host
        let catalog = host.dispatcher.catalog
        logger.info("serving", metadata: ["socket": "\(listener.path)", "pid": "\(getpid())", "apps": "\(catalog.apps.count)",
                                          "extensions": "\(catalog.extensions.count)", "faults": "\(catalog.faults.count)"])
        let services: [any Service] = [LocalAPIService(host: host, listener: listener)] + (watcher.map { [$0] } ?? [])
        var groupConfiguration = ServiceGroupConfiguration(services: services,
                                                           gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = .milliseconds(Int64(shutdownGrace * 1000))
        let secondSignal = Task { await Self.endAtSecondSignal(host: host) }
        defer { secondSignal.cancel() }
        // The App Intents of installed extensions are known before the first request.
        let warming = Task { await host.learnAppIntents() }
        defer { warming.cancel() }
        try await ServiceGroup(configuration: groupConfiguration).run()
        await host.dispatcher.shutdown()
        logger.info("stopped: every extension process ended")
    }

    /// After the first SIGTERM or SIGINT (which the service group handles), a second ends the
    /// server at once; its extension processes die with it (parent-death signal).
    private static func endAtSecondSignal(host: ServedHost) async {
        var seen = 0
        for await signal in await UnixSignalsSequence(trapping: .sigterm, .sigint) {
            seen += 1
            if seen >= 2 {
                host.logger.warning("second \(signal): ending now")
                Foundation.exit(ExitStatus.problems)
            }
        }
    }
}
