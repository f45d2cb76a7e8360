import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import IntentsServer
import SystemStore

/// The host a command runs against: a new one in this process (embedded), or, when
/// `intents serve` runs the command, the server's own, with its warm extensions and catalog.
enum HostSession {
    /// The server running the task's command, if any.
    @TaskLocal static var server: ServedHost?

    /// The configuration of the command's host. Served, it is the server's (with the command's
    /// step deadline); a command that names other apps folders than the server's is refused.
    /// - Throws: `HostError` (`.usage`) naming both sets of folders.
    static func configuration(requested: HostConfiguration, namesAppsFolders: Bool) throws -> HostConfiguration {
        guard let server else { return requested }
        // The state folder was checked with the options (`GlobalOptions.validate`).
        var configuration = server.configuration
        configuration.stepTimeout = requested.stepTimeout
        if namesAppsFolders {
            let asked = requested.appsFolders.map { RealPath.of($0) ?? $0 }
            let served = server.configuration.appsFolders.map { RealPath.of($0) ?? $0 }
            guard asked == served else {
                throw HostError(.usage, "The intents server for \(server.configuration.stateFolder) serves the apps in \(served.joined(separator: ", ")), not \(asked.joined(separator: ", ")); give its --apps, or stop it (pid \(getpid())) to use others.")
            }
        }
        return configuration
    }

    /// The dispatcher for `configuration`: the server's when its sandbox settings are the
    /// server's, else a new one (sharing the server's catalog), ended by `finish`.
    static func dispatcher(for configuration: HostConfiguration) -> IntentDispatcher {
        guard let server else { return IntentDispatcher(configuration: configuration) }
        let own = server.configuration
        if configuration.sandboxLimits == own.sandboxLimits && configuration.unsafeNoSandbox == own.unsafeNoSandbox {
            return server.dispatcher.withStepTimeout(configuration.stepTimeout)
        }
        return IntentDispatcher(configuration: configuration, catalog: server.dispatcher.catalog)
    }

    /// Ends the extension processes of a dispatcher made for one command; the server's live on.
    static func finish(_ dispatcher: IntentDispatcher) async {
        if let server, dispatcher.supervisor === server.dispatcher.supervisor { return }
        await dispatcher.shutdown()
    }

    /// The installed apps: the server's catalog, else a scan of `configuration`'s folders with
    /// its state folder's install ledger.
    static func catalog(for configuration: HostConfiguration) -> BundleCatalog {
        server?.dispatcher.catalog ?? configuration.scanInstalledApps()
    }
}

/// How the server runs a forwarded command line: the CLI's own parser and commands, with the
/// client's streams, against the server's host.
enum ServedCommandLine {
    @Sendable static func run(_ arguments: [String], io: ServedCommand.IO, host: ServedHost) async -> Int32 {
        let commandIO = CommandIO(writeOutput: io.writeOutput, writeError: io.writeError, readLine: io.readLine,
                                  isInteractive: io.isInteractive, environment: io.environment)
        return await CommandIO.$current.withValue(commandIO) {
            await HostSession.$server.withValue(host) { await IntentsCommand.run(arguments: arguments) }
        }
    }
}
