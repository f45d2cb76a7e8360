import Deadlines
@testable import ExtensionProcesses
import ExtensionProtocol
import Foundation
import Framing
@testable import Intents
@testable import IntentsClient
@testable import IntentsHost
@testable import IntentsServer
import LocalAPI
import Synchronization
import SystemStore
import Testing
import TestPrograms

/// The SDK's server start (`IntentsClient.connectedSocket`, `ServerLauncher`), attacked: an app
/// whose system call starts `intents-host serve` for its state folder, racing apps, a listener
/// that never accepts, and what the started server leaves in the state folder. Each test asserts
/// the safe behaviour: a failing one is a finding. A finding marked "not fixed" fails until its
/// design question is settled; the others pass with the fix that follows their test's commit.
@Suite struct SDKServerAdversaryTests {
    let state = TemporaryFolder()

    private func configuration(startsServer: Bool = true) -> IntentsClient.Configuration {
        var configuration = IntentsClient.Configuration(stateFolder: state.path)
        configuration.startsServer = startsServer
        configuration.hostExecutable = Package.products + "/intents-host"
        configuration.serverStartTimeout = .seconds(30)
        return configuration
    }

    // MARK: Findings

    /// FINDING (medium): `ServerLauncher.spawn` posix_spawns the server with the app's every
    /// descriptor that lacks FD_CLOEXEC (a make jobserver pipe, a socket passed by a parent, a
    /// pipe the app made with pipe()), and the server is detached and outlives the app: a reader
    /// of that pipe never sees end-of-file while the server lives, and the user's long-lived
    /// server holds (and could write to) what was handed to one app.
    @Test func aStartedServerHoldsNoDescriptorOfTheApp() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)  // without O_CLOEXEC, as an app's own (or inherited) pipe is
        defer { close(ends[0]); close(ends[1]) }
        let ours = Set(ends.compactMap { Self.readLink("/proc/self/fd/\($0)") })
        try #require(ours.count == 1)
        let configuration = configuration()
        let socket = try await Self.onThread { try IntentsClient.connectedSocket(configuration) }
        defer { close(socket); stopServer(listeningIn: state.path) }
        let server = try #require(PeerIdentity(socket: socket)?.processID)
        let held = Self.descriptors(of: server).filter { ours.contains($0.value) }
        #expect(held.isEmpty, "the server (pid \(server)) holds the app's pipe as descriptors \(held.keys.sorted())")
    }

    /// FINDING (low): `LocalAPISocket.connect` connects a blocking socket with no send timeout: a
    /// process of the user's that listens on `<state>/intents.sock` and never accepts (or any
    /// listener whose backlog is full) holds every app's system call (`INInteraction.donate`,
    /// `INVocabulary`...) in connect(2) for ever; `serverStartTimeout` and the reply timeout
    /// start only after it.
    @Test func aListenerThatNeverAcceptsDoesNotHoldTheApp() async throws {
        let listener = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(listener >= 0)
        let bound = LocalAPISocket.withAddress(stateFolder: state.path) { address, length in
            bind(listener, address, length) == 0 && listen(listener, 0) == 0
        }
        var queued: [Int32] = []
        var listening = true
        defer {
            queued.forEach { close($0) }
            if listening { close(listener) }
        }
        try #require(bound == true)
        // Fill the backlog without blocking, as other waiting clients would.
        for _ in 0..<64 {
            let client = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard client >= 0 else { break }
            let connected = LocalAPISocket.withAddress(stateFolder: state.path) { address, length in connect(client, address, length) == 0 }
            if connected == true { queued.append(client) } else { close(client); break }
        }
        try #require(!queued.isEmpty)

        let configuration = configuration(startsServer: false)
        let call = Self.startOnThread { try IntentsClient.connectedSocket(configuration) }
        let returned = await call.waitForResult(.seconds(10))
        #expect(returned, "the app's call did not return within 10 s: it waits in connect(2) for a listener that never accepts")
        // Ends the listener, so that a call still blocked in connect(2) fails (ECONNREFUSED) and
        // its thread ends; then the socket it may have got is closed, once.
        close(listener)
        listening = false
        #expect(await call.waitForResult(.seconds(10)), "the call did not end even once the listener closed")
        if case .success(let socket)? = call.result { close(socket) }
    }

    /// FINDING (low): a client that lost the race to start the server (two apps' first system
    /// calls at once) truncates `<state>/server.log` (`ServerLauncher.openLog` ftruncates it) while
    /// the winner writes to it, and points its own server's refusal at offset 0: the running
    /// server's log loses its start ("serving ... pid=") and reads as if no server ran.
    @Test func aLosingStartKeepsTheRunningServersLog() async throws {
        let configuration = configuration()
        let first = try await Self.onThread { try IntentsClient.connectedSocket(configuration) }
        close(first)
        defer { stopServer(listeningIn: state.path) }
        let logPath = state.path + "/server.log"
        let log = { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
        try await waitUntil(.seconds(20)) { log().contains("serving") }
        // A second app that found no socket a moment earlier starts a server too.
        let second = try await Self.onThread { try ServerLauncher.start(configuration) }
        close(second)
        #expect(log().contains("serving"), "the running server's log lost its start:\n\(log())")
    }

    /// FINDING (medium): the server started for a state folder the launcher accepts (the user's,
    /// not writable by others, but readable: 0755, as `mkdir -p` makes it) creates the system
    /// store with SQLite's default mode 0644 under the app's umask: every local user reads the
    /// user's donations, voice shortcuts, vocabulary and Siri authorizations. The server's lock,
    /// socket and log are 0600; the store should be too.
    @Test func theStoreOfAStartedServerIsTheUsersAlone() async throws {
        try #require(chmod(state.path, 0o755) == 0)
        let configuration = configuration()
        let socket = try await Self.onThread { try IntentsClient.connectedSocket(configuration) }
        close(socket)
        defer { stopServer(listeningIn: state.path) }
        let store = state.path + "/System.sqlite"
        try await waitUntil(.seconds(20)) { FileManager.default.fileExists(atPath: store) }
        for path in [store, store + "-wal", store + "-shm"] {
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            #expect(status.st_mode & 0o077 == 0, "\(path) has mode \(String(status.st_mode & 0o777, radix: 8)): other users read it")
        }
    }

    /// FINDING (medium, fixed): the server an app starts ran with the app's whole
    /// environment (`ServerLauncher.spawn` passes `environ`), and then serves every app of the
    /// user until it is idle: what one app set reaches the others: the runner environment of every
    /// extension takes the server's `LD_LIBRARY_PATH`, an app the server continues unconfined
    /// (`ActivityContinuation.run`) takes the server's whole environment (`LD_PRELOAD`,
    /// `INTENTS_APP_GROUP_CONTAINERS`...), and `INTENTS_APPS` decides the server's catalog
    /// (see `anAppCannotChooseTheCatalogThatNamesIt`). The launcher now passes the user's few
    /// variables (`ServerLauncher.serverEnvironment`: PATH, HOME, locale, XDG folders) and
    /// `INTENTS_APPS` alone.
    @Test func aStartedServerCarriesNotTheAppsEnvironment() async throws {
        let apps = TemporaryFolder()
        let appEnvironment: [String: String] = ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_APPS": try sampleAppsFolder(apps),
                                                "INTENTS_HOST_EXECUTABLE": Package.products + "/intents-host",
                                                "INTENTS_ADVERSARY_PROBE": "app-only", "LD_LIBRARY_PATH": "/nonexistent/app-private-libs"]
        defer { stopServer(listeningIn: state.path) }
        // The app, then the server's environment, on one thread: the server ends after 60 s
        // idle, and no wait for a thread of the concurrency pool may come between.
        let (sent, server) = try await offThePool { [state] in
            let sent = CLIRun(try SpawnedProgram(Package.products + "/monkeychat", ["send", "c-kiki", "Bananas at noon?", "--state", state.path],
                                                 environment: appEnvironment).finish())
            guard let socket = LocalAPISocket.connect(stateFolder: state.path) else { return (sent, nil as [String]?) }
            defer { close(socket) }
            guard let process = PeerIdentity(socket: socket)?.processID else { return (sent, ["no peer identity"]) }
            let environ = String(decoding: FileManager.default.contents(atPath: "/proc/\(process)/environ") ?? Data(), as: UTF8.self)
            return (sent, environ.split(separator: "\0").map(String.init))
        }
        #expect(sent.status == 0, "\(sent.stdout) \(sent.stderr)")
        let environment = try #require(server, "the app started no server: \(sent.stdout) \(sent.stderr)")
        #expect(environment.contains { $0.hasPrefix("PATH=") }, "the server's environment was not read: \(environment)")
        #expect(!environment.contains("INTENTS_ADVERSARY_PROBE=app-only"), "the server carries the app's environment: \(environment)")
        #expect(!environment.contains("LD_LIBRARY_PATH=/nonexistent/app-private-libs"), "the server carries the app's LD_LIBRARY_PATH")
    }

    /// FINDING (medium, not fixed: a known issue): the app whose system call starts the server chooses the
    /// server's catalog (`INTENTS_APPS` in its environment, or `IntentsClient.Configuration`'s
    /// `appsFolders` / `serverArguments` for `--apps`), and the catalog is what names a peer: a
    /// bundle of the app's own making that says `CFBundleIdentifier` com.example.Meditation and
    /// holds the app's own executable (here MonkeyChat's) makes the server name the app
    /// Meditation: it donates as Meditation, reads Meditation's voice shortcuts and authorization,
    /// and asks the user for Siri in Meditation's name. Waiting for a server's idle exit is enough
    /// to be the one that starts the next. The apps folders a started server serves should be the
    /// user's (a fixed default, or recorded in the state folder by the user), never the client's.
    @Test func anAppCannotChooseTheCatalogThatNamesIt() async throws {
        let own = TemporaryFolder()
        let bundle = own.path + "/Impostor.app"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try #require(link(Package.products + "/monkeychat", bundle + "/monkeychat") == 0)
        let plist: [String: Any] = ["CFBundleIdentifier": "com.example.Meditation", "CFBundleExecutable": "monkeychat",
                                    "CFBundleName": "Meditation"]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: bundle + "/Info.plist"))
        try FileManager.default.copyItem(atPath: Package.root + "/Info/MonkeyChat/MonkeyChat.entitlements",
                                         toPath: bundle + "/MonkeyChat.entitlements")
        let sent = try await runProgram(bundle + "/monkeychat", ["send", "c-kiki", "Bananas at noon?", "--state", state.path],
                                        environment: ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_APPS": own.path,
                                                      "LD_LIBRARY_PATH": Package.products,
                                                      "INTENTS_HOST_EXECUTABLE": Package.products + "/intents-host"])
        defer { stopServer(listeningIn: state.path) }
        let donations = try SystemStore(stateFolder: state.path).donations(app: "com.example.Meditation")
        // Known, not fixed: the fix is a user's setting of the apps folders kept in the state
        // folder, which a started server would read instead of its launcher's. Until then an
        // unconfined app of the user's can do this (as it could write the store or run `intents
        // authorize` itself, being the user); a confined app starts no server.
        withKnownIssue("a started server serves the apps folders its launcher names (INTENTS_APPS)") {
            #expect(donations.isEmpty, "MonkeyChat's executable donated as com.example.Meditation: \(donations.map(\.action.name)); \(sent.output)")
        }
    }

    /// FINDING (low): `ServerSystemCall.send` bounds each read of the answer (SO_RCVTIMEO),
    /// not the call: a listener of the user's that never reads holds a large call (a vocabulary
    /// of ~900 KB, more than the socket's buffer) in send(2) for ever, as no send timeout is set;
    /// the call is said to await its answer "at most 60 s".
    @Test func aServerThatNeverReadsDoesNotHoldTheAppsCall() async throws {
        let fake = try FakeListener(stateFolder: state.path)
        defer { fake.close() }
        let words = (0..<9_000).map { String(format: "%099d", $0) }
        let folder = state.path
        let clock = DeadlineClock.manual()
        let call = Self.startOnThread {
            try ServerSystemCall.send(.setVocabulary(words, type: 0), stateFolder: folder, failing: .missingInformation,
                                      startingServer: false, app: Self.app, clock: clock)
        }
        // The exchange's deadline is kept on a manual clock: the test moves it past the
        // deadline instead of waiting 60 s. The listener never answers, so nothing else can end it.
        await clock.waitForPendingDeadline(labelled: "system call")
        #expect(call.result == nil, "the call ended before its deadline: \(String(describing: call.result))")
        clock.advance(by: ServerSystemCall.replyTimeout(for: .setVocabulary([], type: 0)))
        #expect(await call.waitForResult(.seconds(30)), "the app's call did not end at its deadline")
        #expect(throws: INIntentError.self) { try call.result?.get() }
        fake.close()
    }

    /// FINDING (low): a listener of the user's that answers one byte at a time (each within the
    /// read timeout) holds the app's call as long as it likes: SO_RCVTIMEO restarts with each
    /// byte, and a frame may be 1 MiB. The call's whole exchange should have one deadline.
    @Test func aServerThatAnswersByTheByteDoesNotHoldTheAppsCall() async throws {
        let fake = try FakeListener(stateFolder: state.path)
        defer { fake.close() }
        fake.dribble(header: [0xf1, localAPIVersion, 0, 0, 0x01, 0], every: .milliseconds(500))
        let folder = state.path
        let clock = DeadlineClock.manual()
        let call = Self.startOnThread {
            try ServerSystemCall.send(.authorization, stateFolder: folder, failing: .missingInformation, startingServer: false,
                                      app: Self.app, clock: clock)
        }
        await clock.waitForPendingDeadline(labelled: "system call")
        #expect(call.result == nil, "the call ended before its deadline: \(String(describing: call.result))")
        clock.advance(by: ServerSystemCall.replyTimeout(for: .authorization))
        #expect(await call.waitForResult(.seconds(30)), "the app's call did not end at its deadline, the listener still dribbling")
        #expect(throws: INIntentError.self) { try call.result?.get() }
        fake.close()
    }

    /// FINDING (medium, fixed: installed apps have a budget of their own): `ConnectionBudget` gave each program (executable file) 32
    /// of the 256 connections all programs share, and names a program by its file's inode: a
    /// program of the user's that runs 8 copies of itself (8 inodes; here copies of python3)
    /// holds all 256, each connection for up to `firstMessageTimeout` (30 s) and again after
    /// it, and every app's system call (`INInteraction.donate`...) is refused meanwhile. Installed
    /// apps (the catalog's executables) should have shares that programs outside it cannot take.
    @Test func copiesOfOneProgramCannotStarveTheApps() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        let apps = TemporaryFolder()
        let appsFolder = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [appsFolder], state: state.path)
        let limits = ConnectionBudget.Limits()
        let copiesNeeded = limits.programs / limits.perProgram + 1
        let copies = TemporaryFolder()
        let script = """
        import socket, sys, time
        path, ready, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
        held = []
        for _ in range(count):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            held.append(s)
        open(ready, "w").close()
        time.sleep(45)
        """
        var attackers: [ChildProcess] = []
        defer { attackers.forEach { $0.kill() } }
        for index in 0..<copiesNeeded {
            let copy = copies.path + "/attacker\(index)"
            try await ConfinedAppUserControlTests.copyExecutable("/usr/bin/python3", to: copy)
            attackers.append(try spawnBeside(copy, ["-c", script, state.path + "/" + LocalAPISocket.fileName, copies.path + "/ready\(index)",
                                                    String(limits.perProgram)]))
        }
        try await waitUntil(.seconds(30)) { (0..<copiesNeeded).allSatisfy { FileManager.default.fileExists(atPath: copies.path + "/ready\($0)") } }

        let sent = try await runProgram(Package.products + "/monkeychat", ["send", "c-kiki", "Bananas at noon?", "--state", state.path],
                                        environment: ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_APPS": appsFolder])
        #expect(!sent.output.contains("was not donated"), "\(sent.output)")
        #expect(try SystemStore(stateFolder: state.path).donations(app: "com.example.MonkeyChat").count == 1, "\(server.log.suffix(1500))")
        attackers.forEach { $0.kill() }
        #expect(await server.stop() == 0)
    }

    // MARK: What held

    /// A state folder another user owns is refused before anything is started or written there.
    @Test func aStateFolderOfAnotherUserIsRefused() async throws {
        guard getuid() == 0 else { return }
        let folder = state.path + "/foreign"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #require(chown(folder, 65534, 65534) == 0)
        var foreign = configuration()
        foreign.stateFolder = folder
        let configuration = foreign
        let error = await #expect(throws: IntentsClientError.self) {
            _ = try await Self.onThread { try IntentsClient.connectedSocket(configuration) }
        }
        #expect(error?.code == .serverUnavailable)
        #expect(error?.message.contains("not this user's alone") == true, "\(error?.message ?? "")")
        #expect(!FileManager.default.fileExists(atPath: folder + "/server.log"))
    }

    /// A log that is a link (symbolic or hard) to a file elsewhere is refused, and that file is
    /// neither truncated nor written.
    @Test(arguments: [false, true]) func aLinkedLogIsRefusedAndItsTargetKept(hardLink: Bool) async throws {
        let target = state.path + "/precious"
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: target))
        let log = state.path + "/server.log"
        try #require((hardLink ? link(target, log) : symlink(target, log)) == 0)
        var quick = configuration()
        quick.hostExecutable = "/bin/true"
        quick.serverStartTimeout = .seconds(2)
        let configuration = quick
        let error = await #expect(throws: IntentsClientError.self) {
            _ = try await Self.onThread { try IntentsClient.connectedSocket(configuration) }
        }
        #expect(error?.message.contains("server.log") == true, "\(error?.message ?? "")")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
    }

    /// An app the host started confined (`INTENTS_SANDBOXED=1`) never starts a server: its
    /// donation fails, and nothing listens or was logged in the state folder.
    @Test func aConfinedAppStartsNoServer() async throws {
        let apps = TemporaryFolder()
        let sent = try await runProgram(Package.products + "/monkeychat", ["send", "c-kiki", "Bananas at noon?", "--state", state.path],
                                        environment: ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_APPS": try sampleAppsFolder(apps),
                                                      "INTENTS_HOST_EXECUTABLE": Package.products + "/intents-host", "INTENTS_SANDBOXED": "1"])
        defer { stopServer(listeningIn: state.path) }
        #expect(LocalAPISocket.connect(stateFolder: state.path) == nil, "a confined app started a server: \(sent.output)")
        #expect(!FileManager.default.fileExists(atPath: state.path + "/server.log"))
    }

    // MARK: Support

    /// `body` on a thread of its own (it blocks), awaited.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// A blocking call on a thread of its own, whose end is waited for with a limit.
    final class BlockingCall<T: Sendable>: Sendable {
        private let outcome = Completion<Result<T, any Error>>()
        var result: Result<T, any Error>? { outcome.value }
        fileprivate func finish(_ result: Result<T, any Error>) { outcome.complete(result) }

        /// Whether the call ended within `limit` (woken by its end, not by a timer).
        func waitForResult(_ limit: Duration) async -> Bool {
            await outcome.wait(within: limit) != nil
        }
    }

    static func startOnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) -> BlockingCall<T> {
        let call = BlockingCall<T>()
        Thread { call.finish(Result { try body() }) }.start()
        return call
    }

    static let app = IntentsAppContext.AppBundle(path: "/nonexistent/Probe.app", bundleIdentifier: "com.example.Probe", displayName: "Probe",
                                                 userActivityTypes: [], siriUsageDescription: nil)

    /// What process `pid`'s descriptors are (`/proc/PID/fd/N` -> "pipe:[inode]"...), by number.
    static func descriptors(of pid: pid_t) -> [Int: String] {
        var result: [Int: String] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? [] {
            if let number = Int(entry), let target = readLink("/proc/\(pid)/fd/\(entry)") { result[number] = target }
        }
        return result
    }

    static func readLink(_ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }
}

/// A confined app and the `intents` command the server trusts with the user's decisions.
@Suite struct ConfinedAppUserControlTests {
    let state = TemporaryFolder()
    let apps = TemporaryFolder()

    /// FINDING (high): the server takes a peer for the user when it runs the `intents` command
    /// beside the server's executable (`PeerIdentity.isIntentsCommand`: the path of the file it
    /// runs), and that decides Siri authorizations and the lock state (`requireUserControl`,
    /// `ServedCommand`). A confined app's sandbox lets it execute everything under /usr
    /// (`RuntimeFolders.system`) and reach the server's socket, so once the host is installed
    /// under /usr (as a package puts it: /usr/bin/intents, /usr/local/bin/intents), a continued
    /// app (here a two-line script) runs `intents authorize <itself> grant` and is authorized,
    /// with no question to the user. The command the user runs should be told from an app by
    /// more than its file: e.g. refuse user control to a peer in another PID or user namespace
    /// than the server's, or to a peer whose ancestry holds a confined process (its cgroup), or
    /// let no confined process execute the intents command.
    @Test func aConfinedAppCannotAuthorizeItselfThroughTheIntentsCommand() async throws {
        guard getuid() == 0 else { return }  // installs a copy of the host under /usr, as a package would
        let installed = "/usr/local/lib/intents-adversary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: installed) }
        try await Self.copyExecutable(Package.cli, to: installed + "/intents")
        try await Self.copyExecutable(Package.products + "/intents-host", to: installed + "/intents-host")

        let writer = BundleWriter(appsFolder: apps.path)
        let type = "com.example.evil.run"
        let evil = try writer.app("Evil", identifier: "com.example.Evil",
                                  extra: ["CFBundleExecutable": "evil", "NSUserActivityTypes": [type],
                                          "NSSiriUsageDescription": "Evil wants Siri."])
        try await PolicyGateTests.writeExecutable("#!/bin/sh\nexec \(installed)/intents authorize com.example.Evil grant --state \"$INTENTS_STATE\" 2>&1\n",
                                            to: evil + "/evil")

        // The user's server, installed under /usr.
        let logPath = state.path + ".serve.log"
        let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(log >= 0)
        let server = try spawnBeside(installed + "/intents", ["serve", "--apps", apps.path, "--state", state.path],
                                     environment: ["PATH": "/usr/bin:/bin", "HOME": state.path], output: .descriptor(log))
        close(log)
        defer {
            server.signal(SIGTERM)
            // Reaped on a thread of its own, never one of the concurrency pool's.
            Thread { if server.waitBlocking(timeout: .seconds(30)) == nil { server.kill() } }.start()
        }
        try await waitUntil(.seconds(60)) {
            guard let socket = LocalAPISocket.connect(stateFolder: state.path) else { return !server.isRunning }
            close(socket)
            return true
        }
        try #require(server.isRunning, "\((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")")

        let dispatcher = makeDispatcher([apps.path], state: state, stepTimeout: .seconds(30))
        let app = try #require(dispatcher.catalog.apps.first { $0.bundleIdentifier == "com.example.Evil" }, "\(dispatcher.catalog.faults)")
        let clearance = try dispatcher.clear(.userActivity(type, of: app), app: app, from: .activityContinuation)
        let outcome = try await ActivityContinuation.run(UserActivityPayload(activityType: type, userInfo: [:]), cleared: clearance,
                                                         stateFolder: state.path, timeout: .seconds(30), capturingOutput: true,
                                                         sandbox: ActivityContinuation.Sandbox(runnerPath: Package.runner))
        try #require(outcome.confinement?.missingRequiredLayers.isEmpty == true, "the app did not run confined: \(outcome.output)")
        let status = try SystemStore(stateFolder: state.path).authorization(app: "com.example.Evil")
        #expect(status == .notDetermined, "a confined app authorized itself (\(status)): \(outcome.output)")
    }

    /// Copies an executable with `cp`, in a process of its own, so that this process never holds
    /// the copy open for writing. A write descriptor here, even close-on-exec, is inherited by a
    /// child another test forks meanwhile and held until that child's exec; executing the copy
    /// then fails with "Text file busy" (ETXTBSY), as it once did in CI.
    static func copyExecutable(_ source: String, to path: String) async throws {
        let copied = try await SpawnedProgram.run("/bin/cp", [source, path], environment: ["PATH": "/usr/bin:/bin"])
        try #require(copied.status == 0 && copied.signal == nil,
                     "cp \(source) \(path) ended with \(copied.status): \(String(decoding: copied.stderr, as: UTF8.self))")
        try #require(chmod(path, 0o755) == 0)
    }
}

/// A listener of the user's on `<state>/intents.sock` that never reads what it is sent, or that
/// answers one byte at a time (`dribble`), until `close`.
final class FakeListener: Sendable {
    private let listener: Int32
    private let state = Mutex<(closed: Bool, accepted: [Int32])>((false, []))
    private let ended = DispatchSemaphore(value: 0)
    private let dribbling = Atomic<Bool>(false)

    init(stateFolder: String) throws {
        listener = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let bound = LocalAPISocket.withAddress(stateFolder: stateFolder) { address, length in
            bind(listener, address, length) == 0 && listen(listener, 8) == 0
        }
        guard listener >= 0, bound == true else {
            if listener >= 0 { Glibc.close(listener) }
            throw POSIXError(.EADDRINUSE)
        }
    }

    /// Accepts one connection and writes `header`, then a byte every `interval`, for at most 5 minutes.
    func dribble(header: [UInt8], every interval: Duration) {
        dribbling.store(true, ordering: .relaxed)
        let thread = Thread { [self] in
            defer { ended.signal() }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let kept = state.withLock { state -> Bool in
                if state.closed { return false }
                state.accepted.append(client)
                return true
            }
            guard kept else { Glibc.close(client); return }
            let deadline = ContinuousClock.now + .seconds(300)
            var bytes = header
            while ContinuousClock.now < deadline {
                // Written under the lock, so that `close` never leaves a descriptor number to reuse mid-write.
                let going = state.withLock { state -> Bool in
                    guard !state.closed, let byte = bytes.first ?? Optional(0x20) else { return false }
                    var value = byte
                    return send(client, &value, 1, Int32(MSG_NOSIGNAL)) == 1
                }
                guard going else { return }
                if !bytes.isEmpty { bytes.removeFirst() }
                if bytes.isEmpty { usleep(UInt32(interval.components.seconds * 1_000_000 + interval.components.attoseconds / 1_000_000_000_000)) }
            }
        }
        thread.start()
    }

    /// Closes the listener and what it accepted (once), and waits for the dribbling thread.
    func close() {
        let toClose = state.withLock { state -> [Int32] in
            guard !state.closed else { return [] }
            state.closed = true
            return state.accepted + [listener]
        }
        guard !toClose.isEmpty else { return }
        _ = shutdown(listener, Int32(SHUT_RDWR))  // wakes a thread blocked in accept
        toClose.forEach { Glibc.close($0) }
        if dribbling.load(ordering: .relaxed) { _ = ended.wait(timeout: .now() + 10) }
    }
}
