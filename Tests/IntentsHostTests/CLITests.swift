import Foundation
import IntentsHost
import SystemStore
import Testing

/// The `intents` executable, run as a user runs it.
@Suite struct CLITests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()
    /// The server of the served mode, started for the apps folders a command names.
    let server = ServerBox()

    final class ServerBox: @unchecked Sendable {
        var running: TestServer?
    }

    typealias Run = CLIRun

    /// Runs `intents` with the sample apps (and the faulty fixture) and a fresh state folder.
    func intents(_ mode: CLIMode, _ arguments: [String], withFaulty: Bool = false) async throws -> Run {
        try await run(mode, try commandLine(arguments, withFaulty: withFaulty))
    }

    /// The command line with the sample apps' folder (or the faulty fixture's) and the state
    /// folder, the user having let the apps use Siri (AuthorizationTests test refusals).
    private func commandLine(_ arguments: [String], withFaulty: Bool = false) throws -> [String] {
        let appsFolder = try sampleAppsFolder(apps)
        var folders = ["--apps", appsFolder]
        if withFaulty {
            let faulty = apps.path + "/Faulty"
            if !FileManager.default.fileExists(atPath: faulty) { try addFaultyApp(to: faulty) }
            folders = ["--apps", faulty]
        }
        let system = try SystemStore(stateFolder: state.path)
        for app in ["com.example.MonkeyChat", "com.example.Faulty"] { try system.setAuthorization(.authorized, app: app) }
        return folders + ["--state", state.path] + arguments
    }

    /// Runs `intents`; served, through a server for the command's apps and state folders (the
    /// commands a server does not serve, such as validate and --help, run embedded as ever),
    /// which must have served it. The command's process is waited for off the concurrency pool.
    func run(_ mode: CLIMode, _ arguments: [String]) async throws -> Run {
        let served = try await serverIfServed(mode, arguments)
        let before = server.running?.servedCount ?? 0
        let run = try await runCLI(arguments, home: state.path, environment: Self.environment(mode))
        expectServed(served, before: before)
        return run
    }

    /// Whether the served mode serves `arguments`; if so, a server runs for their apps folders.
    private func serverIfServed(_ mode: CLIMode, _ arguments: [String]) async throws -> Bool {
        let apps = zip(arguments, arguments.dropFirst()).filter { $0.0 == "--apps" }.map(\.1)
        let served = mode == .served && !apps.isEmpty && arguments.contains(state.path)
            && !arguments.contains("validate") && !arguments.contains("--help")
        if served && server.running?.apps != apps {
            _ = await server.running?.stop()
            server.running = nil
            server.running = try await TestServer(apps: apps, state: state.path)
        }
        return served
    }

    /// Embedded means embedded even while a server runs for the state folder (one that an app's
    /// system calls reached): the documented switch.
    private static func environment(_ mode: CLIMode) -> [String: String] {
        mode == .embedded ? ["INTENTS_NO_SERVER": "1"] : [:]
    }

    /// A served command must have been served: counted once more by the server.
    private func expectServed(_ served: Bool, before: Int) {
        if served { #expect(server.running?.servedCount == before + 1, "not served: \(server.running?.log ?? "")") }
    }

    /// Runs `intents` with the sample apps and a fresh state folder, in its own process.
    func intents(_ arguments: [String], withFaulty: Bool = false) async throws -> Run {
        try await intents(.embedded, arguments, withFaulty: withFaulty)
    }

    /// Runs a sample app (`monkeychat`, `pizza`, `meditation`) with the state folder, as a user
    /// runs it: its system calls go to the server of the state folder, here the served mode's,
    /// started for the sample apps when none runs (in both modes: an app always reaches a server).
    func app(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let folder = try sampleAppsFolder(apps)
        if server.running?.apps != [folder] {
            _ = await server.running?.stop()
            server.running = nil
            server.running = try await TestServer(apps: [folder], state: state.path)
        }
        return try await runBuilt(program, arguments, apps: apps, state: state)
    }

    /// Runs `intents` in its own process.
    func run(_ arguments: [String]) async throws -> Run {
        try await runCLI(arguments, home: state.path)
    }

    @Test(arguments: CLIMode.allCases) func sendMessageAsksWhichBoboAndRunsUnattendedWithAnswers(mode: CLIMode) async throws {
        let run = try await intents(mode, ["send", "INSendMessageIntent", "--param", "recipients=Bobo",
                               "--param", "content=Please send more bananas", "--answer", "2", "--answer", "yes", "--json"])
        #expect(run.status == 0)
        let result = try run.json()
        #expect(result["intent"] as? String == "INSendMessageIntent")
        #expect(result["extension"] as? String == "com.example.MonkeyChat.Intents")
        #expect(result["status"] as? String == "success")
        #expect(result["code"] as? Int == 3)
        let prompts = try #require(result["prompts"] as? [[String: Any]])
        #expect(prompts.count == 2)
        #expect(prompts.first?["choices"] as? [String] == ["Bobo (@bobo.banana)", "Bobo (@bobo.jungle)", "Bobo (@bobo.treetop)"])
        // As Siri does before sending a message.
        #expect(prompts.last?["text"] as? String == "Ready to send it?")
        #expect(prompts.last?["answer"] as? String == "yes")
        let recipients = (result["parameters"] as? [String: Any])?["recipients"] as? [[String: Any]]
        #expect(recipients?.first?["handle"] as? String == "@bobo.jungle")
        #expect(run.stderr.contains("? Which recipient do you mean?"))
    }

    @Test(arguments: CLIMode.allCases) func globalOptionsWorkOnEitherSideOfTheSubcommand(mode: CLIMode) async throws {
        let folder = try sampleAppsFolder(apps)
        let before = try await run(mode, ["--apps", folder, "--state", state.path, "apps", "--json"])
        let after = try await run(mode, ["apps", "--apps", folder, "--state", state.path, "--json"])
        #expect(before.status == 0 && after.status == 0)
        #expect(before.stdout == after.stdout)
        let names = (try before.json()["apps"] as? [[String: Any]])?.compactMap { $0["displayName"] as? String }
        #expect(names == ["Meditation", "MonkeyChat", "Pizza", "Sandbox Tester"])
    }

    @Test(arguments: CLIMode.allCases) func inputNeededWithoutATerminalExitsWithTwo(mode: CLIMode) async throws {
        let run = try await intents(mode, ["send", "INSendMessageIntent", "--param", "recipients=Bobo", "--param", "content=hi", "--non-interactive"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: Input is needed and none can be asked for: \"Which recipient do you mean?\""))
    }

    @Test(arguments: CLIMode.allCases) func lockRefusesRestrictedIntentsWithThreeAndUnlockRestores(mode: CLIMode) async throws {
        #expect(try await intents(mode, ["lock"]).status == 0)
        let status = try await intents(mode, ["status", "--json"])
        #expect(try status.json()["lockState"] as? String == "locked")
        let refused = try await intents(mode, ["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=hi", "--json"])
        #expect(refused.status == 3)
        #expect(try refused.json()["status"] as? String == "refused")
        let pizza = try await intents(mode, ["send", "OrderPizzaIntent", "--param", "kind=funghi", "--param", "quantity=1", "--param", "deliveryTime=12:00"])
        #expect(pizza.status == 0)
        #expect(pizza.stdout.contains("com.example.Pizza.Intents answered success (code 4)."))
        #expect(try await intents(mode, ["unlock"]).status == 0)
        #expect(try await intents(mode, ["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=hi", "--yes"]).status == 0)
    }

    @Test(arguments: CLIMode.allCases) func failureCodeExitsWithFour(mode: CLIMode) async throws {
        let run = try await intents(mode, ["send", "OrderPizzaIntent", "--param", "kind=margherita", "--param", "quantity=1",
                               "--param", "deliveryTime=03:00", "--json"])
        #expect(run.status == 4)
        let result = try run.json()
        #expect(result["codeName"] as? String == "failurePizzeriaClosed")
        #expect(result["code"] as? Int == 100)
        #expect(result["step"] as? String == "confirm")
    }

    @Test(arguments: CLIMode.allCases) func outputValuesAreReported(mode: CLIMode) async throws {
        let run = try await intents(mode, ["send", "OrderPizzaIntent", "--param", "kind=margherita", "--param", "quantity=3",
                               "--param", "deliveryTime=19:30", "--json"])
        #expect(run.status == 0)
        #expect((try run.json()["output"] as? [String: Any])?["waitTime"] as? Int == 30)
    }

    @Test(arguments: CLIMode.allCases) func crashingExtensionExitsWithFiveAndNamesTheBundle(mode: CLIMode) async throws {
        let run = try await intents(mode, ["send", "INSendMessageIntent", "--param", "recipients=K", "--param", "content=crash", "--yes"], withFaulty: true)
        #expect(run.status == 5)
        #expect(run.stderr.contains("error: com.example.Faulty.Intents was killed by signal 4 (SIGILL); stderr: \""))
    }

    @Test(arguments: CLIMode.allCases) func usageErrorsExitWithTwo(mode: CLIMode) async throws {
        let unknownParameter = try await intents(mode, ["send", "INSendMessageIntent", "--param", "colour=red"])
        #expect(unknownParameter.status == 2)
        #expect(unknownParameter.stderr.contains("INSendMessageIntent has no parameter \"colour\"; its parameters are recipients, outgoingMessageType, content, speakableGroupName, conversationIdentifier, serviceName, sender."))
        let malformed = try await intents(mode, ["send", "INSendMessageIntent", "--param", "colour"])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("--param \"colour\" must be NAME=VALUE"))
        let unknownIntent = try await intents(mode, ["send", "INStartCallIntent"])
        #expect(unknownIntent.status == 2)
        #expect(unknownIntent.stderr.contains("No extension supports INStartCallIntent; supported intents: AttackIntent, INSendMessageIntent, OrderPizzaIntent, StartMeditationIntent."))
        let badTimeout = try await intents(mode, ["send", "OrderPizzaIntent", "--timeout", "0"])
        #expect(badTimeout.status == 2)
    }

    @Test(arguments: CLIMode.allCases) func validateReportsFaultsWithOneAndPassesGoodBundlesWithZero(mode: CLIMode) async throws {
        let good = try await intents(mode, ["validate", try sampleAppsFolder(apps) + "/Pizza.app"])
        #expect(good.status == 0)
        #expect(good.stdout.contains("No problems found."))
        let broken = TemporaryFolder()
        let writer = BundleWriter(appsFolder: broken.path)
        try writer.app("B", identifier: "com.example.B")
        try writer.appex("BIntents", in: "B", identifier: "com.example.B.Intents", principalClass: "B.IntentHandler",
                         intents: ["OrderPizzaIntent"], restricted: ["INSendMessageIntent"], library: Package.library("PizzaIntents"))
        let bad = try await run(mode, ["validate", broken.path + "/B.app", "--json"])
        #expect(bad.status == 1)
        let faults = try #require(try bad.json()["faults"] as? [[String: Any]])
        #expect(faults.first?["code"] as? String == "restrictedIntentsNotSupportedByExtension")
        #expect(faults.first?["key"] as? String == "NSExtension > NSExtensionAttributes > IntentsRestrictedWhileLocked")
    }

    @Test(arguments: CLIMode.allCases) func statusShowsTheSandboxLayersThisKernelGives(mode: CLIMode) async throws {
        let run = try await intents(mode, ["status", "--json"])
        #expect(run.status == 0)
        let sandbox = try #require(try run.json()["sandbox"] as? [String: Any])
        #expect(sandbox["missingRequired"] as? [String] == [])
        let layers = try #require(sandbox["layers"] as? [String])
        #expect(layers.contains("seccomp") && layers.contains("no_new_privs") && layers.contains { $0.hasPrefix("Landlock ABI ") })
        let text = try await intents(mode, ["status"])
        #expect(text.stdout.contains("Sandbox:      descriptors closed, parent-death signal, rlimits"))
    }

    @Test func statusSaysWhyTheSandboxCouldNotBeProbed() async throws {
        let runner = state.path + "/no-such-runner"
        let run = try await runProgram(Package.cli, ["--apps", apps.path, "--state", state.path, "status", "--json"],
                                       environment: ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_RUNNER": runner])
        #expect(run.status == 0, "\(run.output)")
        let sandbox = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])["sandbox"] as? [String: Any]
        #expect(sandbox?["available"] as? Bool == false)
        #expect((sandbox?["problem"] as? String)?.hasPrefix("The runner \(runner) ") == true, "\(run.output)")
        let text = try await runProgram(Package.cli, ["--apps", apps.path, "--state", state.path, "status"],
                                        environment: ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_RUNNER": runner])
        #expect(text.output.contains("Sandbox:      unknown: The runner \(runner) "), "\(text.output)")
    }

    @Test(arguments: CLIMode.allCases) func unsafeFlagIsLoudAndReallyUnconfines(mode: CLIMode) async throws {
        let confined = try await intents(mode, ["send", "AttackIntent", "--param", "attack=read", "--param", "target=/etc/passwd", "--json"])
        #expect(confined.stdout.contains(#""outcome":"blocked: EACCES""#))
        let unsafe = try await intents(mode, ["send", "AttackIntent", "--param", "attack=read", "--param", "target=/etc/passwd", "--json",
                                  "--unsafe-no-sandbox"])
        #expect(unsafe.stderr.hasPrefix("WARNING: --unsafe-no-sandbox: the extension runs UNCONFINED"))
        #expect(unsafe.stdout.contains(#""outcome":"allowed""#))
    }

    @Test(arguments: CLIMode.allCases) func helpShowsExamplesAndExitCodes(mode: CLIMode) async throws {
        let help = try await run(mode, ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:"))
        #expect(help.stdout.contains("Exit codes:"))
        let sendHelp = try await run(mode, ["send", "--help"])
        #expect(sendHelp.stdout.contains("--answer 2 --yes --json"))
        #expect(sendHelp.stdout.contains("exit code 6"))
    }
}
