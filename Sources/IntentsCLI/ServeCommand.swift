import ArgumentParser
import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import IntentsServer
import Logging
import SystemCalls
import SystemStore

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

        Programs speak to it through the typed host API (the IntentsClient library): catalog and
        its changes, the policy matrix, conversations with typed questions and answers, entity
        queries, enum cases, phrase matching, status. A client that finds no server starts one for
        its state folder, with --exit-when-idle 60. Only the intents command may lock, unlock or
        authorize, unless the server was started with --test-control (a test library's private
        server).

        \(HostServer.limitsSummary)

        Examples:
          intents serve
          intents serve --idle-timeout 120 --max-live 16 --log-level debug
          intents serve --apps ~/MyApps --state /tmp/intents-state &
          intents serve --metrics 127.0.0.1:9464     # Prometheus scrapes http://127.0.0.1:9464/metrics
          intents serve --exit-when-idle 60          # ends a minute after its last client
          intents serve --ready-fd 3 3>ready.fifo     # says "ready" once it serves
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var step: StepTimeoutOption
    @Option(help: ArgumentHelp("Seconds an extension process stays warm after its last conversation.", valueName: "seconds"))
    var idleTimeout: Double = 30
    @Option(help: ArgumentHelp("Extension processes alive at once.", valueName: "count"))
    var maxLive = 8
    @Option(help: ArgumentHelp("Connections one program or app (one executable file) may hold at once, 1 to 128 (half of what all programs, or all apps, hold together): raise it for a load generator or an agent with many connections.",
                               valueName: "count"))
    var connectionsPerProgram = 32
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
    @Option(help: ArgumentHelp("Stop, as on SIGTERM, once no client has been connected for this many seconds (how a server started on demand by a client ends); its first client gets at least 30 s.",
                               valueName: "seconds"))
    var exitWhenIdle: Double?
    @Flag(help: "Let any client of this server set the lock state and Siri authorizations, not only the intents command: for a test library's own server on a private state folder, never for the user's.")
    var testControl = false
    @Option(help: ArgumentHelp("Write \"ready\" and a newline to this inherited pipe or socket once the socket accepts connections and SIGTERM ends the server gracefully (after the apps are scanned), then close it: how a program that starts the server waits for it (3 or more).",
                               valueName: "descriptor"))
    var readyFd: Int32?
    /// For tests only (hidden): a shorter whole-request deadline for the metrics endpoint, so
    /// that a test sees a dribbling client cut off without waiting 5 s.
    @Option(help: ArgumentHelp("Seconds a metrics client has to send its request (for tests).", valueName: "seconds", visibility: .hidden))
    var metricsRequestDeadline: Double = 5

    func validate() throws {
        guard (0.1...86_400).contains(idleTimeout) else { throw ValidationError("--idle-timeout \(idleTimeout) is out of range; give 0.1 to 86400 seconds.") }
        guard (1...1024).contains(maxLive) else { throw ValidationError("--max-live \(maxLive) is out of range; give 1 to 1024.") }
        guard (0...3600).contains(shutdownGrace) else { throw ValidationError("--shutdown-grace \(shutdownGrace) is out of range; give 0 to 3600 seconds.") }
        guard (1...128).contains(connectionsPerProgram) else {
            throw ValidationError("--connections-per-program \(connectionsPerProgram) is out of range; give 1 to 128.")
        }
        guard (0.1...600).contains(metricsRequestDeadline) else {
            throw ValidationError("--metrics-request-deadline \(metricsRequestDeadline) is out of range; give 0.1 to 600 seconds.")
        }
        guard ["inotify", "poll", "off"].contains(watch) else {
            throw ValidationError("--watch \(watch.quotedForDisplay) is not a mode; give inotify, poll or off.")
        }
        if let exitWhenIdle, !(0.1...86_400).contains(exitWhenIdle) {
            throw ValidationError("--exit-when-idle \(exitWhenIdle) is out of range; give 0.1 to 86400 seconds.")
        }
        if let readyFd {
            var status = stat()
            guard readyFd >= 3, fstat(readyFd, &status) == 0, [S_IFIFO, S_IFSOCK].contains(status.st_mode & S_IFMT) else {
                throw ValidationError("--ready-fd \(readyFd) is not an open pipe or socket of 3 or more, inherited from the program that starts the server.")
            }
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
        var options = HostServer.Options(configuration: configuration)
        options.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        options.watch = HostServer.WatchMode(rawValue: watch) ?? .inotify
        options.metricsAddress = metrics
        options.shutdownGrace = .milliseconds(Int64(shutdownGrace * 1000))
        options.exitWhenIdle = exitWhenIdle.map { .milliseconds(Int64($0 * 1000)) }
        options.testControl = testControl
        options.readyDescriptor = readyFd
        options.metricsRequestDeadline = .milliseconds(Int64(metricsRequestDeadline * 1000))
        options.connectionsPerProgram = connectionsPerProgram
        try await HostServer(options: options, commandRunner: ServedCommandLine.run).run()
    }
}
