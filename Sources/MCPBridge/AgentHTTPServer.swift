import Foundation
import Logging
import MCP
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// `intents mcp --http`: MCP's Streamable HTTP on a loopback address, for agent clients that
/// connect to a URL rather than start a command. Each request is read whole (at most
/// `maximumMessageBytes` of body, else 413 and the connection closes), handed to the session
/// it names (`AgentHTTPSessions`, which checks the path and the bearer token first), and its
/// response written back, a server-sent event stream as it comes. A client that hangs up ends
/// the stream it was reading. At most `maximumConnections` connections are open at once (more
/// are closed as they come); one with nothing read nor written for `idleTimeout` is closed
/// (streams send a comment line every `heartbeat`, so a quiet stream is not idle).
public struct AgentHTTPServer: Sendable {
    public static let maximumConnections = 64
    public static let idleTimeout: TimeAmount = .seconds(120)
    public static let heartbeat: Duration = .seconds(30)

    public var address: AgentHTTPAddress
    public var token: AgentHTTPToken
    public var bridge: AgentBridge.Configuration
    public var maximumMessageBytes: Int

    public init(address: AgentHTTPAddress, token: AgentHTTPToken, bridge: AgentBridge.Configuration,
                maximumMessageBytes: Int = BoundedStdioTransport.defaultMaximumMessageBytes) {
        self.address = address
        self.token = token
        self.bridge = bridge
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// Listens and serves until the task is cancelled; `listening` is called once with the
    /// address bound (its port chosen by the system when the address asked for 0).
    public func run(logger: Logger = Logger(label: "intents.mcp.http"),
                    listening: @Sendable (AgentHTTPAddress) -> Void) async throws {
        let listener: NIOAsyncChannel<NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, Never>
        do {
            listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: address.host, port: address.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandlers([IdleStateHandler(allTimeout: Self.idleTimeout), CloseWhenIdle()])
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                        return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw AgentHTTPListenError(address: address, reason: (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)")
        }
        let bound = AgentHTTPAddress(host: address.host, port: listener.channel.localAddress?.port ?? address.port)
        let bridge = self.bridge
        let sessions = AgentHTTPSessions(token: token, port: bound.port, logger: logger) {
            AgentBridge(bridge, logger: Logger(label: "intents.mcp"))
        }
        listening(bound)
        let maximum = maximumMessageBytes
        let open = OpenConnections()
        try await withTaskCancellationHandler {
            try await listener.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        let admitted = open.count.withLock { count in
                            guard count < Self.maximumConnections else { return false }
                            count += 1
                            return true
                        }
                        guard admitted else {
                            logger.notice("HTTP connection refused: too many open", metadata: ["maximum": "\(Self.maximumConnections)"])
                            try? await connection.channel.close()
                            continue
                        }
                        group.addTask {
                            defer { open.count.withLock { $0 -= 1 } }
                            do {
                                try await Self.serve(connection, sessions: sessions, maximumMessageBytes: maximum)
                            } catch {
                                logger.debug("HTTP connection ended", metadata: ["error": "\(error)"])
                            }
                        }
                    }
                }
            }
        } onCancel: {
            listener.channel.close(promise: nil)
        }
        await sessions.endAll()
    }

    private enum Incoming: Sendable {
        case request(HTTPRequest)
        case tooLarge
    }

    /// One connection: a reader that parses requests, a writer that answers them in order; when
    /// either ends (the client hung up, or a request was refused), the other is cancelled.
    private static func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
                              sessions: AgentHTTPSessions, maximumMessageBytes: Int) async throws {
        try await connection.executeThenClose { inbound, outbound in
            let (requests, continuation) = AsyncStream.makeStream(of: Incoming.self)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { continuation.finish() }
                    var head: HTTPRequestHead?
                    var body = ByteBuffer()
                    var discarding = false
                    for try await part in inbound {
                        switch part {
                        case .head(let next):
                            head = next
                            body.clear()
                        case .body(var chunk):
                            guard !discarding else { continue }
                            if body.readableBytes + chunk.readableBytes > maximumMessageBytes {
                                discarding = true
                                continuation.yield(.tooLarge)
                            } else {
                                body.writeBuffer(&chunk)
                            }
                        case .end:
                            guard let request = head, !discarding else { continue }
                            head = nil
                            var headers: [String: String] = [:]
                            for (name, value) in request.headers {
                                headers[name] = headers[name].map { "\($0), \(value)" } ?? value
                            }
                            let data = body.readableBytes > 0 ? Data(body.readableBytesView) : nil
                            continuation.yield(.request(HTTPRequest(method: request.method.rawValue, headers: headers, body: data, path: request.uri)))
                        }
                    }
                }
                group.addTask {
                    for await incoming in requests {
                        switch incoming {
                        case .tooLarge:
                            let response = HTTPResponse.error(statusCode: 413, .invalidRequest("Payload Too Large: a message is at most \(maximumMessageBytes) bytes"))
                            try await write(response, to: outbound, sessions: sessions, closing: true, standalone: false)
                            return
                        case .request(let request):
                            let response = await sessions.respond(to: request)
                            try await write(response, to: outbound, sessions: sessions, closing: false,
                                            standalone: request.method.uppercased() == "GET")
                        }
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    private static func write(_ response: HTTPResponse, to outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>,
                              sessions: AgentHTTPSessions, closing: Bool, standalone: Bool) async throws {
        var headers = HTTPHeaders()
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        if closing { headers.replaceOrAdd(name: "Connection", value: "close") }
        let status = HTTPResponseStatus(statusCode: response.statusCode)
        guard case .stream(let events, _) = response else {
            let body = response.bodyData ?? Data()
            headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
            try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
            if !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
            try await outbound.write(.end(nil))
            return
        }
        let session = response.headers[HTTPHeaderName.sessionID]
        if let session { await sessions.streaming(session, began: true, standalone: standalone) }
        do {
            try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await event in events {
                        try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: event))))
                        if let session { await sessions.sent(event.count, eventID: eventID(in: event), session: session, standalone: standalone) }
                    }
                }
                group.addTask {
                    // A comment line between whole events: clients skip it; the connection is not idle.
                    while true {
                        try await Task.sleep(for: heartbeat)
                        try await outbound.write(.body(.byteBuffer(ByteBuffer(string: ":\n"))))
                    }
                }
                try await group.next()
                group.cancelAll()
            }
            try await outbound.write(.end(nil))
        } catch {
            if let session { await sessions.streaming(session, began: false, standalone: standalone) }
            throw error
        }
        if let session { await sessions.streaming(session, began: false, standalone: standalone) }
    }

    /// The `id:` of a server-sent event as the SDK formats it (its first line), if it has one.
    private static func eventID(in event: Data) -> String? {
        guard event.starts(with: Data("id: ".utf8)), let end = event.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return String(decoding: event[event.startIndex + 4..<end], as: UTF8.self)
    }
}

/// How many connections are open now.
private final class OpenConnections: Sendable {
    let count = Mutex(0)
}

/// Closes a connection its `IdleStateHandler` found idle.
private final class CloseWhenIdle: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}

/// The address `intents mcp --http` was given cannot be listened on (taken, say).
public struct AgentHTTPListenError: Error, CustomStringConvertible {
    public let address: AgentHTTPAddress
    public let reason: String
    public var description: String { "Cannot listen on \(address): \(reason)." }
}
