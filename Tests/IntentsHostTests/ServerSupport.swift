import Foundation
import IntentsClient
@testable import ExtensionProcesses
import LocalAPI
import Testing
import TestPrograms

/// How the CLI tests run `intents`: in its own process, or through a running `intents serve`.
enum CLIMode: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case embedded, served

    var testDescription: String { rawValue }
}

/// An `intents serve` started by a test, for an apps folder and a state folder; ended (SIGTERM,
/// then SIGKILL) when the test lets go of it.
///
/// Every wait is on an event: the server's `ready` line (`--ready-fd`), or its exit (its pidfd,
/// through `ChildProcess`), each bounded.
final class TestServer: @unchecked Sendable {
    let apps: [String]
    let state: String
    let logPath: String
    private let child: ChildProcess
    /// The test's end of the readiness socket (`--ready-fd 3`).
    private let readiness: Int32

    /// Starts the server and waits until it accepts connections, without holding a thread of
    /// the concurrency pool, which the suite's other tests (and the clients under test) need.
    /// A test that must reach the server promptly once it is ready (a server with
    /// `--exit-when-idle`) starts it with `init(synchronouslyWith:)` on a thread of its own
    /// (`offThePool`), and talks to it there: resuming a task may wait for a thread of the pool.
    convenience init(apps: [String], state: String, arguments: [String] = [], command: String = Package.cli) async throws {
        try self.init(launching: apps, state: state, arguments: arguments, command: command)
        let readiness = self.readiness
        guard try await offThePool({ Self.waitForReady(readiness) }) else { throw ServerStartFailure(log: log) }
    }

    /// As `init(apps:state:arguments:)`, blocking its thread while it waits: never on a thread
    /// of the concurrency pool.
    convenience init(synchronouslyWith apps: [String], state: String, arguments: [String] = []) throws {
        try self.init(launching: apps, state: state, arguments: arguments)
        guard Self.waitForReady(readiness) else { throw ServerStartFailure(log: log) }
    }

    /// Starts `intents serve` (`command`: the build's `intents` unless told), its output in
    /// `<state>.serve.log`.
    private init(launching apps: [String], state: String, arguments: [String], command: String = Package.cli) throws {
        self.apps = apps
        self.state = state
        logPath = state + ".serve.log"
        let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard log >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(log) }
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        defer { close(ends[1]) }
        do {
            child = try ChildProcess.spawn(command, arguments: ["serve"] + apps.flatMap { ["--apps", $0] } + ["--state", state]
                                           + arguments + ["--ready-fd", "3"],
                                           environment: ["PATH=/usr/bin:/bin", "HOME=\(state)"], output: .descriptor(log),
                                           ownGroup: false, passing: [ends[1]])
        } catch {
            close(ends[0])
            throw error
        }
        readiness = ends[0]
    }

    /// Reads the server's readiness: true once it said `ready`, false when it ended (or closed
    /// the socket) without, or said nothing within 60 s.
    private static func waitForReady(_ descriptor: Int32) -> Bool {
        readText(from: descriptor, until: "ready\n", within: .seconds(60)).hasPrefix("ready\n")
    }

    struct ServerStartFailure: Error, CustomStringConvertible {
        var log: String
        var description: String { "intents serve did not start: \(log)" }
    }

    var pid: pid_t { child.pid }

    /// What the server logged so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// How many commands it served so far: command lines it ran, and the `send` conversations,
    /// lock states, authorizations and set-ups the `intents` client asked for through the host API.
    var servedCount: Int {
        let log = self.log
        return Self.servedLines.reduce(0) { $0 + log.components(separatedBy: $1).count - 1 }
    }

    /// What the server logs once per command it served.
    static let servedLines: [String] = {
        let commands = ["command", "conversation", "authorize", "setup", "policyMatrix", "vocabulary", "apps", "say", "donations",
                        "deleteDonations", "voiceShortcuts", "addVoiceShortcut", "renameVoiceShortcut", "deleteVoiceShortcut", "suggestions"]
        return commands.map { "\($0) served" } + ["lock state set"]
    }()

    /// The server's child processes (extension runners, the spare).
    var childProcessIDs: Set<pid_t> {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return Set(tasks.flatMap { task -> [pid_t] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { pid_t($0) }
        })
    }

    /// Kills the server (SIGKILL, no chance to finish anything) and waits for its end.
    func killAndWait(timeout: TimeInterval = 30) async -> Int32? {
        child.signal(SIGKILL)
        return await waitForExit(timeout: timeout)
    }

    /// Sends SIGTERM and waits for the exit; returns the exit status.
    func stop(timeout: TimeInterval = 30) async -> Int32? {
        child.signal(SIGTERM)
        return await waitForExit(timeout: timeout)
    }

    /// Waits for the exit on the calling thread (never one of the pool's); returns the exit status
    /// as `waitForExit` does, nil after `timeout`.
    func waitForExitBlocking(timeout: Duration) -> Int32? {
        guard let status = child.waitBlocking(timeout: timeout) else { return nil }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    }

    /// Waits for the exit (the pidfd's event), without holding a thread of the concurrency pool;
    /// returns the exit status (as Foundation's `terminationStatus`: the code, or the signal's
    /// number), nil after `timeout`.
    func waitForExit(timeout: TimeInterval = 30) async -> Int32? {
        guard let status = await child.exited(within: .milliseconds(Int64(timeout * 1000))) else { return nil }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    }

    /// Sends SIGTERM to a server still running and reaps it on a thread of its own: the last
    /// reference often goes on a thread of the concurrency pool, which must not wait for it. A
    /// test that starts another server for the same state folder stops this one first (`stop()`).
    deinit {
        close(readiness)
        try? FileManager.default.removeItem(atPath: logPath)
        guard child.exitStatus == nil else { return }
        child.signal(SIGTERM)
        let child = self.child
        Thread {
            if child.waitBlocking(timeout: .seconds(10)) == nil {
                child.kill()
                _ = child.waitBlocking(timeout: .seconds(10))
            }
        }.start()
    }
}

extension TestServer {
    /// Waits until the server's log holds `text`, woken by the log's writes (inotify), not by a
    /// timer; at most `timeout`, without holding a thread of the concurrency pool.
    /// - Returns: whether the log holds it.
    func waitForLog(_ text: String, within timeout: Duration = .seconds(60)) async throws -> Bool {
        let logPath = self.logPath
        return try await offThePool {
            let watch = inotify_init1(Int32(IN_CLOEXEC))
            guard watch >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            defer { close(watch) }
            guard inotify_add_watch(watch, logPath, UInt32(IN_MODIFY | IN_CLOSE_WRITE)) >= 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            let clock = ContinuousClock()
            let deadline = clock.now + timeout
            var events = [UInt8](repeating: 0, count: 4096)
            // Read after the watch is set: a write between the read and the watch is not missed.
            while !((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").contains(text) {
                let left = deadline - clock.now
                guard left > .zero else { return false }
                var watched = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
                let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
                if poll(&watched, 1, milliseconds) > 0 { _ = read(watch, &events, events.count) }
            }
            return true
        }
    }
}

/// A client of the server of `stateFolder` that never starts one: the test started its own.
func clientOfRunningServer(stateFolder: String) -> IntentsClient {
    var configuration = IntentsClient.Configuration(stateFolder: stateFolder)
    configuration.startsServer = false
    return IntentsClient(configuration)
}
