import Foundation
import Testing
import TestPrograms

/// Red-team pass on `intents send` run as a typed host-API conversation by the small client
/// (`SendArguments`, `HostAPICommand`): command lines where the served command did not do what
/// the embedded host does. Each test failed on the code it was written against (ba21199).
extension CLITests {
    /// FINDING: the client's own parser takes `send`'s flags and options anywhere, also before
    /// the subcommand (`intents --yes send ...`), where the embedded host's parser (which hoists
    /// only --apps and --state) refuses the command line as a usage error. With a server up, a
    /// command line that is refused without one runs the intent, here with the system's
    /// confirmation agreed to.
    @Test func adversarySendFlagsBeforeTheSubcommandAreRefusedWithAServerToo() async throws {
        _ = try await intents(.served, ["status"])
        let folder = try sampleAppsFolder(apps)
        for flags in [["--yes"], ["--json"], ["--app", "MonkeyChat"], ["--param", "recipients=Kiki"]] {
            let arguments = flags + ["send", "INSendMessageIntent", "--param", "content=hi"] + (flags[0] == "--param" ? ["--yes"] : ["--param", "recipients=Kiki"])
            let embedded = try await intents(.embedded, arguments)
            // With the server up; a command line whose first word is not a subcommand (`--app X
            // send`) is the embedded host's to refuse, whether a server runs or not.
            let served = try await runCLI(["--apps", folder, "--state", state.path] + arguments, home: state.path)
            let label = arguments.joined(separator: " ")
            #expect(embedded.status == 2, "\(label): \(embedded.stderr)")
            #expect(served.status == embedded.status, "\(label): served \(served.status) \(served.stdout) \(served.stderr)")
            #expect(served.stdout == embedded.stdout, "\(label)")
        }
    }

    /// FINDING: standard output that cannot be written (a full disk, a closed pipe) makes the
    /// client exit 1 whatever the conversation's end, where the embedded host keeps the end's
    /// own code (4 for an extension's failure code, 3 for a refusal, 2 for a usage error) and
    /// exits 1 only when the command had otherwise succeeded.
    @Test func adversaryAnUnwritableOutputKeepsTheConversationsExitCode() async throws {
        _ = try await intents(.served, ["status"])
        let folder = try sampleAppsFolder(apps)
        let cases: [[String]] = [
            ["send", "OrderPizzaIntent", "--param", "kind=margherita", "--param", "quantity=1", "--param", "deliveryTime=03:00"],
            ["send", "OrderPizzaIntent", "--param", "kind=margherita", "--param", "quantity=1", "--param", "deliveryTime=03:00", "--json"],
            ["send", "INSendMessageIntent", "--param", "colour=red", "--json"],
        ]
        for arguments in cases {
            let full = ["--apps", folder, "--state", state.path] + arguments
            let embedded = try await runWritingToDevFull(full, embedded: true)
            let served = try await runWritingToDevFull(full, embedded: false)
            let label = arguments.joined(separator: " ")
            #expect(embedded.status != 0 && embedded.status != 1, "\(label): \(embedded.stderr)")
            #expect(served.status == embedded.status, "\(label): served \(served.status): \(served.stderr) / embedded \(embedded.status): \(embedded.stderr)")
        }
    }

    /// FINDING (regression of the forwarded command line): a `--param` longer than the host
    /// API's 64 KiB per text runs embedded, and ran through a server before `send` became a
    /// typed conversation (the command line was forwarded); now the server refuses it (exit 2).
    @Test func adversaryALongParameterRunsWithAServerAsWithout() async throws {
        let content = String(repeating: "b", count: 70_000)
        let arguments = ["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=\(content)", "--yes"]
        let embedded = try await intents(.embedded, arguments)
        let served = try await intents(.served, arguments)
        #expect(embedded.status == 0, "\(embedded.stderr)")
        #expect(served.status == embedded.status, "served: \(served.stderr)")
    }

    /// FINDING: a typed `send` runs its steps with the server's step timeout (`intents serve
    /// --timeout`), not the command's default of 10 s (or $INTENTS_STEP_TIMEOUT) as the embedded
    /// host and the forwarded command line did (`HostSession.configuration` takes the
    /// requested step timeout). A server started with a short --timeout makes every `send`
    /// fail (and one started with a long one makes a hung extension hold the user that long).
    @Test func adversaryATypedSendKeepsTheCommandsStepTimeout() async throws {
        let folder = try sampleAppsFolder(apps)
        server.running = try await TestServer(apps: [folder], state: state.path, arguments: ["--timeout", "0.001"])
        let arguments = ["send", "OrderPizzaIntent", "--param", "kind=margherita", "--param", "quantity=1", "--param", "deliveryTime=12:00"]
        let embedded = try await intents(.embedded, arguments)
        let served = try await intents(.served, arguments)
        #expect(embedded.status == 0, "\(embedded.stderr)")
        #expect(served.status == embedded.status, "served: \(served.stderr)")
    }

    /// FINDING: the client reads a terminal's line up to "\n" and keeps a "\r" before it, where
    /// the embedded host's `readLine()` strips a "\r\n" ending: on a terminal that does not turn
    /// CR into NL (raw mode, `stty -icrnl`, a serial line), the answer "2" to "which app?" is
    /// "2\r" through the host API, not one of the apps, asked three times, then a usage error.
    @Test func adversaryATerminalLineEndingInCRLFAnswersAsEmbedded() async throws {
        let early = TemporaryFolder()
        let base = try contestedPizzaOrder(besides: early)
        _ = try await run(.served, base + ["--app", "Pizza"])
        let lines = String(repeating: "2\r\n", count: 4)
        let embedded = try await runOnRawTerminal(base, input: lines, embedded: true)
        let served = try await runOnRawTerminal(base, input: lines, embedded: false)
        #expect(embedded.status == 0, "\(embedded.stderr)")
        #expect(served.status == embedded.status, "served: \(served.stderr)")
        #expect(served.stdout == embedded.stdout)
    }

    /// Runs `intents` with its standard input on a pseudo-terminal in raw mode holding `input`.
    private func runOnRawTerminal(_ arguments: [String], input: String, embedded: Bool) async throws -> CLIRun {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0, number: UInt32 = 0
        try #require(ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0)
        try #require(ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0)
        let name = "/dev/pts/\(number)"
        let terminal = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(terminal >= 0)
        defer { close(terminal) }
        var settings = termios()
        tcgetattr(terminal, &settings)
        cfmakeraw(&settings)
        tcsetattr(terminal, TCSANOW, &settings)
        let bytes = Array(input.utf8)
        try #require(bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) } == bytes.count)
        let program = try SpawnedProgram("/bin/sh", ["-c", "exec \"$0\" \"$@\" < \(name)", Package.cli] + arguments,
                                         environment: environment(embedded: embedded))
        return CLIRun(await program.ended())
    }

    /// Runs `intents` with its standard output on /dev/full (every write fails with ENOSPC).
    private func runWritingToDevFull(_ arguments: [String], embedded: Bool) async throws -> CLIRun {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let program = try SpawnedProgram(Package.cli, arguments, environment: environment(embedded: embedded), stdout: full)
        return CLIRun(await program.ended())
    }

    /// The test's home, and the embedded host (`INTENTS_NO_SERVER`) when `embedded`.
    private func environment(embedded: Bool) -> [String: String] {
        cliEnvironment(home: state.path, embedded ? ["INTENTS_NO_SERVER": "1"] : [:])
    }
}
