import Foundation
import Logging
import MCP

/// The MCP sessions of `intents mcp --http`: each a Streamable HTTP transport of the SDK with an
/// `AgentBridge` of its own (its own elicitation capability, call bound and catalog watch).
/// Before any session sees a request, the path must be `/mcp` and the request must carry the
/// bearer token; a session is made only by an `initialize` request, at most
/// `maximumSessions` live at once, and one ends after `maximumSessionBytes` sent (the SDK keeps
/// every message of a session for replay) or `idleLimit` without a request.
actor AgentHTTPSessions {
    struct Limits: Sendable {
        var maximumSessions = 16
        var maximumSessionBytes = 64 << 20
        var idleLimit: Duration = .seconds(30 * 60)
    }

    private struct Session {
        let transport: StatefulHTTPServerTransport
        let serving: Task<Void, Never>
        var lastUsed: ContinuousClock.Instant
        var bytesSent = 0
        /// Responses of this session still being written (SSE streams).
        var openStreams = 0
        /// Whether the session's `GET` stream is being written now.
        var standaloneOpen = false
        /// The last event written on the session's `GET` stream.
        var standaloneLastEventID: String?
    }

    private let token: AgentHTTPToken
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

    /// The response to one HTTP request.
    func respond(to request: HTTPRequest) async -> HTTPResponse {
        let path = request.path.map { String($0.prefix { $0 != "?" }) }
        guard path == "/mcp" else {
            return .error(statusCode: 404, .invalidRequest("Not Found: the MCP endpoint is /mcp"))
        }
        guard token.isCarried(by: request.header(HTTPHeaderName.authorization)) else {
            return .error(statusCode: 401, .invalidRequest("Unauthorized: send the token of intents mcp --http as Authorization: Bearer TOKEN"),
                          extraHeaders: [HTTPHeaderName.wwwAuthenticate: "Bearer"])
        }
        if let id = request.header(HTTPHeaderName.sessionID) {
            guard var session = sessions[id] else {
                return .error(statusCode: 404, .invalidRequest("Not Found: no such session (it ended); initialize a new one"))
            }
            session.lastUsed = now()
            sessions[id] = session
            let response = await session.transport.handleRequest(Self.reopening(request, of: session))
            if request.method.uppercased() == "DELETE", response.statusCode == 200 { await end(id, why: "the client ended it") }
            return response
        }
        guard request.method.uppercased() == "POST", Self.isInitialize(request.body) else {
            return .error(statusCode: 400, .invalidRequest("Bad Request: send \(HTTPHeaderName.sessionID), or initialize a session first"))
        }
        await endIdleSessions()
        guard sessions.count + opening < limits.maximumSessions else {
            return .error(statusCode: 503, .invalidRequest("Service Unavailable: intents mcp serves at most \(limits.maximumSessions) sessions at once; end one (DELETE) first"))
        }
        let transport = StatefulHTTPServerTransport(validationPipeline: StandardValidationPipeline(validators: [
            OriginValidator.localhost(port: port),
            AcceptHeaderValidator(mode: .sseRequired),
            ContentTypeValidator(),
            ProtocolVersionValidator(),
            SessionValidator(),
        ]))
        let bridge = makeBridge()
        let serving = Task { [logger] in
            do { try await bridge.serve(on: transport) } catch { logger.notice("MCP session ended", metadata: ["error": "\(error)"]) }
        }
        opening += 1
        let response = await transport.handleRequest(request)
        opening -= 1
        guard let id = response.headers[HTTPHeaderName.sessionID], response.statusCode == 200 else {
            await transport.disconnect()
            serving.cancel()
            return response
        }
        sessions[id] = Session(transport: transport, serving: serving, lastUsed: now())
        logger.info("MCP session began", metadata: ["sessions": "\(sessions.count)"])
        return response
    }

    /// A response of session `id` began or ended streaming; `standalone` for its `GET` stream.
    func streaming(_ id: String, began: Bool, standalone: Bool) {
        sessions[id]?.openStreams += began ? 1 : -1
        sessions[id]?.lastUsed = now()
        if standalone { sessions[id]?.standaloneOpen = began }
    }

    /// An event of `bytes` was written to a client of session `id` (on its `GET` stream when
    /// `standalone`); past the byte limit the session ends, and its client, answered 404,
    /// initializes a new one.
    func sent(_ bytes: Int, eventID: String?, session id: String, standalone: Bool) async {
        guard var session = sessions[id] else { return }
        session.bytesSent += bytes
        if standalone, let eventID { session.standaloneLastEventID = eventID }
        sessions[id] = session
        if session.bytesSent > limits.maximumSessionBytes { await end(id, why: "it sent \(limits.maximumSessionBytes) bytes") }
    }

    /// Ends every session (the command is stopping).
    func endAll() async {
        for id in sessions.keys { await end(id, why: "intents mcp is stopping") }
    }

    private func endIdleSessions() async {
        let moment = now()
        for (id, session) in sessions where session.openStreams == 0 && moment - session.lastUsed > limits.idleLimit {
            await end(id, why: "it was idle")
        }
    }

    private func end(_ id: String, why: String) async {
        guard let session = sessions.removeValue(forKey: id) else { return }
        await session.transport.disconnect()
        session.serving.cancel()
        logger.info("MCP session ended", metadata: ["why": "\(why)", "sessions": "\(sessions.count)"])
    }

    /// A `GET` that opens the session's stream again after its connection dropped: the SDK's
    /// transport still holds the dropped stream and would answer 409, so the request resumes
    /// after the last event written (`Last-Event-ID`), which replays what was missed since.
    private static func reopening(_ request: HTTPRequest, of session: Session) -> HTTPRequest {
        guard request.method.uppercased() == "GET", request.header(HTTPHeaderName.lastEventID) == nil, !session.standaloneOpen,
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
}
