import ArgumentParser
import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import SystemStore

/// The `intents` command: run intents through sandboxed extensions, inspect bundles, set lock state.
public struct IntentsCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "intents",
        abstract: "Run SiriKit-style intents through extension plugins, each in its own process.",
        discussion: """
        Extensions are bundles (<App>.app/PlugIns/<Extension>.appex) with an Info.plist and a
        shared library. Without --apps or INTENTS_APPS, the host looks in <state>/Apps and, when
        run from a build of this package, in the sample bundles it lays out from Info/.

        Examples:
          intents apps
          intents send INSendMessageIntent --param recipients=Bobo --param content="Please send more bananas" --answer 2
          intents lock && intents send INSendMessageIntent --param recipients=Kiki --param content=hi   # refused (exit 3)
          intents validate ./MyApp.app
          intents lint ./MyApp.app --fail-on error
          intents authorize MonkeyChat grant
          intents contacts use ~/contacts.vcf && intents send INStartCallIntent --param contacts=Mom
          intents shortcuts add "pizza time" --donation ID && intents say "pizza time"
          intents send OrderPizzaIntent --param kind=pep --param quantity=2 --answer 1 --record order.yaml && intents test order.yaml

        Exit codes: 0 success; 1 problems found (validate, lint), transcripts that differ (test),
        or unreadable state; 2 usage (bad arguments, unknown intent or parameter, input needed
        but not allowed); 3 refused by policy (lock state, Siri authorization); 4 the extension
        answered with a failure code; 5 the extension failed (crash, timeout, protocol); 6 the
        user declined the system's confirmation.
        """,
        subcommands: [AppsCommand.self, ValidateCommand.self, LintCommand.self, PolicyCommand.self, SendCommand.self, SayCommand.self,
                      TestCommand.self,
                      ShortcutsCommand.self, DonationsCommand.self, SuggestionsCommand.self,
                      AuthorizeCommand.self, VocabularyCommand.self, ContactsCommand.self,
                      LockCommand.self, UnlockCommand.self, StatusCommand.self, ServeCommand.self, NewCommand.self,
                      AgentBridgeCommand.self])

    public init() {}

    /// Parses the process's arguments, runs the chosen subcommand and exits.
    /// (`main()` resolves to the synchronous entry point when called from another module.)
    public static func runMain(arguments: [String]? = nil) async -> Never {
        let status = await run(arguments: arguments ?? Array(CommandLine.arguments.dropFirst()))
        Foundation.exit(status)
    }

    /// Runs one command with the task's `CommandIO` and returns its exit status, printing its
    /// errors as the documented one-sentence messages.
    static func run(arguments: [String]) async -> Int32 {
        do {
            var repeated = RepeatedOptions()
            let rest = repeated.extract(from: hoistingGlobalOptions(arguments))
            guard rest.count <= RepeatedOptions.maximumOtherArguments else {
                throw ValidationError("intents takes at most \(RepeatedOptions.maximumOtherArguments) arguments besides --param and --answer; got \(rest.count).")
            }
            var command = try parseAsRoot(rest)
            if var taker = command as? any TakesRepeatedOptions {
                taker.take(repeated)
                try taker.validate()
                command = taker
            }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return outputStatus(success: 0)
        } catch let error as HostError {
            return SystemCommandSupport.failure(error, json: false).rawValue
        } catch let error as SystemStoreError {
            return SystemCommandSupport.failure(SystemCommandSupport.hostError(error), json: false).rawValue
        } catch let error as CocoaError {
            // A file-system failure no command turned into a sentence: its reason, never a dump.
            printError("error: \(HostError.reason(error)).")
            return ExitStatus.problems
        } catch {
            let code = exitCode(for: error)
            // Bad arguments exit with 2, as documented, not ArgumentParser's 64.
            if code == .validationFailure {
                // ArgumentParser's message spans lines (the error, then the usage). The error may
                // quote an argument holding a newline: it is escaped whole, then each line is.
                let brief = message(for: error)
                let full = fullMessage(for: error).replacingOccurrences(of: brief, with: brief.escapedForTerminal)
                full.split(separator: "\n", omittingEmptySubsequences: false).forEach { printError(String($0)) }
                return ExitStatus.usage
            }
            // Help and clean exits print to standard output, as ArgumentParser's own exit does.
            let text = fullMessage(for: error)
            if !text.isEmpty {
                if code == .success { writeOutput(text + "\n") } else { CommandIO.current.writeError(text + "\n") }
            }
            return outputStatus(success: code.rawValue)
        }
    }

    /// `success`, unless standard output could not be written: output lost to a full disk or a
    /// closed pipe is a failure, not a silent success.
    private static func outputStatus(success: Int32) -> Int32 {
        let failure = StandardStream.outputFailure.exchange(0, ordering: .relaxed)
        guard failure != 0 else { return success }
        printError("error: the output could not be written: \(String(cString: strerror(failure))).")
        return success == 0 ? ExitStatus.problems : success
    }
}

/// Moves `--apps` and `--state` given before the subcommand to the end, so that both
/// `intents --apps X send ...` and `intents send --apps X ...` work, nested subcommands too
/// (`intents --state S shortcuts add ...`).
func hoistingGlobalOptions(_ arguments: [String]) -> [String] {
    var global: [String] = []
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        if ["--apps", "--state"].contains(argument), index + 1 < arguments.count {
            global += [argument, arguments[index + 1]]
            index += 2
        } else if argument.hasPrefix("--apps=") || argument.hasPrefix("--state=") {
            global.append(argument)
            index += 1
        } else {
            break
        }
    }
    guard !global.isEmpty, index < arguments.count else { return arguments }
    var rest = Array(arguments[index...])
    rest.insert(contentsOf: global, at: rest.firstIndex(of: "--") ?? rest.endIndex)
    return rest
}

/// `--timeout`, for the commands that run intents.
struct StepTimeoutOption: ParsableArguments {
    /// The deadlines a step may have, in seconds: a millisecond to a day.
    static let allowed: ClosedRange<Double> = 0.001...86_400

    @Option(help: ArgumentHelp("Deadline of each step, in seconds (default: $INTENTS_STEP_TIMEOUT, else 10).", valueName: "seconds"))
    var timeout: Double?

    func validate() throws {
        _ = try seconds()
    }

    /// `--timeout`, else `INTENTS_STEP_TIMEOUT`, else 10, checked against `allowed`.
    private func seconds(environment: [String: String] = CommandIO.current.environment) throws -> Double {
        let range = "give \(Self.allowed.lowerBound) to \(Int(Self.allowed.upperBound)) seconds"
        if let timeout {
            guard Self.allowed.contains(timeout) else { throw ValidationError("--timeout \(timeout) is out of range; \(range).") }
            return timeout
        }
        guard let text = environment["INTENTS_STEP_TIMEOUT"], !text.isEmpty else { return 10 }
        guard let seconds = Double(text), Self.allowed.contains(seconds) else {
            throw ValidationError("INTENTS_STEP_TIMEOUT=\(text.quotedForDisplay) is not a deadline in range; \(range).")
        }
        return seconds
    }

    /// Each step's deadline (valid once `validate()` passed).
    var stepTimeout: Duration {
        .milliseconds(Int64(((try? seconds()) ?? 10) * 1000))
    }
}

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("apps"), help: ArgumentHelp(
        "A folder of app bundles; repeat for several (default: $INTENTS_APPS, colon-separated, else <state>/Apps and this build's samples).",
        valueName: "dir"))
    var appsFolders: [String] = []

    @Option(name: .customLong("state"), help: ArgumentHelp(
        "The host's state folder (default: $INTENTS_STATE, else $XDG_STATE_HOME/intents, else ~/.local/state/intents).",
        valueName: "dir"))
    var stateFolder: String?

    func validate() throws {
        if stateFolder?.isEmpty == true { throw ValidationError("--state needs a folder; got an empty path.") }
        if appsFolders.contains("") { throw ValidationError("--apps needs a folder; got an empty path.") }
        if let server = HostSession.server {
            // A server acts on its own state folder only.
            let asked = RealPath.of(resolvedStateFolder) ?? resolvedStateFolder
            let served = RealPath.of(server.configuration.stateFolder) ?? server.configuration.stateFolder
            if asked != served {
                throw ValidationError("The intents server for \(served) cannot run a command for the state folder \(asked); give one --state, or run it with INTENTS_NO_SERVER=1.")
            }
        }
    }

    /// The state folder these options and the environment name.
    var resolvedStateFolder: String {
        stateFolder ?? HostConfiguration.defaultStateFolder(environment: CommandIO.current.environment)
    }

    /// The configuration these options and the environment describe.
    func hostConfiguration(stepTimeout: Duration = .seconds(10)) throws -> HostConfiguration {
        let environment = CommandIO.current.environment
        let state = resolvedStateFolder
        let namesAppsFolders = !appsFolders.isEmpty || !(environment["INTENTS_APPS"] ?? "").isEmpty
        if HostSession.server != nil && !namesAppsFolders {
            // Served, the default folders are the server's: no need to lay out the samples again.
            let placeholder = HostConfiguration(appsFolders: [], stateFolder: state, runnerPath: "", stepTimeout: stepTimeout)
            return try HostSession.configuration(requested: placeholder, namesAppsFolders: false)
        }
        var requested = HostConfiguration(appsFolders: try resolvedAppsFolders(state: state, environment: environment),
                                          stateFolder: state,
                                          runnerPath: HostConfiguration.defaultRunnerPath(environment: environment),
                                          stepTimeout: stepTimeout)
        requested.contactsPath = environment["INTENTS_CONTACTS"].flatMap { $0.isEmpty ? nil : $0 }
        return try HostSession.configuration(requested: requested, namesAppsFolders: namesAppsFolders)
    }

    private func resolvedAppsFolders(state: String, environment: [String: String]) throws -> [String] {
        if !appsFolders.isEmpty { return appsFolders }
        if let listed = environment["INTENTS_APPS"], !listed.isEmpty {
            let folders = listed.split(separator: ":").map(String.init)
            guard !folders.isEmpty else { throw HostError(.usage, "INTENTS_APPS=\(listed.quotedForDisplay) names no folder.") }
            return folders
        }
        var folders: [String] = []
        let installed = state + "/Apps"
        if FileManager.default.fileExists(atPath: installed) { folders.append(installed) }
        let products = HostConfiguration.executableFolder
        if let tree = DevelopmentBundles.sourceTree(above: products) {
            do {
                folders.append(try DevelopmentBundles.assemble(infoFolder: tree + "/Info", productsFolder: products, into: products + "/Apps"))
            } catch let error as DevelopmentBundles.LayoutError {
                throw HostError(.badState, error.message)
            }
        }
        return folders
    }
}
