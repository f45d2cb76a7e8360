import ExtensionProtocol
import Foundation
@testable import IntentsServer
import LocalAPI
import SystemCalls
import SystemStore
import Testing
import TestPrograms

/// `intents serve`'s limits per caller, against a real server with real socket clients: an
/// app's pending Siri requests hold no slot of the user's commands, and a dribbling metrics
/// client holds up no scrape.
@Suite struct ServerLimitsTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    private func intents(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runProgram(Package.cli, ["--state", state.path] + arguments, environment: ["PATH": "/usr/bin:/bin", "HOME": state.path])
    }

    /// Installs "Forger", an app whose executable is this very test process's (a hard link), as
    /// ServerAppRequestTests does: every connection this process opens is then Forger's.
    private func installForger(in folder: String) throws {
        let app = try BundleWriter(appsFolder: folder).app("Forger", identifier: "com.example.Forger",
                                                           extra: ["CFBundleExecutable": "forger", "NSSiriUsageDescription": "To forge."])
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        try #require(link(executable, app + "/forger") == 0, "hard link: \(String(cString: strerror(errno)))")
    }

    /// How one of the app's connections ended.
    enum Outcome: Equatable {
        case answered(SiriAuthorization)
        case refused(code: String, message: String)
        /// Cut without an answer (end of file or reset).
        case cut
    }

    /// Reads the answer on `socket`, which poll said is readable.
    private static func outcome(of socket: Int32) throws -> Outcome {
        let channel = FrameChannel(fileDescriptor: socket, codec: localAPICodec)
        guard case .appReply(let reply)? = try? channel.receive(ServerMessage.self) else { return .cut }
        if let failure = reply.failure { return .refused(code: failure.code, message: failure.message) }
        guard case .authorization(let status) = try SystemCallResult(wireBytes: reply.result) else {
            return .refused(code: "unexpected", message: "\(reply.result)")
        }
        return .answered(status)
    }

    /// Waits (poll(2), on a GCD thread) until `count` of `sockets` have an answer or have been
    /// cut, or a minute has passed; returns those and their outcomes.
    private static func outcomes(of sockets: [Int32], count: Int) async throws -> [Int32: Outcome] {
        try await offThePool {
            var ended: [Int32: Outcome] = [:]
            let deadline = ContinuousClock.now + .seconds(60)
            while ended.count < count && ContinuousClock.now < deadline {
                var descriptors = sockets.filter { ended[$0] == nil }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                guard poll(&descriptors, nfds_t(descriptors.count), 1000) >= 0 || errno == EINTR else { break }
                for descriptor in descriptors where descriptor.revents != 0 {
                    ended[descriptor.fd] = try outcome(of: descriptor.fd)
                }
            }
            return ended
        }
    }

    /// Issue 22: 300 requests for Siri from one app, all at once, take no slot of the user's
    /// commands: `intents status` and `intents authorize Forger deny` answer, another app is
    /// served, and the requests the server parked (one app's share) are answered with the
    /// decision; the others are refused at once, never left hanging.
    @Test func threeHundredPendingSiriRequestsOfOneAppLeaveTheUsersCommandsServed() async throws {
        let folder = try sampleAppsFolder(apps)
        try installForger(in: folder)
        let server = try await TestServer(apps: [folder], state: state.path)
        let call = SystemCall.requestAuthorization(displayName: "Forger", usageDescription: "Please.").wireBytes
        let stateFolder = state.path
        let sockets = try await offThePool {
            try (0..<300).map { _ -> Int32 in
                // Thrown, not required: this runs on a thread of its own, outside the test's task.
                guard let socket = LocalAPISocket.connect(stateFolder: stateFolder) else { throw POSIXError(.ECONNREFUSED) }
                // A refused connection may be cut before this is sent: its answer says so.
                try? FrameChannel(fileDescriptor: socket, codec: localAPICodec)
                    .send(ClientMessage.app(AppRequest(operation: "requestAuthorization", call: call)))
                return socket
            }
        }
        defer { sockets.forEach { close($0) } }
        let parkedPerApp = ConnectionBudget.Limits().parkedPerApp

        // Every request but the parked ones is answered at once: refused, or cut.
        let early = try await Self.outcomes(of: sockets, count: sockets.count - parkedPerApp)
        #expect(early.count == sockets.count - parkedPerApp, "\(server.log.suffix(3000))")
        let refusal = "com.example.Forger already has \(parkedPerApp) requests for Siri waiting for the user's answer, the most one app may have; wait for that answer instead of asking again."
        #expect(early.values.allSatisfy { $0 == .cut || $0 == .refused(code: "busy", message: refusal) }, "\(Set(early.values.map { "\($0)" }))")

        // The user's commands are served meanwhile, and so is another app.
        let status = try await intents(["status"])
        #expect(status.status == 0, "\(status.output)")
        let listing = try await intents(["authorize"])
        #expect(listing.output.contains("asks now: \"To forge.\""), "\(listing.output)")
        let environment = ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_STATE": state.path]
        let sent = try await runProgram(folder + "/MonkeyChat.app/monkeychat", ["send", "bobo.jungle", "More bananas"], environment: environment)
        #expect(sent.status == 0, "\(sent.output)")
        let denied = try await intents(["authorize", "Forger", "deny"])
        #expect(denied.status == 0, "\(denied.output)")

        // The parked requests share the decision.
        let parked = sockets.filter { early[$0] == nil }
        let answers = try await Self.outcomes(of: parked, count: parked.count)
        #expect(parked.count == parkedPerApp)
        #expect(answers.values.filter { $0 == .answered(.denied) }.count == parkedPerApp, "\(answers.values.map { "\($0)" })")
        #expect(try SystemStore(stateFolder: state.path).authorization(app: "com.example.Forger") == .denied)
        #expect(await server.stop() == 0)
    }

    /// The port of the server's metrics endpoint, from its log.
    private static func metricsPort(of server: TestServer) throws -> UInt16 {
        let url = try #require(server.log.split(separator: " ").first { $0.hasPrefix("url=http://127.0.0.1:") })
        return try #require(UInt16(url.dropFirst("url=http://127.0.0.1:".count).prefix { $0.isNumber }))
    }

    /// A TCP connection to 127.0.0.1:`port`.
    private static func connect(port: UInt16) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
        return socket
    }

    /// Sends `text` on `socket`; false when the peer has gone (no SIGPIPE).
    @discardableResult
    private static func send(_ text: String, on socket: Int32) -> Bool {
        Array(text.utf8).withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } > 0
    }

    /// `GET /metrics`, answered within a minute (a server that never answers fails the test,
    /// not hangs it).
    private static func scrape(port: UInt16) throws -> String {
        let socket = try connect(port: port)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        send("GET /metrics HTTP/1.0\r\nAccept: text/plain\r\n\r\n", on: socket)
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            guard got > 0 else { break }
            response += chunk[..<got]
        }
        return String(decoding: response, as: UTF8.self)
    }

    /// Whether the server has ended `socket` (end of file or reset), without waiting.
    private static func isEnded(_ socket: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Clients that send a byte and then wait hold every request slot but one: a real scrape is
    /// still answered, while they are still connected (a long deadline, so that they are).
    @Test func dribblingMetricsClientsHoldUpNoScrape() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path,
                                    arguments: ["--metrics", "127.0.0.1:0", "--metrics-request-deadline", "600"])
        let port = try Self.metricsPort(of: server)
        let dribblers = try (1..<MetricsEndpoint.maximumConcurrentRequests).map { _ in try Self.connect(port: port) }
        defer { dribblers.forEach { close($0) } }
        for dribbler in dribblers { #expect(Self.send("G", on: dribbler)) }
        let metrics = try await offThePool { try Self.scrape(port: port) }
        #expect(metrics.hasPrefix("HTTP/1.0 200 OK"), "\(metrics)")
        #expect(dribblers.filter(Self.isEnded).isEmpty, "a dribbler was cut before the scrape was answered")
        #expect(await server.stop() == 0, "\(server.log)")
    }

    /// A client that sends a byte every 100 ms, never finishing its request, is cut off at the
    /// whole request's deadline (here 0.5 s): no single read waits long, yet it ends.
    @Test func aDribblingMetricsClientIsCutOffAtTheWholeRequestDeadline() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path,
                                    arguments: ["--metrics", "127.0.0.1:0", "--metrics-request-deadline", "0.5"])
        let port = try Self.metricsPort(of: server)
        let dribbler = try Self.connect(port: port)
        defer { close(dribbler) }
        let ended = try await offThePool { () -> Bool in
            // Each wait for the server's end is also the pause between two bytes.
            let giveUp = ContinuousClock.now + .seconds(60)
            var descriptor = pollfd(fd: dribbler, events: Int16(POLLIN), revents: 0)
            while ContinuousClock.now < giveUp {
                guard Self.send("G", on: dribbler) else { return true }
                descriptor.revents = 0
                if poll(&descriptor, 1, 100) > 0 {
                    var byte: UInt8 = 0
                    return read(dribbler, &byte, 1) <= 0
                }
            }
            return false
        }
        #expect(ended, "the dribbler was not cut off within a minute")
        // Its slot is free again.
        #expect(try await offThePool { try Self.scrape(port: port) }.hasPrefix("HTTP/1.0 200 OK"))
        #expect(await server.stop() == 0)
    }
}
