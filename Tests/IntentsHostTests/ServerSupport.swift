import Foundation
import LocalAPI
import Testing

/// How the CLI tests run `intents`: in its own process, or through a running `intents serve`.
enum CLIMode: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case embedded, served

    var testDescription: String { rawValue }
}

/// An `intents serve` started by a test, for an apps folder and a state folder; ended (SIGTERM,
/// then SIGKILL) when the test lets go of it.
final class TestServer: @unchecked Sendable {
    let process = Process()
    let apps: [String]
    let state: String
    let logPath: String

    /// Starts the server and waits until it accepts connections (`LocalAPISocket.connect`, which
    /// it counts as a connection that says nothing), without holding a thread of the concurrency
    /// pool, which the suite's other tests (and the clients under test) need.
    /// - Parameter holdingConnection: keep the connection that found the server accepting, open,
    ///   in `heldConnection` (for a test of what a server does while a client is connected).
    convenience init(apps: [String], state: String, arguments: [String] = [], holdingConnection: Bool = false) async throws {
        try self.init(launching: apps, state: state, arguments: arguments)
        holdsConnection = holdingConnection
        let deadline = Date().addingTimeInterval(60)
        while !acceptsOrEnded() && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try requireAccepting()
    }

    /// As `init(apps:state:arguments:)`, blocking its thread while it waits: for the synchronous
    /// CLI tests only.
    convenience init(synchronouslyWith apps: [String], state: String, arguments: [String] = []) throws {
        try self.init(launching: apps, state: state, arguments: arguments)
        let deadline = Date().addingTimeInterval(60)
        while !acceptsOrEnded() && Date() < deadline { usleep(20_000) }
        try requireAccepting()
    }

    /// Starts `intents serve`, its output in `<state>.serve.log`.
    private init(launching apps: [String], state: String, arguments: [String]) throws {
        self.apps = apps
        self.state = state
        logPath = state + ".serve.log"
        FileManager.default.createFile(atPath: logPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: Package.cli)
        process.arguments = ["serve"] + apps.flatMap { ["--apps", $0] } + ["--state", state] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": state]
        process.standardError = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = FileHandle(forWritingAtPath: logPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Whether the server accepts connections now, or has ended.
    private func acceptsOrEnded() -> Bool {
        if let socket = LocalAPISocket.connect(stateFolder: state) {
            if holdsConnection { heldConnection = socket } else { close(socket) }
            accepting = true
        }
        return accepting || !process.isRunning
    }

    private var accepting = false
    private var holdsConnection = false
    /// The first connection, kept open when asked for (`holdingConnection`); the test closes it.
    private(set) var heldConnection: Int32?

    private func requireAccepting() throws {
        guard accepting else { throw ServerStartFailure(log: log) }
    }

    struct ServerStartFailure: Error, CustomStringConvertible {
        var log: String
        var description: String { "intents serve did not start: \(log)" }
    }

    var pid: pid_t { process.processIdentifier }

    /// What the server logged so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// How many commands it served so far.
    var servedCount: Int { log.components(separatedBy: "command served").count - 1 }

    /// The server's child processes (extension runners, the spare).
    var childProcessIDs: Set<pid_t> {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return Set(tasks.flatMap { task -> [pid_t] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { pid_t($0) }
        })
    }

    /// Sends SIGTERM and waits for the exit; returns the exit status.
    func stop(timeout: TimeInterval = 30) async -> Int32? {
        kill(pid, SIGTERM)
        return await waitForExit(timeout: timeout)
    }

    /// Waits for the exit, without holding a thread of the concurrency pool; returns the exit
    /// status, nil after `timeout`.
    func waitForExit(timeout: TimeInterval = 30) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGTERM)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning { kill(pid, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: logPath)
    }
}
