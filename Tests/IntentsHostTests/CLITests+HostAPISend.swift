import Foundation
import TestPrograms
import Testing

/// `intents send` with a server: the client runs it as a typed host-API conversation (no
/// command line is forwarded), and prints exactly what the embedded host prints.
extension CLITests {
    /// Conversations of every ending: success after a choice and the system's confirmation,
    /// a choice answered wrong and asked again, input needed without a terminal, a failure
    /// code at confirm, usage errors, an App Intent, each as text and as JSON.
    static let sendCases: [[String]] = [
        ["send", "INSendMessageIntent", "--param", "recipients=Bobo", "--param", "content=Please send more bananas", "--answer", "2", "--yes"],
        ["send", "INSendMessageIntent", "--param", "recipients=Bobo", "--param", "content=hi", "--answer", "9", "--answer", "Bobo (@bobo.treetop)", "--answer", "no"],
        ["send", "INSendMessageIntent", "--param", "recipients=Bobo", "--param", "content=hi", "--non-interactive"],
        ["send", "OrderPizzaIntent", "--param", "kind=margherita", "--param", "quantity=1", "--param", "deliveryTime=03:00"],
        ["send", "OrderPizzaIntent", "--param=kind=margherita", "--param", "quantity=3", "--param", "deliveryTime=19:30"],
        ["send", "INSendMessageIntent", "--param", "colour=red"],
        ["send", "INStartCallIntent"],
        ["send", "StartMeditationIntent", "--answer", "Calming"],
        ["send", "StartMeditationIntent", "--non-interactive"],
        ["send", "INSendMessageIntent", "--app", "Nobody", "--param", "recipients=Kiki", "--param", "content=hi"],
    ]

    @Test(arguments: [false, true]) func sendThroughTheHostAPIPrintsWhatTheEmbeddedHostPrints(json: Bool) async throws {
        for arguments in Self.sendCases {
            let full = arguments + (json ? ["--json"] : [])
            let embedded = try await intents(.embedded, full)
            let conversations = server.running?.log.components(separatedBy: "conversation served").count ?? 1
            let served = try await intents(.served, full)
            let label = full.joined(separator: " ")
            #expect(served.status == embedded.status, "\(label)")
            #expect(served.stdout == embedded.stdout, "\(label)")
            #expect(served.stderr == embedded.stderr, "\(label)")
            // The server ran a typed conversation, not a forwarded command line.
            let log = try #require(server.running?.log)
            #expect(log.components(separatedBy: "conversation served").count == conversations + 1, "\(label): \(log)")
            #expect(!log.contains("command served"), "\(label)")
        }
    }

    /// The client makes its conversation on its main thread: it starts no thread of the
    /// concurrency pool or of a dispatch queue (in a profile of `intents send`, starting them
    /// cost a third of the client's CPU). Seen while it waits for a server that was stopped.
    @Test func theClientWaitsForTheServerOnItsOnlyThread() async throws {
        _ = try await intents(.served, ["status"])
        let server = try #require(self.server.running)
        let arguments = ["--apps", try sampleAppsFolder(apps), "--state", state.path, "send", "INSendMessageIntent",
                         "--param", "recipients=Bobo", "--param", "content=hi", "--answer", "2", "--yes"]
        kill(server.pid, SIGSTOP)
        defer { kill(server.pid, SIGCONT) }
        let program = try SpawnedProgram(Package.cli, arguments, environment: cliEnvironment(home: state.path))
        // No event says that a thread sleeps in a read: /proc is looked at until one does, at most 20 s.
        let threads = try await offThePool { () -> Int? in
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(program.pid)/task")) ?? []
                let reading = tasks.contains { task in
                    (try? String(contentsOfFile: "/proc/\(program.pid)/task/\(task)/wchan", encoding: .utf8)) == "unix_stream_read_generic"
                }
                if reading { return tasks.count }
                usleep(2_000)
            }
            return nil
        }
        kill(server.pid, SIGCONT)
        let run = CLIRun(await program.ended())
        #expect(threads == 1)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("answered success"), "\(run.stdout)")
    }

    @Test func aRefusalWhileLockedIsTheSameThroughTheHostAPI() async throws {
        #expect(try await intents(.embedded, ["lock"]).status == 0)
        for json in [false, true] {
            let arguments = ["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=hi"] + (json ? ["--json"] : [])
            let embedded = try await intents(.embedded, arguments)
            let served = try await intents(.served, arguments)
            #expect(embedded.status == 3)
            #expect((served.status, served.stdout, served.stderr) == (embedded.status, embedded.stdout, embedded.stderr))
        }
    }

    @Test func optionsTheClientDoesNotReadGoToTheServersParser() async throws {
        // --timeout is the server's to check and apply: the command line is forwarded.
        let run = try await intents(.served, ["send", "OrderPizzaIntent", "--param", "kind=funghi", "--param", "quantity=1",
                                        "--param", "deliveryTime=12:00", "--timeout", "5"])
        #expect(run.status == 0)
        let log = try #require(server.running?.log)
        #expect(log.contains("command served"))
        #expect(!log.contains("conversation served"))
    }

    @Test func aServerForOtherAppsRefusesTheConversationAndNamesBoth() async throws {
        _ = try await intents(.served, ["status"])
        let other = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: other.path + "/Apps", withIntermediateDirectories: true)
        let run = try await self.run(["--apps", other.path + "/Apps", "--state", state.path, "send", "OrderPizzaIntent"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("serves the apps in"))
        #expect(run.stderr.contains("not \(other.path)/Apps; give its --apps, or stop it"))
    }

    /// `send OrderPizzaIntent` with its parameters, for the samples and "AAA" installed in
    /// `early`, an app that claims the intent too: a request that names no app is asked which.
    func contestedPizzaOrder(besides early: TemporaryFolder) throws -> [String] {
        let samples = try sampleAppsFolder(apps)
        try addAppClaimingOrderPizza(to: early.path)
        return ["--apps", early.path, "--apps", samples, "--state", state.path, "send", "OrderPizzaIntent",
                "--param", "kind=margherita", "--param", "quantity=1", "--param", "deliveryTime=12:00"]
    }

    /// Two apps claim the intent: the note naming both, the question of which app (never
    /// answered from --answer) and its refusal without a terminal are the same through the host API.
    @Test func theChoiceOfAppIsTheSameThroughTheHostAPI() async throws {
        let early = TemporaryFolder()
        let base = try contestedPizzaOrder(besides: early)
        for extra in [["--non-interactive"], ["--answer", "2", "--json"], ["--app", "Pizza"], ["--answer", "2"]] {
            let embedded = try await run(.embedded, base + extra)
            let served = try await run(.served, base + extra)
            let label = extra.joined(separator: " ")
            #expect((served.status, served.stdout, served.stderr) == (embedded.status, embedded.stdout, embedded.stderr), "\(label)")
            if extra.first == "--app" {
                #expect(embedded.status == 0 && !embedded.stderr.contains("note:"), "\(label): \(embedded.stderr)")
            } else {
                #expect(embedded.status == 2, "\(label)")
                #expect(embedded.stderr.contains("note: OrderPizzaIntent is supported by several apps: com.aaa.AAA.Intents"), "\(label)")
                #expect(embedded.stderr.contains("? OrderPizzaIntent is supported by several apps. Which app should handle it?"), "\(label)")
            }
        }
        #expect(server.running?.log.contains("command served") == false)
    }

    /// `lock` and `unlock` are typed requests too: the same lines and codes, and the state set.
    @Test func lockAndUnlockGoThroughTheHostAPI() async throws {
        for arguments in [["lock"], ["lock", "--before-first-unlock"], ["unlock"]] {
            let embedded = try await intents(.embedded, arguments)
            let served = try await intents(.served, arguments)
            #expect(embedded.status == 0, "\(arguments)")
            #expect((served.status, served.stdout, served.stderr) == (embedded.status, embedded.stdout, embedded.stderr), "\(arguments)")
            let status = try await intents(.embedded, ["status", "--json"])
            #expect(try status.json()["lockState"] as? String == (arguments == ["unlock"] ? "unlocked" : arguments.count == 2 ? "lockedBeforeFirstUnlock" : "locked"))
        }
        let log = try #require(server.running?.log)
        #expect(log.components(separatedBy: "lock state set").count == 4, "\(log)")
        #expect(!log.contains("command served"))
    }
}

extension CLITests {
    /// The command finds the embedded host beside itself, by `/proc/self/exe`, never in the
    /// working folder, nor in a folder whose name decodes as its own does: copied into a folder
    /// whose name is not UTF-8, and run where an `intents-host` was planted, beside a look-alike
    /// folder (U+FFFD where the bad byte is) holding another, it says its path is not UTF-8 and
    /// runs neither.
    @Test func theEmbeddedHostIsNeverLookedForInTheWorkingFolder() async throws {
        let planted = TemporaryFolder()
        try "#!/bin/sh\necho planted host ran\n".write(toFile: planted.path + "/intents-host", atomically: true, encoding: .utf8)
        #expect(chmod(planted.path + "/intents-host", 0o755) == 0)
        // $2/b<0xFF>in/intents, a copy of the command, and $2/b<U+FFFD>in/intents-host, the
        // look-alike's; run from $1.
        let lookAlike = state.path + "/b\u{FFFD}in"
        try FileManager.default.createDirectory(atPath: lookAlike, withIntermediateDirectories: true)
        try "#!/bin/sh\necho look-alike host ran\n".write(toFile: lookAlike + "/intents-host", atomically: true, encoding: .utf8)
        #expect(chmod(lookAlike + "/intents-host", 0o755) == 0)
        let script = #"odd="$(printf '%s/b\377in' "$2")" && mkdir "$odd" && cp "$3" "$odd/intents" && cd "$1" && exec "$odd/intents" --version"#
        let run = try await runProgram("/bin/sh", ["-c", script, "sh", planted.path, state.path, Package.cli],
                                       environment: ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_NO_SERVER": "1"])
        #expect(run.status == 1, "\(run.output)")
        #expect(!run.output.contains("planted host ran"), "\(run.output)")
        #expect(!run.output.contains("look-alike host ran"), "\(run.output)")
        #expect(run.output.contains("error: intents runs from \"\(lookAlike)/intents\", a path that is not UTF-8"), "\(run.output)")
    }

    /// The host finds the runner and the bridge beside itself: run from a folder whose name is
    /// not UTF-8, it says so and serves nothing, rather than look in the folder whose name its
    /// decoded path spells.
    @Test func theHostRefusesAFolderWhoseNameIsNotUTF8() async throws {
        let script = #"odd="$(printf '%s/h\377st' "$1")" && mkdir "$odd" && { ln "$2" "$odd/intents-host" 2>/dev/null || cp "$2" "$odd/intents-host"; } && exec timeout 60 "$odd/intents-host" serve --state "$1/state""#
        let run = try await runProgram("/bin/sh", ["-c", script, "sh", state.path, Package.products + "/intents-host"],
                                       environment: ["PATH": "/usr/bin:/bin", "HOME": state.path])
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("error: intents-host runs from \"\(state.path)/h\u{FFFD}st/intents-host\", a path that is not UTF-8"), "\(run.output)")
        // A server would have made its state folder before it listened.
        #expect(!FileManager.default.fileExists(atPath: state.path + "/state"))
    }
}
