import ExtensionProtocol
import Foundation
import LocalAPI
import SystemStore
import Testing
import TestPrograms

/// `intents serve`: a real server process, real clients.
@Suite struct ServerTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    /// Runs `intents` until it exits with `status`, for up to a minute: a generous bound, since
    /// the whole suite runs at once on few cores (a CI run spent 25 s between two tries); returns
    /// the last run.
    private func eventually(_ status: Int32, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let run = try await intents(arguments)
            if run.status == status || ContinuousClock.now > deadline { return run }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    private func intents(_ arguments: [String], stdin: String? = nil) async throws -> (status: Int32, output: String) {
        try await runProgram(Package.cli, ["--state", state.path] + arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": state.path])
    }

    @Test func aSecondSendReusesTheWarmExtensionProcess() async throws {
        // No spare runner, whose refill comes in the background, and no idle ending under a
        // loaded machine's pauses: the server's children change only when an extension starts.
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path,
                                    arguments: ["--no-spare", "--idle-timeout", "600"])
        // Meditation's extension is started at launch to gather its phrases' values (its App
        // Intents are known from its build).
        #expect(try await server.waitForLog("App Intents known"))
        #expect(try await intents(["authorize", "MonkeyChat", "grant"]).status == 0)
        let send = ["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=hi", "--yes"]
        let first = try await intents(send)
        #expect(first.status == 0, "\(first.output)")
        let afterFirst = server.childProcessIDs
        #expect(!afterFirst.isEmpty)
        for _ in 0..<2 {
            let again = try await intents(send)
            #expect(again.status == 0, "\(again.output)")
            // The same processes serve: none was started for these requests.
            #expect(server.childProcessIDs == afterFirst)
        }
        #expect(server.servedCount == 4)
        #expect(await server.stop() == 0)
    }

    @Test func sigtermLetsASlowConversationFinishThenEndsEveryExtension() async throws {
        let faulty = apps.path + "/Faulty"
        try addFaultyApp(to: faulty)
        // No spare runner: a child process appears only when the extension starts.
        let server = try await TestServer(apps: [faulty], state: state.path, arguments: ["--no-spare"])
        let system = try SystemStore(stateFolder: state.path)
        try system.setAuthorization(.authorized, app: "com.example.Faulty")
        async let slow = intents(["send", "INSendMessageIntent", "--param", "recipients=K", "--param", "content=sleep:3", "--yes"])
        let started = ContinuousClock.now + .seconds(20)
        while server.childProcessIDs.isEmpty && ContinuousClock.now < started { try await Task.sleep(for: .milliseconds(20)) }
        // The extension is now starting or handling it (it takes 3 s): note the server's processes.
        try await Task.sleep(for: .milliseconds(500))
        let runners = server.childProcessIDs
        #expect(kill(server.pid, SIGTERM) == 0)
        let result = try await slow
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("answered success"), "\(result.output)")
        #expect(await server.waitForExit() == 0)
        #expect(server.servedCount == 1, "the send ran without the server: \(server.log)")
        #expect(!runners.isEmpty)
        for runner in runners {
            #expect(kill(runner, 0) != 0, "runner \(runner) outlived the server")
        }
        #expect(LocalAPISocket.connect(stateFolder: state.path) == nil)
    }

    @Test func onlyTheIntentsCommandRunsCommands() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        // This test process plays an app that asks the server to grant it Siri.
        let socket = try #require(LocalAPISocket.connect(stateFolder: state.path))
        defer { close(socket) }
        let channel = FrameChannel(fileDescriptor: socket, codec: localAPICodec)
        try channel.send(ClientMessage.run(CommandRun(arguments: ["authorize", "MonkeyChat", "grant"], workingDirectory: "/",
                                                      environment: [:], interactive: false)))
        let (said, status) = try await offThePool { [channel] in
            var said = ""
            var status: Int32?
            while let message = try channel.receive(ServerMessage.self) {
                if case .standardError(let text) = message { said += text }
                if case .exit(let code) = message { status = code }
            }
            return (said, status)
        }
        #expect(status == 2)
        #expect(said.contains("only the intents command runs commands through the server"))
        let system = try SystemStore(stateFolder: state.path)
        #expect(try system.authorization(app: "com.example.MonkeyChat") == .notDetermined)
        #expect(await server.stop() == 0)
    }

    /// The server tells the user's `intents` command by the file it runs (device and inode), not
    /// by its name or folder: a copy of the command elsewhere is a client like any other and may
    /// not decide authorizations; a hard link of it, the same file, may.
    @Test func theIntentsCommandIsToldByItsFileNotItsPath() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path, arguments: ["--no-spare"])
        // Beside the build's products: a hard link needs the same file system.
        let elsewhere = Package.products + "/../peer-identity-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try FileManager.default.createDirectory(atPath: elsewhere + "/copy", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere + "/link", withIntermediateDirectories: true)
        try await ConfinedAppUserControlTests.copyExecutable(Package.cli, to: elsewhere + "/copy/intents")
        let environment = ["PATH": "/usr/bin:/bin", "HOME": state.path]

        let copy = try await runProgram(elsewhere + "/copy/intents", ["--state", state.path, "authorize", "MonkeyChat", "grant"],
                                        environment: environment)
        #expect(copy.status != 0, "\(copy.output)")
        #expect(copy.output.contains("/copy/intents is not it"), "\(copy.output)")
        let system = try SystemStore(stateFolder: state.path)
        #expect(try system.authorization(app: "com.example.MonkeyChat") == .notDetermined)

        try #require(link(Package.cli, elsewhere + "/link/intents") == 0, "link: \(String(cString: strerror(errno)))")
        let linked = try await runProgram(elsewhere + "/link/intents", ["--state", state.path, "authorize", "MonkeyChat", "grant"],
                                          environment: environment)
        #expect(linked.status == 0, "\(linked.output)")
        #expect(try system.authorization(app: "com.example.MonkeyChat") == .authorized)
        #expect(await server.stop() == 0)
    }

    /// The server remembers `intents` and `intents-mcp` as installed when it started, and reads
    /// them again when a peer connects: a rebuilt `intents` renamed over the old one is the
    /// command, and a file that is now `intents-mcp` is the bridge, never the command, even when
    /// it was `intents` when the server started (the lesser rights win).
    @Test func aReplacedCommandIsTheCommandAndTheBridgeNeverIs() async throws {
        let install = Package.products + "/../peer-install-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: install) }
        try FileManager.default.createDirectory(atPath: install, withIntermediateDirectories: true)
        try #require(link(Package.products + "/intents-host", install + "/intents-host") == 0, "link: \(String(cString: strerror(errno)))")
        try await ConfinedAppUserControlTests.copyExecutable(Package.cli, to: install + "/intents")
        try await ConfinedAppUserControlTests.copyExecutable(Package.products + "/intents-mcp", to: install + "/intents-mcp")
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path, arguments: ["--no-spare"],
                                          command: install + "/intents")
        let environment = ["PATH": "/usr/bin:/bin", "HOME": state.path]
        let system = try SystemStore(stateFolder: state.path)

        // A rebuild: a new file renamed over `intents`; the first one kept under another name.
        try #require(link(install + "/intents", install + "/.intents.first") == 0)
        try await ConfinedAppUserControlTests.copyExecutable(Package.cli, to: install + "/.intents.new")
        try #require(rename(install + "/.intents.new", install + "/intents") == 0)
        let rebuilt = try await runProgram(install + "/intents", ["--state", state.path, "authorize", "MonkeyChat", "grant"], environment: environment)
        #expect(rebuilt.status == 0, "\(rebuilt.output)")
        #expect(try system.authorization(app: "com.example.MonkeyChat") == .authorized)

        // The file that was `intents` when the server started, now named `intents-mcp`.
        try #require(rename(install + "/.intents.first", install + "/intents-mcp") == 0)
        let asBridge = try await runProgram(install + "/intents-mcp", ["--state", state.path, "authorize", "MonkeyChat", "deny"], environment: environment)
        #expect(asBridge.status != 0, "\(asBridge.output)")
        #expect(asBridge.output.contains("MCP bridge"), "\(asBridge.output)")
        #expect(try system.authorization(app: "com.example.MonkeyChat") == .authorized)
        #expect(await server.stop() == 0)
    }

    @Test func aSecondServerForTheSameStateIsRefused() async throws {
        let folder = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [folder], state: state.path)
        let second = try await runProgram(Package.cli, ["serve", "--apps", folder, "--state", state.path],
                                          environment: ["PATH": "/usr/bin:/bin", "HOME": state.path])
        #expect(second.status == 1)
        #expect(second.output.contains("Another intents server already runs for the state folder \(state.path); stop it first."))
        #expect(await server.stop() == 0)
    }

    @Test func aCommandNamingOtherAppsIsRefusedWithBothFolders() async throws {
        let folder = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [folder], state: state.path)
        let other = TemporaryFolder()
        let run = try await intents(["--apps", other.path, "apps"])
        #expect(run.status == 2)
        #expect(run.output.contains("serves the apps in"), "\(run.output)")
        #expect(await server.stop() == 0)
    }

    @Test func questionsAreAskedOnTheClientsTerminal() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        #expect(try await intents(["authorize", "MonkeyChat", "grant"]).status == 0)
        // script(1) gives the client a terminal; the answers are typed into it.
        let command = "\(Package.cli) --state \(state.path) send INSendMessageIntent --param recipients=Bobo --param content=hi --json"
        let run = try await runProgram("/bin/sh", ["-c", "printf '2\\nyes\\n' | script -qec \"\(command)\" /dev/null"],
                                       environment: ["PATH": "/usr/bin:/bin", "HOME": state.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("? Which recipient do you mean?"))
        #expect(run.output.contains("@bobo.jungle"), "\(run.output)")
        #expect(server.servedCount == 2)
        #expect(await server.stop() == 0)
    }

    @Test(arguments: ["inotify", "poll"]) func bundlesDroppedInReplacedAndRemovedAreServedWithoutARestart(watch: String) async throws {
        let live = apps.path + "/Live"
        let staging = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: true)
        let server = try await TestServer(apps: [live], state: state.path, arguments: ["--watch", watch])
        let system = try SystemStore(stateFolder: state.path)
        try system.setAuthorization(.authorized, app: "com.example.Faulty")
        let send = ["send", "INSendMessageIntent", "--param", "recipients=K", "--param", "content=hi", "--yes"]
        #expect(try await intents(send).output.contains("No extension supports INSendMessageIntent"))

        // Added: copied in whole (a copy of the library, as an installer writes one).
        try addFaultyApp(to: staging.path, library: try copiedLibrary("FaultyIntents", into: staging))
        try await copyTree(staging.path + "/Faulty.app", to: live + "/Faulty.app")
        let added = try await eventually(0, send)
        #expect(added.status == 0, "\(added.output)\n\(server.log)")
        let firstProcesses = server.childProcessIDs

        // Replaced by a bundle whose principal class gives no handler: the next request gets that answer.
        let replacement = TemporaryFolder()
        try addFaultyApp(to: replacement.path, principalClass: "FaultyIntents.EmptyExtension",
                         library: try copiedLibrary("FaultyIntents", into: replacement))
        try FileManager.default.removeItem(atPath: live + "/Faulty.app")
        try await copyTree(replacement.path + "/Faulty.app", to: live + "/Faulty.app")
        let replaced = try await eventually(5, send)
        #expect(replaced.status == 5, "\(replaced.output)\n\(server.log)")
        #expect(server.childProcessIDs != firstProcesses, "the replaced bundle's process was reused")

        // A malformed bundle beside it is reported and changes nothing else.
        try FileManager.default.createDirectory(atPath: live + "/Broken.app", withIntermediateDirectories: true)
        try Data("not a plist".utf8).write(to: URL(fileURLWithPath: live + "/Broken.app/Info.plist"))
        #expect(try await server.waitForLog("Broken.app"), "\(server.log)")
        #expect(try await intents(send).status == 5)

        // Removed: no extension supports it any more.
        try FileManager.default.removeItem(atPath: live + "/Faulty.app")
        let removed = try await eventually(2, send)
        #expect(removed.status == 2)
        #expect(removed.output.contains("No extension supports INSendMessageIntent"), "\(removed.output)")
        #expect(await server.stop() == 0)
    }

    /// Issue 21: a removed bundle stops being served, and its warm process ends, while another
    /// bundle's plist is touched without pause (the reload used to wait for the folders to be
    /// quiet, and the warm process went on answering).
    @Test func aRemovedBundleStopsBeingServedWhileAnotherIsTouched() async throws {
        let live = apps.path + "/Live"
        try addFaultyApp(to: live)
        let busy = try BundleWriter(appsFolder: live).app("Busy", identifier: "com.example.Busy")
        // No spare runner and no idle ending: the server's children change only when an
        // extension starts or is retired.
        let server = try await TestServer(apps: [live], state: state.path, arguments: ["--no-spare", "--idle-timeout", "600"])
        try SystemStore(stateFolder: state.path).setAuthorization(.authorized, app: "com.example.Faulty")
        let send = ["send", "INSendMessageIntent", "--param", "recipients=K", "--param", "content=hi", "--yes"]
        let served = try await intents(send)
        #expect(served.status == 0, "\(served.output)")
        let warm = server.childProcessIDs
        try #require(!warm.isEmpty)

        let toucher = await FileToucher.start(touching: busy + "/Info.plist")
        defer { toucher.stop() }
        try FileManager.default.removeItem(atPath: live + "/Faulty.app")
        let touchesAtRemoval = toucher.count
        let removed = try await eventually(2, send)
        #expect(removed.status == 2)
        #expect(removed.output.contains("No extension supports INSendMessageIntent"), "\(removed.output)\n\(server.log)")
        try await waitUntil(.seconds(60)) { server.childProcessIDs.isDisjoint(with: warm) }
        #expect(await toucher.touched(after: touchesAtRemoval), "the touching had stopped")
        #expect(await server.stop() == 0)
    }

    /// A half-copied library (cut short) is refused, and loaded once the copy completes.
    @Test func aLibraryStillBeingCopiedIsNotLoadedHalfWritten() async throws {
        let live = apps.path + "/Live"
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: true)
        let server = try await TestServer(apps: [live], state: state.path)
        try SystemStore(stateFolder: state.path).setAuthorization(.authorized, app: "com.example.Faulty")
        let whole = try Data(contentsOf: URL(fileURLWithPath: Package.library("FaultyIntents")))
        let library = live + "/Faulty.app/PlugIns/FaultyIntents.appex/libFaultyIntents.so"
        let staging = TemporaryFolder()
        try addFaultyApp(to: live, library: try copiedLibrary("FaultyIntents", into: staging))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: library))
        #expect(try await server.waitForLog("is cut short"), "\(server.log)")
        let send = ["send", "INSendMessageIntent", "--param", "recipients=K", "--param", "content=hi", "--yes"]
        let half = try await intents(send)
        #expect(half.status == 2, "\(half.output)")
        try whole.write(to: URL(fileURLWithPath: library))
        #expect(try await eventually(0, send).status == 0)
        #expect(await server.stop() == 0)
    }

    /// A copy of the built library `name` in `folder` (its own file, as an installed bundle has).
    private func copiedLibrary(_ name: String, into folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/lib\(name)-\(UUID().uuidString).so"
        try FileManager.default.copyItem(atPath: Package.library(name), toPath: path)
        return path
    }

    /// Copies a folder tree with cp, as a user drops a bundle in.
    private func copyTree(_ source: String, to destination: String) async throws {
        #expect(try await SpawnedProgram.run("/bin/cp", ["-r", source, destination]).status == 0)
    }

    @Test func aConnectionThatSaysNothingIsCutAndHoldsNothingUp() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        let idle = try #require(LocalAPISocket.connect(stateFolder: state.path))
        defer { close(idle) }
        // Others are served meanwhile.
        #expect(try await intents(["apps"]).status == 0)
        // The idle one is cut off: its read ends (after the server's idle cut, off the pool).
        #expect(try await offThePool { var byte: UInt8 = 0; return read(idle, &byte, 1) } == 0)
        #expect(await server.stop() == 0)
    }

    @Test func aCommandForAnotherStateFolderIsRefusedNotRunOnTheServers() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        let other = TemporaryFolder()
        // The client reaches this server (its last --state); the command names the other folder first.
        let run = try await runProgram(Package.cli, ["--state", other.path, "lock", "--state", state.path],
                                       environment: ["PATH": "/usr/bin:/bin", "HOME": state.path])
        #expect(run.status == 2, "\(run.output)")
        #expect(run.output.contains("cannot run a command for the state folder"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: state.path + "/lock-state"))
        #expect(await server.stop() == 0)
    }

    @Test func metricsAreServedForPrometheus() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path, arguments: ["--metrics", "127.0.0.1:0"])
        let url = try #require(server.log.split(separator: " ").first { $0.hasPrefix("url=http://127.0.0.1:") })
        let port = try #require(UInt16(url.dropFirst("url=http://127.0.0.1:".count).prefix { $0.isNumber }))
        // At start the server gathers the values of Meditation's phrases from its extension's
        // query: one extension start of its own (its App Intents are known from its build).
        #expect(try await server.waitForLog("App Intents known"))
        #expect(server.log.contains("shortcuts=1 [IntentsServer] App Intents known"), "\(server.log)")
        #expect(try await intents(["send", "OrderPizzaIntent", "--param", "kind=funghi", "--param", "quantity=1",
                                   "--param", "deliveryTime=12:00"]).status == 0)
        #expect(try await intents(["lock"]).status == 0)
        #expect(try await intents(["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=hi"]).status == 3)
        let metrics = try await offThePool { try Self.get("/metrics", port: port) }
        #expect(metrics.hasPrefix("HTTP/1.0 200 OK"))
        #expect(metrics.contains(#"intents_conversations_total{outcome="success"} 1"#), "\(metrics)")
        #expect(metrics.contains(#"intents_refusals_total{reason="lock"} 1"#), "\(metrics)")
        #expect(metrics.contains(#"intents_step_duration_seconds_count{step="handle"} 1"#), "\(metrics)")
        #expect(metrics.contains("intents_extension_starts_total 2"), "\(metrics)")
        #expect(try await offThePool { try Self.get("/", port: port) }.hasPrefix("HTTP/1.0 404"))
        #expect(await server.stop() == 0)
    }

    /// The acceptance's count: installed while locked, an App Intents extension built with the
    /// metadata plugin has its App Shortcuts, descriptions and policies known at once, and no
    /// extension process is started for them (the phrases' entity values wait for an unlock).
    @Test func appIntentsInstalledWhileLockedAreKnownWithNoExtensionStarted() async throws {
        let folder = try sampleAppsFolder(apps)
        #expect(try await runProgram(Package.cli, ["--state", state.path, "lock"],
                                     environment: ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_NO_SERVER": "1"]).status == 0)
        let server = try await TestServer(apps: [folder], state: state.path, arguments: ["--metrics", "127.0.0.1:0", "--no-spare"])
        let url = try #require(server.log.split(separator: " ").first { $0.hasPrefix("url=http://127.0.0.1:") })
        let port = try #require(UInt16(url.dropFirst("url=http://127.0.0.1:".count).prefix { $0.isNumber }))
        #expect(try await server.waitForLog("App Intents known"))
        #expect(server.log.contains("shortcuts=1 [IntentsServer] App Intents known"), "\(server.log)")
        let listed = try await intents(["shortcuts", "list"])
        #expect(listed.output.contains("\"Start a Meditation\"  com.example.Meditation: StartMeditationIntent (6 phrases)"), "\(listed.output)")
        let policy = try await intents(["policy", "--json", "Meditation"])
        #expect(policy.status == 0, "\(policy.output)")
        #expect(!policy.output.contains(#""rule":"app-intents-unknown""#), "\(policy.output)")
        let metrics = try await offThePool { try Self.get("/metrics", port: port) }
        // A counter shows once it counts: no line, no start. The gate refused the phrase values'
        // query while locked, at start and for the listing.
        let starts = metrics.split(separator: "\n").first { $0.hasPrefix("intents_extension_starts_total ") }
        #expect(starts == nil || starts == "intents_extension_starts_total 0", "\(metrics)")
        #expect(metrics.contains(#"intents_refusals_total{reason="lock"} 2"#), "\(metrics)")
        #expect(await server.stop() == 0)
    }

    /// A plain HTTP/1.0 GET on 127.0.0.1.
    private static func get(_ path: String, port: UInt16) throws -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let request = Array("GET \(path) HTTP/1.0\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            response += chunk[..<got]
        }
        return String(decoding: response, as: UTF8.self)
    }

    @Test(arguments: [
        (["--metrics", "localhost"], "--metrics \"localhost\" is not HOST:PORT with an IPv4 host, for example 127.0.0.1:9464."),
        (["--watch", "sometimes"], "--watch \"sometimes\" is not a mode; give inotify, poll or off."),
        (["--max-live", "0"], "--max-live 0 is out of range; give 1 to 1024."),
        (["--connections-per-program", "129"], "--connections-per-program 129 is out of range; give 1 to 128."),
        (["--log-level", "loud"], "--log-level \"loud\" is not a level; give trace, debug, info, notice, warning, error or critical."),
    ])
    func badServeArgumentsAreOneSentenceWithExitTwo(arguments: [String], message: String) async throws {
        let run = try await runProgram(Package.cli, ["serve", "--apps", try sampleAppsFolder(apps), "--state", state.path] + arguments,
                                       environment: ["PATH": "/usr/bin:/bin", "HOME": state.path])
        #expect(run.status == 2, "\(run.output)")
        #expect(run.output.contains(message), "\(run.output)")
        #expect(LocalAPISocket.connect(stateFolder: state.path) == nil)
    }

    @Test func aClientWritingGarbageIsLoggedAndOthersAreServed() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        let socket = try #require(LocalAPISocket.connect(stateFolder: state.path))
        let garbage = Array("GET / HTTP/1.0\r\n\r\n".utf8)
        _ = garbage.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
        let got = try await offThePool {
            var byte: UInt8 = 0
            return read(socket, &byte, 1)
        }
        #expect(got <= 0)  // cut off (end or reset), nothing answered
        close(socket)
        #expect(server.log.contains("bad frame from a client"), "\(server.log)")
        #expect(try await intents(["apps"]).status == 0)
        #expect(await server.stop() == 0)
    }
}
