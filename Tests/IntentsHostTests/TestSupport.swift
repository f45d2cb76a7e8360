import Deadlines
import ExtensionProcesses
import Foundation
import HostBundles
import IntentsHost
import LocalAPI
import Synchronization
import Testing
import TestPrograms

/// A folder under the system's temporary folder, removed when the value is released (with the
/// server an app may have started for it).
final class TemporaryFolder: @unchecked Sendable {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("intents-tests-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        // Only a folder with a server's socket can have a server; a look through /proc for
        // every folder of every test was a good part of the suite's time on the pool's threads.
        if FileManager.default.fileExists(atPath: path + "/" + LocalAPISocket.fileName) { stopServer(listeningIn: path) }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Ends (SIGTERM) every `intents-host serve` for the state folder `folder`: one an app's
/// system call started on demand for a test's state folder (as the user or as nobody), which
/// would otherwise stay until idle.
func stopServer(listeningIn folder: String) {
    LocalServerProcesses.stop(stateFolder: folder)
}

/// Paths of this package and of its build products (the folder the test binary is in).
enum Package {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let products = HostConfiguration.executableFolder
    static let runner = products + "/intents-extension"
    static let cli = products + "/intents"

    static func library(_ name: String) -> String { products + "/lib\(name).so" }
}

/// Writes bundles into an apps folder, with real plists and real libraries.
struct BundleWriter {
    let appsFolder: String

    enum Format { case xml, binary }

    /// Writes `<name>.app/Info.plist`; returns the app's folder.
    @discardableResult
    func app(_ name: String, identifier: String, extra: [String: Any] = [:], format: Format = .xml) throws -> String {
        let folder = "\(appsFolder)/\(name).app"
        try FileManager.default.createDirectory(atPath: folder + "/PlugIns", withIntermediateDirectories: true)
        var plist: [String: Any] = ["CFBundleIdentifier": identifier, "CFBundleDisplayName": name]
        plist.merge(extra) { _, new in new }
        try write(plist, to: folder + "/Info.plist", format: format)
        return folder
    }

    /// Writes `<app>.app/PlugIns/<name>.appex` with a plist and `library` hard-linked into it (a
    /// bundle's library must be its own file); returns its folder.
    @discardableResult
    func appex(_ name: String, in app: String, identifier: String, principalClass: String, intents: [String],
               restricted: [String] = [], library: String?, format: Format = .xml,
               edit: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        let folder = "\(appsFolder)/\(app).app/PlugIns/\(name).appex"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var plist: [String: Any] = [
            "CFBundleIdentifier": identifier, "CFBundleExecutable": name, "CFBundlePackageType": "XPC!",
            "NSExtension": [
                "NSExtensionPointIdentifier": "com.apple.intents-service",
                "NSExtensionPrincipalClass": principalClass,
                "NSExtensionAttributes": ["IntentsSupported": intents, "IntentsRestrictedWhileLocked": restricted],
            ] as [String: Any],
        ]
        edit(&plist)
        try write(plist, to: folder + "/Info.plist", format: format)
        if let library { try DevelopmentBundles.place(library, at: "\(folder)/lib\(name).so") }
        return folder
    }

    func write(_ plist: Any, to path: String, format: Format) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format == .xml ? .xml : .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: path))
    }
}

/// The sample apps, laid out from Info/ and this build, in a fresh folder.
func sampleAppsFolder(_ folder: TemporaryFolder) throws -> String {
    // One assembly at a time: an app and an `intents` command started at once both lay the
    // folder out, and two layouts of one folder at once trip over each other's files.
    try sampleAppsAssembly.withLock { _ in
        try DevelopmentBundles.assemble(infoFolder: Package.root + "/Info", productsFolder: Package.products,
                                        into: folder.path + "/Apps")
    }
}

private let sampleAppsAssembly = Mutex(())

/// Adds the misbehaving test extension (`FaultyIntents`) as app `Faulty` in `appsFolder`.
func addFaultyApp(to appsFolder: String, principalClass: String = "FaultyIntents.FaultyExtension",
                  library: String = Package.library("FaultyIntents")) throws {
    let writer = BundleWriter(appsFolder: appsFolder)
    try writer.app("Faulty", identifier: "com.example.Faulty")
    try writer.appex("FaultyIntents", in: "Faulty", identifier: "com.example.Faulty.Intents",
                     principalClass: principalClass, intents: ["INSendMessageIntent"], library: library)
}

/// Adds Echo.app to `appsFolder`: the Echo fixture's one extension, holding both kinds of
/// intent (SiriKit's EchoIntent and three App Intents).
func installEchoWithAppIntents(in appsFolder: String) throws {
    let writer = BundleWriter(appsFolder: appsFolder)
    try writer.app("Echo", identifier: "com.example.Echo")
    try writer.appex("EchoIntents", in: "Echo", identifier: "com.example.Echo.Intents", principalClass: "EchoIntents.EchoExtension",
                     intents: ["EchoIntent"], library: Package.library("EchoIntents")) { plist in
        var nsExtension = plist["NSExtension"] as! [String: Any]
        var attributes = nsExtension["NSExtensionAttributes"] as! [String: Any]
        attributes["AppIntents"] = ["EchoIntents.EchoAppIntent", "EchoIntents.LockedEchoAppIntent", "EchoIntents.AskingEchoAppIntent"]
        nsExtension["NSExtensionAttributes"] = attributes
        plist["NSExtension"] = nsExtension
    }
}

/// A dispatcher over `appsFolders` with its own state folder.
/// Siri authorization is off: these dispatchers test extension logic (AuthorizationTests test it).
func makeDispatcher(_ appsFolders: [String], state: TemporaryFolder, stepTimeout: Duration = .seconds(10),
                    clock: DeadlineClock = .realTime) -> IntentDispatcher {
    var configuration = HostConfiguration(appsFolders: appsFolders, stateFolder: state.path, runnerPath: Package.runner, stepTimeout: stepTimeout)
    configuration.requiresSiriAuthorization = false
    configuration.deadlineClock = clock
    return IntentDispatcher(configuration: configuration)
}

/// Runs a built executable of this package as a user would, with `state` as its state folder
/// and home; `intents` also gets the sample apps laid out in `apps`.
func runBuilt(_ program: String, _ arguments: [String], apps: TemporaryFolder, state: TemporaryFolder,
              environment extra: [String: String] = [:]) async throws -> (status: Int32, output: String) {
    var full = arguments
    var environment = ["PATH": "/usr/bin:/bin", "HOME": state.path].merging(extra) { $1 }
    // An app's system calls go to the server of the state folder, started by the first call
    // when none runs: it is to serve the same apps as the `intents` commands, which it then serves.
    if program == "intents" { full = ["--apps", try sampleAppsFolder(apps)] + full } else { environment["INTENTS_APPS"] = try sampleAppsFolder(apps) }
    return try await runProgram(Package.products + "/" + program, full + ["--state", state.path], environment: environment)
}

/// What a run of `intents` gave: its status and its two output streams apart.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
    /// From spawning the process to its end, where the caller measured it: a test's own clock
    /// also counts the wait for a thread of a busy pool after the process ended.
    var elapsed: Duration?

    /// stdout parsed as one JSON object.
    func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "\(stdout) \(stderr)")
    }
}

/// Runs the built `intents` with `home` as its home and no input, as a user runs it; neither
/// stream may hold an `NSError` dump.
/// - Parameter environment: more variables (`INTENTS_NO_SERVER`).
func runCLI(_ arguments: [String], home: String, environment: [String: String] = [:]) async throws -> CLIRun {
    let program = try SpawnedProgram(Package.cli, arguments, environment: cliEnvironment(home: home, environment))
    let run = CLIRun(await program.ended())
    expectNoErrorDump(run.stdout + run.stderr)
    return run
}

extension CLIRun {
    /// How a spawned `intents` ended, its streams as text.
    init(_ ending: SpawnedProgram.Ending) {
        self.init(status: ending.status, stdout: String(decoding: ending.stdout, as: UTF8.self),
                  stderr: String(decoding: ending.stderr, as: UTF8.self))
    }
}

/// The environment `intents` runs with in tests: a plain PATH, `home` as its home, and `extra`
/// (`INTENTS_NO_SERVER`).
func cliEnvironment(home: String, _ extra: [String: String] = [:]) -> [String: String] {
    ["PATH": "/usr/bin:/bin", "HOME": home].merging(extra) { $1 }
}

/// Every error the CLI prints is a sentence, never an `NSError` dump (`Error Domain=...`).
func expectNoErrorDump(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!output.contains("Domain="), "an NSError dump in: \(output.prefix(2000))", sourceLocation: sourceLocation)
}

/// Runs a program to completion and returns its status and combined output. The wait happens
/// on a GCD thread: a long build or many runs must not hold the concurrency pool's few threads.
/// When the program is `intents` (or runs it), its output must hold no `NSError` dump.
/// - Parameter currentDirectory: the folder it starts in; by default this process's.
func runProgram(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                currentDirectory: String? = nil) async throws -> (status: Int32, output: String) {
    let run = try await runToCompletion(executable, arguments, environment: environment, currentDirectory: currentDirectory)
    if ([executable] + arguments).contains(where: { $0.hasSuffix("/intents") }) { expectNoErrorDump(run.output) }
    return run
}

private func runToCompletion(_ executable: String, _ arguments: [String], environment: [String: String]?,
                             currentDirectory: String?) async throws -> (status: Int32, output: String) {
    guard currentDirectory == nil else { return try await runInFolder(executable, arguments, environment, currentDirectory) }
    // posix_spawn through the host's own ChildProcess, not Foundation's Process: Process.run()
    // on this toolchain over-reads /proc/self/fd entries and crashes now and then in a suite
    // that spawns as many processes as this one (swift-corelibs-foundation PR 5472, fixed later).
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    let child: ChildProcess
    do {
        child = try ChildProcess.spawn(executable, arguments: arguments,
                                       environment: (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" },
                                       output: .descriptor(ends[1]), ownGroup: false)
    } catch {
        close(ends[0]); close(ends[1])
        throw error
    }
    close(ends[1])
    let reader = ends[0]
    let output = try await offThePool {
        defer { close(reader) }
        return FileHandle(fileDescriptor: reader, closeOnDealloc: false).readDataToEndOfFile()
    }
    let status = await child.exited() ?? -1
    // As Foundation's `terminationStatus`: the exit code, or the number of the signal that ended it.
    let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    return (code, String(decoding: output, as: UTF8.self))
}

/// `runToCompletion` in another folder, with Foundation's Process (which can start one there).
/// Runs a program in `currentDirectory` with both streams together, in the order written.
private func runInFolder(_ executable: String, _ arguments: [String], _ environment: [String: String]?,
                         _ currentDirectory: String?) async throws -> (status: Int32, output: String) {
    try await offThePool {
        // Through sh only to send the program's standard error to its standard output.
        let program = try SpawnedProgram("/bin/sh", ["-c", "exec \"$0\" \"$@\" 2>&1", executable] + arguments,
                                         environment: environment ?? ProcessInfo.processInfo.environment, currentDirectory: currentDirectory)
        let ended = program.finish()
        return (ended.status, String(decoding: ended.stdout, as: UTF8.self))
    }
}

/// A workspace user `nobody` can use: copies of `intents` and the runner it may execute, an apps
/// folder and a state folder it may write, and the sample library it may read.
final class UnprivilegedWorkspace: @unchecked Sendable {
    private let root = TemporaryFolder()
    var bin: String { root.path + "/bin" }
    var appsFolder: String { root.path + "/Apps" }
    var stateFolder: String { root.path + "/state" }
    var path: String { root.path }

    deinit {
        stopServer(listeningIn: stateFolder)
    }

    init() async throws {
        chmod(root.path, 0o755)
        for folder in [bin, appsFolder, stateFolder] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        chmod(stateFolder, 0o777)
        // Copied by cp in its own process: a write descriptor opened here could leak into a
        // process another test spawns meanwhile, and the copy could then not be executed (ETXTBSY).
        for name in ["intents", "intents-host", "intents-extension", "intents-sandbox"] {
            try await Self.copy(Package.products + "/" + name, to: bin + "/" + name)
        }
    }

    /// An app `name` (bundle `identifier`) whose extension is a copy of the Sandbox Tester,
    /// supporting AttackIntent; returns the extension's folder.
    @discardableResult
    func addSandboxTester(_ name: String, identifier: String) async throws -> String {
        let writer = BundleWriter(appsFolder: appsFolder)
        try writer.app(name, identifier: identifier)
        let appex = try writer.appex("\(name)Intents", in: name, identifier: identifier + ".Intents",
                                     principalClass: "SandboxTesterIntents.IntentHandler", intents: ["AttackIntent"], library: nil)
        try await placeLibrary("SandboxTesterIntents", at: appex + "/lib\(name)Intents.so")
        return appex
    }

    /// A world-readable copy of the library `name` (as `Package.library` names it) at `path`.
    func placeLibrary(_ name: String, at path: String) async throws {
        try await Self.copy(Package.library(name), to: path)
    }

    static func copy(_ source: String, to destination: String) async throws {
        try #require(try await SpawnedProgram.run("/bin/cp", [source, destination]).status == 0)
    }

    /// Runs `intents` as user `nobody` (uid 65534, no supplementary groups) on this workspace.
    func intents(_ arguments: [String], currentDirectory: String? = nil) async throws -> (status: Int32, output: String) {
        try await runAsNobody([bin + "/intents", "--apps", appsFolder, "--state", stateFolder] + arguments,
                              currentDirectory: currentDirectory)
    }
}

/// Runs a command as user `nobody` (uid 65534) with no supplementary groups, starting in
/// `currentDirectory` (by default this process's working folder).
func runAsNobody(_ command: [String], currentDirectory: String? = nil) async throws -> (status: Int32, output: String) {
    try await runProgram("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "--"] + command,
                         environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"], currentDirectory: currentDirectory)
}

/// The value of `outcome` in a `send --json` output, if any.
func jsonOutcome(_ output: String) -> String? {
    guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
          let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          let outputs = object["output"] as? [String: Any] else { return nil }
    return outputs["outcome"] as? String
}

/// Starts a built program with its output (both streams) on a pipe, to be read as it comes
/// with `readOutput(until:from:)`; the caller closes `output`.
func spawnBuilt(_ program: String, _ arguments: [String], environment: [String: String]) throws -> (child: ChildProcess, output: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    defer { close(ends[1]) }
    do {
        let child = try ChildProcess.spawn(Package.products + "/" + program, arguments: arguments,
                                           environment: environment.map { "\($0.key)=\($0.value)" },
                                           output: .descriptor(ends[1]), ownGroup: false)
        return (child, ends[0])
    } catch {
        close(ends[0])
        throw error
    }
}

/// Reads `descriptor` until `marker` has been read (nil: to its end), off the concurrency pool;
/// returns what was read. Bounded by the writer (it ends at the writer's exit) and by `timeout`.
func readOutput(until marker: String?, from descriptor: Int32, within timeout: Duration = .seconds(60)) async throws -> String {
    try await offThePool { readText(from: descriptor, until: marker, within: timeout) }
}

/// Reads `descriptor`, blocking this thread, until `marker` has been read (nil: to its end),
/// the writer closes it, or `timeout` has passed; returns what was read.
func readText(from descriptor: Int32, until marker: String?, within timeout: Duration) -> String {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while marker.map({ !String(decoding: bytes, as: UTF8.self).contains($0) }) ?? true {
        let left = deadline - clock.now
        guard left > .zero else { break }
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let polled = poll(&watched, 1, Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
        if polled < 0 && errno == EINTR { continue }
        guard polled > 0 else { break }
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Installs "AAA" in `folder`, an app whose extension also claims `OrderPizzaIntent` (the
/// sandbox tester's library): beside the samples, a request that names no app is asked which.
func addAppClaimingOrderPizza(to folder: String) throws {
    let writer = BundleWriter(appsFolder: folder)
    try writer.app("AAA", identifier: "com.aaa.AAA")
    try writer.appex("AAAIntents", in: "AAA", identifier: "com.aaa.AAA.Intents", principalClass: "SandboxTesterIntents.IntentHandler",
                     intents: ["OrderPizzaIntent"], library: Package.library("SandboxTesterIntents"))
}
