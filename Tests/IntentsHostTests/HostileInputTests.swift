import Foundation
import IntentsHost
import SQLiteSupport
import SystemCalls
import SystemStore
import Testing
import TestPrograms

/// Hostile and broken input to the `intents` executable: each finding of the hostile-input
/// review, run as a user runs the CLI. A run that hangs is killed and fails its test.
extension CLITests {
    /// Runs `intents` with the sample apps (plus `extraApps`), this suite's state folder and
    /// `environment`, killed after `limit` (a generous bound: only a hang reaches it).
    func hostileRun(_ arguments: [String], extraApps: [String] = [], environment: [String: String] = [:],
                    limit: Duration = .seconds(90)) async throws -> Run {
        var folders = ["--apps", try sampleAppsFolder(apps)]
        for folder in extraApps { folders += ["--apps", folder] }
        let system = try SystemStore(stateFolder: state.path)
        for app in ["com.example.MonkeyChat", "com.example.Faulty"] { try system.setAuthorization(.authorized, app: app) }
        return try await runWithLimit(Package.cli, folders + ["--state", state.path] + arguments,
                                      environment: ["PATH": "/usr/bin:/bin", "HOME": state.path].merging(environment) { $1 },
                                      limit: limit)
    }

    /// Runs `executable`; kills it and records an issue when it outlives `limit`.
    func runWithLimit(_ executable: String, _ arguments: [String], environment: [String: String],
                      limit: Duration) async throws -> Run {
        let run = try await offThePool {
            let started = ContinuousClock.now
            let program = try SpawnedProgram(executable, arguments, environment: environment)
            let killer = DispatchWorkItem { kill(program.pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(limit.components.seconds * 1000)), execute: killer)
            // Both streams are drained at once, so that neither can fill and stall the process.
            let ended = program.finish()
            killer.cancel()
            return Run(status: ended.signal.map { 128 + $0 } ?? ended.status,
                       stdout: String(decoding: ended.stdout, as: UTF8.self), stderr: String(decoding: ended.stderr, as: UTF8.self),
                       elapsed: ContinuousClock.now - started)
        }
        // Recorded here, in the test's task, not on the thread that waited.
        if run.status == 128 + SIGKILL {
            Issue.record("intents \(arguments.joined(separator: " ").prefix(200)) did not finish within \(limit).")
        }
        expectNoErrorDump(run.stdout + run.stderr)
        return run
    }

    var lockStatePath: String { state.path + "/lock-state" }

    // MARK: 1. Lock state fails closed

    @Test(arguments: ["folder", "fifo", "garbage", "huge"])
    func aLockStateThatCannotBeReadCountsAsLocked(_ kind: String) async throws {
        switch kind {
        case "folder": try FileManager.default.createDirectory(atPath: lockStatePath, withIntermediateDirectories: true)
        case "fifo": try #require(mkfifo(lockStatePath, 0o644) == 0)
        case "garbage": try Data(repeating: 0, count: 64 << 20).write(to: URL(fileURLWithPath: lockStatePath))
        default: try #require(FileManager.default.createFile(atPath: lockStatePath, contents: nil) && truncate(lockStatePath, 1 << 30) == 0)
        }
        let run = try await hostileRun(["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=hi"])
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("restricted while locked by com.example.MonkeyChat.Intents"))
        #expect(run.stderr.contains("the device counts as locked because \(lockStatePath) "))
        let status = try await hostileRun(["status", "--json"])
        #expect(status.status == 0)
        #expect(status.stdout.utf8.count < 4096, "the state's content is never printed")
        let object = try status.json()
        #expect(object["lockState"] as? String == "lockedBeforeFirstUnlock")
        #expect((object["lockStateProblem"] as? String)?.hasPrefix(lockStatePath + " ") == true)
    }

    @Test func aLockStateTheUserCannotReadCountsAsLocked() async throws {
        let workspace = try await UnprivilegedWorkspace()
        let path = workspace.stateFolder + "/lock-state"
        try Data("unlocked\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        let (status, output) = try await workspace.intents(["status", "--json"])
        #expect(status == 0)
        #expect(output.contains("\"lockState\":\"lockedBeforeFirstUnlock\""))
        #expect(output.contains("lock-state cannot be read: Permission denied"))
    }

    @Test func lockWithAFolderInThePlaceOfTheStateSaysSoInOneSentence() async throws {
        try FileManager.default.createDirectory(atPath: lockStatePath, withIntermediateDirectories: true)
        let run = try await hostileRun(["lock"])
        #expect(run.status == 1)
        #expect(run.stderr == "error: \(lockStatePath) is a folder, not a regular file; remove it to set the lock state.\n")
        try FileManager.default.removeItem(atPath: lockStatePath)
        #expect(try await hostileRun(["lock"]).status == 0)
        #expect(try String(contentsOfFile: lockStatePath, encoding: .utf8) == "locked\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0.hasPrefix(".lock-state") }
        #expect(leftovers.isEmpty, "the temporary file is renamed into place")
    }

    // MARK: 2. One bundle's fault stays with it

    @Test func aBundleAskingForAnAbsurdMemoryLimitStopsNothing() async throws {
        let crafted = TemporaryFolder()
        let writer = BundleWriter(appsFolder: crafted.path)
        try writer.app("Greedy", identifier: "com.greedy.Greedy")
        try writer.appex("GreedyIntents", in: "Greedy", identifier: "com.greedy.Greedy.Intents",
                         principalClass: "EchoIntents.EchoExtension", intents: ["EchoIntent"], library: Package.library("EchoIntents")) { plist in
            var attributes = (plist["NSExtension"] as! [String: Any])
            var inner = attributes["NSExtensionAttributes"] as! [String: Any]
            inner["IntentsSandboxLimits"] = ["MemoryMegabytes": 1 << 44, "CPUSeconds": Int.max]
            attributes["NSExtensionAttributes"] = inner
            plist["NSExtension"] = attributes
        }
        let apps = try await hostileRun(["apps", "--json"], extraApps: [crafted.path])
        #expect(apps.status == 0, "\(apps.stderr)")
        #expect(apps.stdout.contains("com.greedy.Greedy.Intents"))
        let send = try await hostileRun(["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=hi", "--yes"],
                                        extraApps: [crafted.path])
        #expect(send.status == 0, "\(send.stderr)")
    }

    @Test func aLibraryThatIsAFIFONeverHoldsUpAHealthyExtension() async throws {
        let crafted = TemporaryFolder()
        let writer = BundleWriter(appsFolder: crafted.path)
        try writer.app("Piped", identifier: "com.piped.Piped")
        let appex = try writer.appex("PipedIntents", in: "Piped", identifier: "com.piped.Piped.Intents",
                                     principalClass: "EchoIntents.EchoExtension", intents: ["EchoIntent"], library: nil)
        try #require(mkfifo(appex + "/libPipedIntents.so", 0o644) == 0)
        let send = try await hostileRun(["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=hi", "--yes"],
                                        extraApps: [crafted.path])
        #expect(send.status == 0, "\(send.stderr)")
    }

    /// Found by the bundle-plist fuzzer: a binary Info.plist holding a set killed every command
    /// that scanned it (SIGSEGV inside Foundation).
    @Test func aBinaryPlistHoldingASetIsAFaultNotACrash() async throws {
        let crafted = TemporaryFolder()
        let app = try BundleWriter(appsFolder: crafted.path).app("Settled", identifier: "com.settled.Settled")
        // {"CFBundleIdentifier": {"com.settled.Settled"}}: the identifier inside a set.
        let objects: [[UInt8]] = [[0xD1, 0x01, 0x02], [0x5F, 0x10, 0x12] + Array("CFBundleIdentifier".utf8), [0xC1, 0x03],
                                  [0x5F, 0x10, 0x13] + Array("com.settled.Settled".utf8)]
        var data = Array("bplist00".utf8), offsets: [UInt8] = []
        for object in objects { offsets.append(UInt8(data.count)); data += object }
        let table = UInt8(data.count)
        data += offsets + [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 4] + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, table]
        try Data(data).write(to: URL(fileURLWithPath: app + "/Info.plist"))
        let run = try await hostileRun(["apps"], extraApps: [crafted.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("error: \(app)/Info.plist holds a set, which a property list here never holds."))
        #expect(run.stdout.contains("MonkeyChat (com.example.MonkeyChat)"), "the other apps are listed")
    }

    // MARK: 5. Bounded waits on the stores

    /// An app holds the system store locked in rollback-journal mode: the host gives up within
    /// its busy timeout (10 s), naming the store, where it once retried for 210 s.
    @Test func aSystemStoreHeldHostageFailsWithinTheBusyTimeout() async throws {
        _ = try SystemStore(stateFolder: state.path)
        let hostage = try RawSQLiteConnection(path: state.path + "/" + SystemStore.fileName)
        try hostage.run("PRAGMA journal_mode = DELETE")
        try hostage.run("BEGIN EXCLUSIVE")
        try hostage.run("DELETE FROM donations")
        defer { try? hostage.run("ROLLBACK") }
        let run = try await runWithLimit(Package.cli, ["--state", state.path, "donations", "list"],
                                         environment: ["PATH": "/usr/bin:/bin", "HOME": state.path], limit: .seconds(90))
        let waited = try #require(run.elapsed)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: The database \(state.path)/System.sqlite failed on "))
        #expect(run.stderr.contains("another connection held its lock for more than 10 seconds."))
        #expect(waited < .seconds(25), "one busy timeout (10 s), not two or twenty")
    }

    // MARK: 6. A bad row is skipped, not fatal

    @Test func aMalformedDonationIsSkippedAndListedAsInvalid() async throws {
        let system = try SystemStore(stateFolder: state.path)
        try system.donate(Donation(identifier: "good", app: "com.example.Pizza", kind: .interaction, date: Date(timeIntervalSince1970: 1_000),
                                   action: .intent(.init(name: "OrderPizzaIntent"), className: nil)))
        let raw = try RawSQLiteConnection(path: system.path)
        try raw.run("INSERT INTO donations (identifier, app, kind, date, record) VALUES ('bad', 'com.example.Pizza', 'interaction', 2000, '{not json')")
        let list = try await hostileRun(["donations", "list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        let object = try list.json()
        #expect((object["donations"] as? [[String: Any]])?.map { $0["identifier"] as? String } == ["good"])
        let invalid = try #require(object["invalid"] as? [[String: Any]])
        #expect(invalid.map { $0["identifier"] as? String } == ["bad"])
        #expect(invalid.first?["problem"] as? String == "it is not valid JSON")
        #expect(list.stderr.components(separatedBy: "skipped donation bad of com.example.Pizza").count == 2, "reported once")
        let suggestions = try await hostileRun(["suggestions", "--at", "2030-01-01T12:00"])
        #expect(suggestions.status == 0, "\(suggestions.stderr)")
        #expect(suggestions.stdout.contains("com.example.Pizza: OrderPizzaIntent"))
    }

    // MARK: 7. Arguments are validated

    @Test(arguments: [
        (["send", "X", "--timeout", "1e300"], [:], "--timeout 1e+300 is out of range; give 0.001 to 86400 seconds."),
        (["send", "X", "--timeout", "inf"], [:], "--timeout inf is out of range; give 0.001 to 86400 seconds."),
        (["send", "X"], ["INTENTS_STEP_TIMEOUT": "1e300"], "INTENTS_STEP_TIMEOUT=\"1e300\" is not a deadline in range; give 0.001 to 86400 seconds."),
        (["say", "pizza time"], ["INTENTS_STEP_TIMEOUT": "-5"], "INTENTS_STEP_TIMEOUT=\"-5\" is not a deadline in range; give 0.001 to 86400 seconds."),
        (["send", "X", "--cpu-limit", "18446744073709551615"], [:], "--cpu-limit 18446744073709551615 is out of range; give 1 to 86400."),
        (["send", "X", "--memory-limit", "17592186044416"], [:], "--memory-limit 17592186044416 is out of range; give 128 to 1073741824."),
        (["suggestions", "--limit", "0"], [:], "--limit 0 is out of range; give 1 to 1000."),
    ] as [([String], [String: String], String)])
    func badNumbersAndPathsAreUsageErrorsNamingTheRange(_ arguments: [String], _ environment: [String: String], _ message: String) async throws {
        let run = try await hostileRun(arguments, environment: environment)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: \(message)\n"), "\(run.stderr)")
    }

    @Test func anEmptyStateOrAppsPathIsRefused() async throws {
        for arguments in [["status", "--state", ""], ["--state", "", "lock"], ["apps", "--apps", ""]] {
            let run = try await runWithLimit(Package.cli, arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": state.path], limit: .seconds(60))
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("Error: --\(arguments.contains("--apps") ? "apps" : "state") needs a folder; got an empty path.\n"))
        }
        #expect(!FileManager.default.fileExists(atPath: state.path + "/.local"), "never the default folder instead")
    }

    // MARK: 8. Parsing is linear

    /// 20,000 parameters and answers: quadratic parsing took minutes here (41 s for 5,000);
    /// the limit is only there to fail rather than hang.
    @Test func thousandsOfParametersAndAnswersParseAtOnce() async throws {
        let parameters = (0..<20_000).flatMap { ["--param", "p\($0)=v"] }
        let answers = (0..<20_000).flatMap { ["--answer", "a\($0)"] }
        let run = try await hostileRun(["send", "NoSuchIntent"] + parameters + answers, limit: .seconds(60))
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: No extension supports NoSuchIntent"))
        let bad = try await hostileRun(["send", "INSendMessageIntent", "--param", "recipients"], limit: .seconds(60))
        #expect(bad.stderr.hasPrefix("Error: --param \"recipients\" must be NAME=VALUE"), "still checked when taken out early")
        let misplaced = try await hostileRun(["apps", "--param", "a=b"], limit: .seconds(60))
        #expect(misplaced.status == 2, "only send and say take --param")
        let optionAsValue = try await hostileRun(["send", "X", "--answer", "--json"], limit: .seconds(60))
        #expect(optionAsValue.stderr.hasPrefix("Error: Missing value for '--answer <value>'"), "an option is never taken as a value")
        let spelled = try await hostileRun(["send", "NoSuchIntent", "--param=a=b", "--answer=1"], limit: .seconds(60))
        #expect(spelled.stderr.hasPrefix("error: No extension supports NoSuchIntent"), "--param=NAME=VALUE works too")
    }

    // MARK: 9. Terminal injection

    @Test func controlCharactersFromBundlesAndExtensionsAreEscapedOnTheTerminal() async throws {
        let crafted = TemporaryFolder()
        let writer = BundleWriter(appsFolder: crafted.path)
        try writer.app("Forger", identifier: "com.forger.Forger", extra: ["CFBundleDisplayName": "Forger\n\u{1b}[31mFAKE LINE\u{2028}SEPARATED"])
        let listing = try await hostileRun(["apps"], extraApps: [crafted.path])
        #expect(!listing.stdout.contains("\u{1b}"))
        #expect(listing.stdout.contains("Forger\\n\\u{1b}[31mFAKE LINE\\u{2028}SEPARATED (com.forger.Forger)"))
        #expect(!listing.stdout.split(separator: "\n").contains { $0.hasPrefix("\u{1b}") || $0.hasPrefix("FAKE") })
        let json = try await hostileRun(["apps", "--json"], extraApps: [crafted.path])
        #expect(json.stdout.contains("Forger\\n\\u001b[31mFAKE LINE"), "JSON keeps the exact name, JSON-escaped")
        let authorize = try await hostileRun(["authorize"], extraApps: [crafted.path])
        #expect(!authorize.stdout.contains("\u{1b}") && authorize.stdout.contains("Forger\\n"))

        let faulty = apps.path + "/Faulty"
        try addFaultyApp(to: faulty)
        let crash = try await hostileRun(["--apps", faulty, "send", "INSendMessageIntent", "--yes", "--app", "Faulty", "--param", "recipients=Kiki",
                                          "--param", "content=crash:\nerror: forged line \u{1b}[2Jcleared"])
        #expect(crash.status == 5)
        #expect(!crash.stderr.contains("\u{1b}"))
        #expect(crash.stderr.contains("error: forged line \\u{1b}[2Jcleared"))
        #expect(!crash.stderr.split(separator: "\n").contains { $0.hasPrefix("error: forged") })
    }

    // MARK: 10. One sentence for file-system failures

    @Test func stateFolderProblemsAreOneSentence() async throws {
        let file = state.path + "/a-file"
        try Data().write(to: URL(fileURLWithPath: file))
        let onFile = try await runWithLimit(Package.cli, ["lock", "--state", file], environment: ["PATH": "/usr/bin:/bin"], limit: .seconds(60))
        #expect(onFile.status == 1)
        #expect(onFile.stderr == "error: The state folder \"\(file)\" is a regular file, not a folder.\n")
        let beneath = try await runWithLimit(Package.cli, ["donations", "list", "--state", file + "/sub"], environment: ["PATH": "/usr/bin:/bin"],
                                             limit: .seconds(60))
        #expect(beneath.status == 1)
        #expect(beneath.stderr == "error: The state folder \"\(file)/sub\" cannot be created: Not a directory.\n")
        let long = state.path + "/" + String(repeating: "x", count: 300)
        let overlong = try await runWithLimit(Package.cli, ["unlock", "--state", long], environment: ["PATH": "/usr/bin:/bin"], limit: .seconds(60))
        #expect(overlong.status == 1)
        #expect(overlong.stderr == "error: The state folder \"\(long)\" cannot be created: File name too long.\n")
    }

    @Test func aReadOnlyStateFolderIsOneSentenceForAnUnprivilegedUser() async throws {
        let workspace = try await UnprivilegedWorkspace()
        chmod(workspace.stateFolder, 0o555)
        let (lockStatus, lockOutput) = try await workspace.intents(["lock"])
        #expect(lockStatus == 1)
        #expect(lockOutput == "error: The lock state cannot be written in \(workspace.stateFolder): Permission denied.\n")
        let (listStatus, listOutput) = try await workspace.intents(["donations", "list"])
        #expect(listStatus == 1)
        #expect(listOutput.hasPrefix("error: The database \(workspace.stateFolder)/System.sqlite cannot be opened: "))
        #expect(!listOutput.contains("Domain="))
    }
}

/// Breaks an adversarial review found in the first round of fixes, each now a test.
extension CLITests {
    /// Runs `intents` with its stdout or stderr on /dev/full (writes fail with ENOSPC).
    func runWithFullDevice(_ arguments: [String], stdoutFull: Bool) async throws -> Int32 {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC), null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0 && null >= 0)
        defer { close(full); close(null) }
        let ended = try await SpawnedProgram(Package.cli, arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": state.path],
                                             stdout: stdoutFull ? full : null, stderr: stdoutFull ? null : full).ended()
        return ended.signal.map { 128 + $0 } ?? ended.status
    }

    @Test func anUnwritableStderrOrStdoutIsAFailureNotACrash() async throws {
        #expect(try await runWithFullDevice(["lock", "--state", "/dev/null"], stdoutFull: false) == 1)
        #expect(try await runWithFullDevice(["apps", "--apps", try sampleAppsFolder(apps), "--state", state.path], stdoutFull: true) == 1,
                "output lost is not a success")
    }

    @Test func aBadVoiceShortcutRowIsSkippedAndNamed() async throws {
        let system = try SystemStore(stateFolder: state.path)
        let raw = try RawSQLiteConnection(path: system.path)
        try raw.run("INSERT INTO voice_shortcuts (identifier, normalized_phrase, app, created, record) VALUES ('X', 'bad phrase', 'com.example.Pizza', 1.0, 'garbage')")
        let list = try await hostileRun(["shortcuts", "list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(try list.json()["shortcuts"] as? [Any] != nil)
        #expect(list.stderr.contains("warning: skipped voice shortcut X of com.example.Pizza in \(system.path): it is not valid JSON."))
        let say = try await hostileRun(["say", "order a margherita with Pizza", "--non-interactive"])
        #expect(!say.stderr.contains("cannot be read"), "one bad shortcut never stops say: \(say.stderr)")
    }

    @Test func theSameAppsFolderTwiceIsReadOnce() async throws {
        let samples = try sampleAppsFolder(apps)
        let run = try await runWithLimit(Package.cli, ["apps", "--apps", samples, "--apps", samples + "/", "--state", state.path],
                                         environment: ["PATH": "/usr/bin:/bin"], limit: .seconds(60))
        #expect(run.stdout.hasPrefix("Meditation (com.example.Meditation)"), "\(run.stdout)")
        #expect(!run.stdout.contains("is also used by"))
    }

    @Test func otherArgumentsAreBoundedAndDatesRangeChecked() async throws {
        let flags = try await hostileRun(["apps"] + Array(repeating: "--json", count: 2000), limit: .seconds(60))
        #expect(flags.status == 2)
        #expect(flags.stderr.hasPrefix("Error: intents takes at most 1000 arguments besides --param and --answer; got "))
        let far = try await hostileRun(["suggestions", "--at=9223372036854775807-01-01T00:00:00Z"])
        #expect(far.status == 2)
        #expect(far.stderr.contains("is not a date from 1970 to 9999"))
        let zoned = try await hostileRun(["suggestions", "--at", "2026-11-27T18:30Z"])
        #expect(zoned.status == 0, "ISO 8601 with a zone and no seconds, as the help says: \(zoned.stderr)")
    }

    @Test func anArgumentHoldingANewlineCannotForgeALineInAUsageError() async throws {
        let run = try await hostileRun(["send", "X", "--timeout", "5\nFORGED LINE"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: The value '5\\nFORGED LINE' is invalid"))
        #expect(!run.stderr.split(separator: "\n").contains { $0.hasPrefix("FORGED") })
    }
}

