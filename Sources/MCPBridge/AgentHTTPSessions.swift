import Foundation
import Logging
import MCP

/// The MCP sessions of `intents mcp --http`: each a Streamable HTTP transport of the SDK with an
/// `AgentBridge` of its own (its own elicitation capability and catalog watch; the calls of all
/// sessions share one bound). Before any session sees a request, the path must be `/mcp` and
/// the request must carry the bearer token (`admits(path:authorization:)`, checked on the
/// request's head). A session is made only by an `initialize` request; at most
/// `maximumSessions` live at once (a new one ends the least recently used session that streams
/// nothing; each session's catalog watch holds a connection to the host, which bounds a
/// program's); one ends after its messages reach `maximumSessionBytes` (the SDK keeps every
/// message of a session for replay), or `idleLimit` without a request. A session streams at
/// most `maximumStreamsPerSession` responses at once; a new `GET` stream ends the one before
/// and resumes after its last event; only the `GET` stream is resumed (`Last-Event-ID`), not a
/// request's (a replay is a copy of what the session keeps, which no meter would count).
actor AgentHTTPSessions {
    struct Limits: Sendable {
        var maximumSessions = 8
        var maximumSessionBytes = 64 << 20
        var maximumStreamsPerSession = AgentBridge.maximumConcurrentCalls + 2
        var idleLimit: Duration = .seconds(30 * 60)
    }

    /// What to write for a request.
    struct Answer: Sendable {
        var response: HTTPResponse
        /// The session whose stream the response is, if it is one.
        var session: String?
        /// Whether the stream is the session's `GET` stream (not a request's).
        var standalone = false
        /// Whether the connection closes after it (a request refused before any session saw it).
        var closes = false
    }

    private struct Session {
        let transport: StatefulHTTPServerTransport
        let meter: MeteredTransport
        let serving: Task<Void, Never>
        var lastUsed: ContinuousClock.Instant
        /// Responses of this session being written now (SSE streams).
        var openStreams = 0
        /// Ends the `GET` stream being written now, if one is.
        var endStandalone: StreamEnd?
        /// The last event written on the session's `GET` stream.
        var standaloneLastEventID: String?
    }

    nonisolated let token: AgentHTTPToken
    private let port: Int
    private let limits: Limits
    private let makeBridge: @Sendable () -> AgentBridge
    private let now: @Sendable () -> ContinuousClock.Instant
    private let logger: Logger
    private var sessions: [String: Session] = [:]
    /// Sessions being made (their `initialize` is with the SDK): counted against the maximum.
    private var opening = 0

    init(token: AgentHTTPToken, port: Int, limits: Limits = Limits(), logger: Logger,
         now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
         makeBridge: @escaping @Sendable () -> AgentBridge) {
        self.token = token
        self.port = port
        self.limits = limits
        self.logger = logger
        self.now = now
        self.makeBridge = makeBridge
    }

    var count: Int { sessions.count }

    /// The refusal of a request by its head alone: a path other than `/mcp` (404) or no bearer
    /// token (401); nil when it may go on. Its body is then neither read nor kept.
    nonisolated func refusal(path: String, authorization: String?) -> HTTPResponse? {
        guard path.prefix(while: { $0 != "?" }) == "/mcp" else {
            return .error(statusCode: 404, .invalidRequest("Not Found: the MCP endpoint is /mcp"))
        }
        guard token.isCarried(by: authorization) else {
            return .error(statusCode: 401, .invalidRequest("Unauthorized: send the token of intents mcp --http as Authorization: Bearer TOKEN"),
                          extraHeaders: [HTTPHeaderName.wwwAuthenticate: "Bearer"])
        }
        return nil
    }

    /// The answer to one HTTP request.
    func respond(to request: HTTPRequest) async -> Answer {
        if let refused = refusal(path: request.path ?? "", authorization: request.header(HTTPHeaderName.authorization)) {
            return Answer(response: refused, closes: true)
        }
        let method = request.method.uppercased()
        if let id = request.header(HTTPHeaderName.sessionID) {
            guard var session = sessions[id] else {
                return Answer(response: .error(statusCode: 404, .invalidRequest("Not Found: no such session (it ended); initialize a new one")))
            }
            if let resumed = request.header(HTTPHeaderName.lastEventID), !resumed.hasPrefix(Self.standaloneStreamPrefix) {
                return Answer(response: .error(statusCode: 400, .invalidRequest("Bad Request: only the session's GET stream is resumed; send the request again"),
                                               sessionID: id))
            }
            let opensStream = method == "GET" || (method == "POST" && Self.isRequest(request.body))
            if opensStream, session.openStreams >= limits.maximumStreamsPerSession {
                return Answer(response: .error(statusCode: 429, .invalidRequest("Too Many Requests: a session streams at most \(limits.maximumStreamsPerSession) responses at once"),
                                               sessionID: id))
            }
            session.lastUsed = now()
            sessions[id] = session
            let forwarded = Self.reopening(request, of: session)
            let response = await session.transport.handleRequest(forwarded)
            if method == "DELETE", response.statusCode == 200 { await end(id, why: "the client ended it") }
            return Answer(response: response, session: id, standalone: method == "GET")
        }
        guard method == "POST", Self.isInitialize(request.body) else {
            return Answer(response: .error(statusCode: 400, .invalidRequest("Bad Request: send \(HTTPHeaderName.sessionID), or initialize a session first")))
        }
        await makeRoom()
        guard sessions.count + opening < limits.maximumSessions else {
            return Answer(response: .error(statusCode: 503, .invalidRequest("Service Unavailable: intents mcp serves at most \(limits.maximumSessions) sessions at once, all streaming now; end one (DELETE) first")))
        }
        let transport = StatefulHTTPServerTransport(validationPipeline: StandardValidationPipeline(validators: [
            OriginValidator.localhost(port: port),
            AcceptHeaderValidator(mode: .sseRequired),
            ContentTypeValidator(),
            ProtocolVersionValidator(),
            SessionValidator(),
        ]))
        let meter = MeteredTransport(transport, limit: limits.maximumSessionBytes, logger: logger)
        let bridge = makeBridge()
        let serving = Task { [logger] in
            do { try await bridge.serve(on: meter) } catch { logger.notice("MCP session ended", metadata: ["error": "\(error)"]) }
        }
        opening += 1
        let response = await transport.handleRequest(request)
        opening -= 1
        guard let id = response.headers[HTTPHeaderName.sessionID], response.statusCode == 200 else {
            await transport.disconnect()
            serving.cancel()
            return Answer(response: response)
        }
        sessions[id] = Session(transport: transport, meter: meter, serving: serving, lastUsed: now())
        await meter.whenOverLimit { [weak self] in await self?.end(id, why: "its messages passed \(self?.limits.maximumSessionBytes ?? 0) bytes") }
        logger.info("MCP session began", metadata: ["sessions": "\(sessions.count)"])
        return Answer(response: response, session: id)
    }

    /// A stream of session `id` began; `end` ends its writing. A session's new `GET` stream
    /// ends the one before (the SDK's transport no longer feeds it).
    func streamBegan(_ id: String, standalone: Bool, end: StreamEnd) {
        guard var session = sessions[id] else { return end() }
        session.openStreams += 1
        session.lastUsed = now()
        if standalone {
            session.endStandalone?()
            session.endStandalone = end
        }
        sessions[id] = session
    }

    /// A stream of session `id` ended; `end` is the one its beginning gave.
    func streamEnded(_ id: String, standalone: Bool, end: StreamEnd) {
        guard var session = sessions[id] else { return }
        session.openStreams -= 1
        session.lastUsed = now()
        if standalone, session.endStandalone?.id == end.id { session.endStandalone = nil }
        sessions[id] = session
    }

    /// The `GET` stream of session `id` carried the event `eventID`.
    func standaloneEvent(_ eventID: String, session id: String) {
        sessions[id]?.standaloneLastEventID = eventID
    }

    /// Ends every session (the command is stopping).
    func endAll() async {
        for id in sessions.keys { await end(id, why: "intents mcp is stopping") }
    }

    /// Ends the sessions idle past the limit, and, when the sessions are at their maximum, the
    /// least recently used one that streams nothing.
    private func makeRoom() async {
        let moment = now()
        for (id, session) in sessions where session.openStreams == 0 && moment - session.lastUsed > limits.idleLimit {
            await end(id, why: "it was idle")
        }
        if sessions.count + opening >= limits.maximumSessions,
           let oldest = sessions.filter({ $0.value.openStreams == 0 }).min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
            await end(oldest, why: "a new session needed its place")
        }
    }

    func end(_ id: String, why: String) async {
        guard let session = sessions.removeValue(forKey: id) else { return }
        session.endStandalone?()
        await session.transport.disconnect()
        session.serving.cancel()
        logger.info("MCP session ended", metadata: ["why": "\(why)", "sessions": "\(sessions.count)"])
    }

    /// The SDK's name for the events of a session's `GET` stream.
    static let standaloneStreamPrefix = "_GET_stream_"

    /// A `GET` that opens the session's stream again (its connection dropped, or the client
    /// opens another): the SDK's transport still holds the old stream and would answer 409, so
    /// the request resumes after the last event written (`Last-Event-ID`), which replays what
    /// was missed since; the old stream's writing ends when the new one begins.
    private static func reopening(_ request: HTTPRequest, of session: Session) -> HTTPRequest {
        guard request.method.uppercased() == "GET", request.header(HTTPHeaderName.lastEventID) == nil,
              let last = session.standaloneLastEventID else { return request }
        var headers = request.headers
        headers[HTTPHeaderName.lastEventID] = last
        return HTTPRequest(method: request.method, headers: headers, body: request.body, path: request.path)
    }

    /// Whether `body` is a JSON-RPC `initialize` request.
    private static func isInitialize(_ body: Data?) -> Bool {
        guard let body, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return false }
        return object["method"] as? String == "initialize" && object["id"] != nil
    }

    /// Whether `body` is a JSON-RPC request (the SDK answers it on a stream of its own).
    private static func isRequest(_ body: Data?) -> Bool {
        guard let body, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return false }
        return object["method"] is String && object["id"] != nil
    }
}

/// The SDK's HTTP transport of one session, counting what the session sends: the transport
/// keeps every message for replay, sent to a connection that is gone or not, so the count is
/// taken here, as messages are made, and past `limit` the session ends.
actor MeteredTransport: Transport {
    nonisolated let logger: Logger
    private let inner: StatefulHTTPServerTransport
    private let limit: Int
    private var sent = 0
    private var overLimit: (@Sendable () async -> Void)?

    init(_ inner: StatefulHTTPServerTransport, limit: Int, logger: Logger) {
        self.inner = inner
        self.limit = limit
        self.logger = logger
    }

    /// Sets what happens once the session's messages pass the limit.
    func whenOverLimit(_ action: @escaping @Sendable () async -> Void) {
        overLimit = action
    }

    private var incoming: AsyncThrowingStream<Data, any Swift.Error>?

    func connect() async throws {
        try await inner.connect()
        incoming = await inner.receive()
    }

    func disconnect() async { await inner.disconnect() }

    /// The inner transport's messages (the SDK's server asks for them after `connect()`).
    func receive() -> AsyncThrowingStream<Data, any Swift.Error> {
        incoming ?? AsyncThrowingStream { $0.finish(throwing: MCPError.internalError("The session's transport was not connected.")) }
    }

    func send(_ data: Data) async throws {
        sent += data.count
        guard sent <= limit else {
            if let action = overLimit {
                overLimit = nil
                Task { await action() }
            }
            throw MCPError.connectionClosed
        }
        try await inner.send(data)
    }
}

/// Ends the writing of one stream (its connection then closes).
struct StreamEnd: Sendable {
    let id = UUID()
    let action: @Sendable () -> Void

    func callAsFunction() { action() }
}
