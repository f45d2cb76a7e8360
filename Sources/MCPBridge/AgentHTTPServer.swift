import Foundation
import IntentsClient
import Logging
import MCP
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// `intents mcp --http`: MCP's Streamable HTTP on a loopback address, for agent clients that
/// connect to a URL rather than start a command.
///
/// A request's head is judged first (`AgentHTTPSessions.refusal`: the path and the bearer
/// token); a refused one is answered at once, its body never read, and its connection closed.
/// An admitted one is read whole (at most `maximumMessageBytes` of body, else 413 and the
/// connection closes), handed to the session it names, and its response written back, a
/// server-sent event stream as it comes. A client that hangs up ends the stream it was reading.
///
/// Bounds: at most `maximumConnections` connections; when all are taken, a new one closes the
/// oldest that has not yet shown the token (one that has is never closed for a newcomer). A
/// request's head must come whole within `requestReadLimit` of the connection's opening or the
/// previous response's end, and its body within `requestReadLimit` of its head. A connection
/// with nothing read nor written for `idleTimeout` is closed; streams send a comment line
/// every `heartbeat` and last at most `streamLifetime` (a client resumes with `Last-Event-ID`).
public struct AgentHTTPServer: Sendable {
    public static let maximumConnections = 64
    public static let requestReadLimit: TimeAmount = .seconds(30)
    public static let idleTimeout: TimeAmount = .seconds(120)
    public static let heartbeat: Duration = .seconds(30)
    public static let streamLifetime: Duration = .seconds(15 * 60)
    /// The most tool calls all sessions run at once (each session runs at most
    /// `AgentBridge.maximumConcurrentCalls`).
    public static let maximumCallsOfAllSessions = 2 * AgentBridge.maximumConcurrentCalls

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
                        try channel.pipeline.syncOperations.addHandler(RequestReadDeadlines(limit: Self.requestReadLimit))
                        return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw AgentHTTPListenError(address: address, reason: (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)")
        }
        let bound = AgentHTTPAddress(host: address.host, port: listener.channel.localAddress?.port ?? address.port)
        // One client of the host for all sessions: the host bounds the connections of a program.
        var bridge = self.bridge
        bridge.shared = AgentBridge.Shared(client: IntentsClient(bridge.client), calls: AgentCallSlots(maximum: Self.maximumCallsOfAllSessions))
        let sessions = AgentHTTPSessions(token: token, port: bound.port, logger: logger) { [bridge] in
            AgentBridge(bridge, logger: Logger(label: "intents.mcp"))
        }
        listening(bound)
        let maximum = maximumMessageBytes
        let open = OpenConnections(maximum: Self.maximumConnections)
        try await withTaskCancellationHandler {
            try await listener.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        guard let entry = open.admit(connection.channel) else {
                            logger.notice("HTTP connection refused: every connection has shown the token", metadata: ["maximum": "\(Self.maximumConnections)"])
                            try? await connection.channel.close()
                            continue
                        }
                        group.addTask {
                            defer { open.remove(entry) }
                            do {
                                try await Self.serve(connection, entry: entry, in: open, sessions: sessions, maximumMessageBytes: maximum)
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

    /// How one side of a connection ended.
    private enum Ending: Sendable {
        case readerHungUp, readerRefused, writerDone
    }

    private enum Incoming: Sendable {
        case request(HTTPRequest)
        /// A request refused by its head, or one too large: answered, then the connection closes.
        case refused(HTTPResponse)
    }

    /// One connection: a reader that parses requests, a writer that answers them in order; when
    /// either ends (the client hung up, or a request was refused), the other is cancelled.
    private static func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, entry: OpenConnections.Entry,
                              in open: OpenConnections, sessions: AgentHTTPSessions, maximumMessageBytes: Int) async throws {
        try await connection.executeThenClose { inbound, outbound in
            let (requests, continuation) = AsyncStream.makeStream(of: Incoming.self)
            try await withThrowingTaskGroup(of: Ending.self) { group in
                group.addTask {
                    defer { continuation.finish() }
                    var head: HTTPRequestHead?
                    var body = ByteBuffer()
                    for try await part in inbound {
                        switch part {
                        case .head(let next):
                            if let refused = sessions.refusal(path: next.uri, authorization: next.headers.first(name: "Authorization")) {
                                continuation.yield(.refused(refused))
                                return .readerRefused
                            }
                            open.authenticated(entry)
                            head = next
                            body = ByteBuffer()
                        case .body(var chunk):
                            guard head != nil else { continue }
                            guard body.readableBytes + chunk.readableBytes <= maximumMessageBytes else {
                                continuation.yield(.refused(.error(statusCode: 413, .invalidRequest("Payload Too Large: a message is at most \(maximumMessageBytes) bytes"))))
                                return .readerRefused
                            }
                            body.writeBuffer(&chunk)
                        case .end:
                            guard let request = head else { continue }
                            head = nil
                            var headers: [String: String] = [:]
                            for (name, value) in request.headers {
                                headers[name] = headers[name].map { "\($0), \(value)" } ?? value
                            }
                            let data = body.readableBytes > 0 ? Data(body.readableBytesView) : nil
                            body = ByteBuffer()
                            continuation.yield(.request(HTTPRequest(method: request.method.rawValue, headers: headers, body: data, path: request.uri)))
                        }
                    }
                    return .readerHungUp
                }
                group.addTask {
                    for await incoming in requests {
                        switch incoming {
                        case .refused(let response):
                            try await write(AgentHTTPSessions.Answer(response: response, closes: true), to: outbound, sessions: sessions)
                            return .writerDone
                        case .request(let request):
                            let answer = await sessions.respond(to: request)
                            try await write(answer, to: outbound, sessions: sessions)
                            if answer.closes { return .writerDone }
                        }
                    }
                    return .writerDone
                }
                switch try await group.next() {
                case .readerRefused?:
                    // The writer writes the refusal (after any response before it), then ends.
                    _ = try await group.next()
                case .readerHungUp?, .writerDone?, nil:
                    // A client that hung up is not streamed to; a writer done needs no more requests.
                    break
                }
                group.cancelAll()
            }
        }
    }

    private static func write(_ answer: AgentHTTPSessions.Answer, to outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>,
                              sessions: AgentHTTPSessions) async throws {
        let response = answer.response
        var headers = HTTPHeaders()
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        if answer.closes { headers.replaceOrAdd(name: "Connection", value: "close") }
        let status = HTTPResponseStatus(statusCode: response.statusCode)
        guard case .stream(let events, _) = response else {
            let body = response.bodyData ?? Data()
            headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
            try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
            if !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
            try await outbound.write(.end(nil))
            return
        }
        let (stop, stopping) = AsyncStream.makeStream(of: Void.self)
        let end = StreamEnd { stopping.finish() }
        let standalone = answer.standalone
        if let session = answer.session { await sessions.streamBegan(session, standalone: standalone, end: end) }
        defer {
            if let session = answer.session { Task { await sessions.streamEnded(session, standalone: standalone, end: end) } }
        }
        try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await event in events {
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: event))))
                    if standalone, let session = answer.session, let id = eventID(in: event) { await sessions.standaloneEvent(id, session: session) }
                }
            }
            group.addTask {
                // A comment line between whole events: clients skip it; the connection is not
                // idle. The stream ends at its lifetime.
                var lived: Duration = .zero
                while lived < streamLifetime {
                    try await Task.sleep(for: heartbeat)
                    lived += heartbeat
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(string: ":\n"))))
                }
            }
            group.addTask {
                // Ended from outside: the session ended, or a new GET stream took this one's place.
                for await _ in stop {}
            }
            try await group.next()
            group.cancelAll()
        }
        try await outbound.write(.end(nil))
    }

    /// The `id:` of a server-sent event as the SDK formats it (its first line), if it has one.
    private static func eventID(in event: Data) -> String? {
        guard event.starts(with: Data("id: ".utf8)), let end = event.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return String(decoding: event[event.startIndex + 4..<end], as: UTF8.self)
    }
}

/// The open connections, and which have shown the token: when all places are taken, a new
/// connection takes the place of the oldest that has not.
final class OpenConnections: Sendable {
    final class Entry: Sendable {
        let channel: any Channel
        init(_ channel: any Channel) { self.channel = channel }
    }

    private struct State {
        /// In the order they opened.
        var entries: [ObjectIdentifier: (entry: Entry, order: Int, authenticated: Bool)] = [:]
        var next = 0
    }

    private let maximum: Int
    private let state = Mutex(State())

    init(maximum: Int) { self.maximum = maximum }

    /// A place for `channel`, or nil when every place is a connection that showed the token.
    func admit(_ channel: any Channel) -> Entry? {
        let entry = Entry(channel)
        let evicted: Entry?? = state.withLock { state in
            var evicted: Entry?
            if state.entries.count >= maximum {
                guard let oldest = state.entries.filter({ !$0.value.authenticated }).min(by: { $0.value.order < $1.value.order }) else { return .none }
                state.entries[oldest.key] = nil
                evicted = oldest.value.entry
            }
            state.next += 1
            state.entries[ObjectIdentifier(entry)] = (entry, state.next, false)
            return .some(evicted)
        }
        guard let evicted else { return nil }
        evicted?.channel.close(promise: nil)
        return entry
    }

    /// `entry`'s connection sent a request with the token.
    func authenticated(_ entry: Entry) {
        state.withLock { $0.entries[ObjectIdentifier(entry)]?.authenticated = true }
    }

    func remove(_ entry: Entry) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(entry)) }
    }
}

/// Closes a connection whose request does not come whole in time: its head within `limit` of
/// the connection's opening or of the previous response's end, its body within `limit` of its head.
private final class RequestReadDeadlines: ChannelDuplexHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limit: TimeAmount
    private var deadline: Scheduled<Void>?

    init(limit: TimeAmount) { self.limit = limit }

    func handlerAdded(context: ChannelHandlerContext) { arm(context) }

    func handlerRemoved(context: ChannelHandlerContext) { deadline?.cancel() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: arm(context)
        case .end:
            deadline?.cancel()
            deadline = nil
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: limit) { channel.close(promise: nil) }
    }
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
