import ExtensionProtocol
import Foundation
import IntentsClient
import Logging
import MCP
import Synchronization

/// The MCP server of `intents mcp`: the installed intents as tools for AI agents, a client of
/// the host API. Calls go to the host's server (started on demand), which judges each as an
/// agent's: the user's consent to agents for the app, then the lock policy, then the sandbox
/// and the conversation, whose questions become MCP elicitations.
public final class AgentBridge: Sendable {
    public struct Configuration: Sendable {
        /// The host's client (its state folder, and how it starts a server).
        public var client: IntentsClient.Configuration
        /// Apps (names or bundle identifiers) whose intents are not listed nor run.
        public var hidden: Set<String> = []
        /// What the bridge shares with others (the sessions of `--http`): the host's client, a
        /// bound of calls, the suggestions. Nil: its own.
        public var shared: Shared?

        public init(client: IntentsClient.Configuration = .init(), hidden: Set<String> = []) {
            self.client = client
            self.hidden = hidden
        }
    }

    /// What bridges may share: one client of the host (its pooled connections: the host
    /// bounds a program's), places for tool calls (a call needs one of these besides one of its
    /// bridge's own), and the entities' suggestions.
    public final class Shared: Sendable {
        public let client: IntentsClient
        public let calls: AgentCallSlots?
        public let suggestions = EntitySuggestions()

        public init(client: IntentsClient, calls: AgentCallSlots? = nil) {
            self.client = client
            self.calls = calls
        }
    }

    public let configuration: Configuration
    private let shared: Shared
    private let client: IntentsClient
    private let state = Mutex<State>(State())
    private let logger: Logger

    private struct State {
        var tools: AgentToolSet?
        /// The catalog `tools` were made from.
        var catalog: CatalogSnapshot?
        var elicits = false
        /// Tool calls running now.
        var calls = 0
        /// Whether the catalog watch is live: `tools` then follows the catalog, and a listing
        /// needs no request of its own to the host.
        var watching = false
        /// When the catalog was last read for a call naming a tool not in `tools`.
        var lastUnknownToolRefresh: ContinuousClock.Instant?
    }

    /// The most tool calls one client runs at once; more are refused as tool errors (each call
    /// holds a conversation, and its extension process, until it ends).
    public static let maximumConcurrentCalls = 8

    public init(_ configuration: Configuration, logger: Logger = Logger(label: "intents.mcp")) {
        self.configuration = configuration
        self.shared = configuration.shared ?? Shared(client: IntentsClient(configuration.client))
        self.client = shared.client
        self.logger = logger
    }

    /// Serves MCP on `transport` until the client hangs up.
    public func serve(on transport: any Transport) async throws {
        let server = Server(name: "intents", version: "1.0", title: "Intents host",
                            instructions: "Each tool runs an installed app's intent in its sandbox, under the user's policy: the user must have let agents use the app, and some intents need the device unlocked. The intent may ask questions; answer them with the user.",
                            capabilities: .init(tools: .init(listChanged: true)))
        await server.withMethodHandler(ListTools.self) { [self] _ in
            ListTools.Result(tools: try await listedTools().tools)
        }
        await server.withMethodHandler(CallTool.self) { [self] parameters in
            try await call(parameters, server: server)
        }
        try await server.start(transport: transport) { [self] _, capabilities in
            state.withLock { $0.elicits = capabilities.elicitation != nil }
        }
        let watcher = Task { await watchCatalog(server: server) }
        await server.waitUntilCompleted()
        watcher.cancel()
        await server.stop()
    }

    /// The tools now: the catalog's, read again when `refreshed` or when none was read yet.
    private func toolSet(refreshed: Bool) async throws -> AgentToolSet {
        if !refreshed, let tools = state.withLock({ $0.tools }) { return tools }
        do {
            let catalog = try await client.catalog()
            let tools = AgentToolSet(catalog: catalog, hidden: configuration.hidden)
            state.withLock { state in
                state.tools = tools
                state.catalog = catalog
            }
            return tools
        } catch let error as IntentsClientError {
            throw MCPError.internalError("The intents host cannot list its intents: \(error.message)")
        }
    }

    /// The tools as a listing shows them: with the entities each entity parameter's query
    /// suggests, for the apps whose queries answer an agent (the user's consent).
    private func listedTools() async throws -> AgentToolSet {
        let tools = try await toolSet(refreshed: !state.withLock { $0.watching })
        let types = tools.entityTypes
        guard !types.isEmpty, let catalog = state.withLock({ $0.catalog }), catalog.generation == tools.generation else { return tools }
        let suggestions = await shared.suggestions.names(for: types, generation: catalog.generation, client: client)
        return suggestions.isEmpty ? tools : AgentToolSet(catalog: catalog, hidden: configuration.hidden, suggestions: suggestions)
    }

    private func call(_ parameters: CallTool.Parameters, server: Server) async throws -> CallTool.Result {
        var target = try await toolSet(refreshed: false).targets[parameters.name]
        // A tool not listed, while the watch is down: the catalog is read again, at most once a
        // second (a client naming unknown tools costs the host nothing more).
        let refreshes = target == nil && state.withLock { state in
            let now = ContinuousClock.now
            guard !state.watching, state.lastUnknownToolRefresh.map({ now - $0 >= .seconds(1) }) ?? true else { return false }
            state.lastUnknownToolRefresh = now
            return true
        }
        if refreshes { target = try await toolSet(refreshed: true).targets[parameters.name] }
        guard let target else {
            throw MCPError.invalidParams("Unknown tool: \(String(parameters.name.prefix(100)))")
        }
        let (admitted, elicits) = state.withLock { state in
            guard state.calls < Self.maximumConcurrentCalls else { return (false, state.elicits) }
            state.calls += 1
            return (true, state.elicits)
        }
        guard admitted else {
            return CallTool.Result(content: [.text(text: "The intents bridge runs at most \(Self.maximumConcurrentCalls) tool calls at once; call again when one has ended.",
                                                   annotations: nil, _meta: nil)], isError: true)
        }
        defer { state.withLock { $0.calls -= 1 } }
        let slots = shared.calls
        guard slots?.take() ?? true else {
            return CallTool.Result(content: [.text(text: "The intents bridge runs at most \(slots?.maximum ?? 0) tool calls of all its sessions at once; call again when one has ended.",
                                                   annotations: nil, _meta: nil)], isError: true)
        }
        defer { slots?.give() }
        let asker: (any AgentQuestionAsker)? = elicits ? ElicitingAsker(server: server) : nil
        let call = AgentToolCall(target: target, arguments: parameters.arguments ?? [:])
        let result = await call.run(on: client, asking: asker)
        logger.info("tool called", metadata: ["tool": "\(parameters.name)", "error": "\(result.isError ?? false)"])
        return result
    }

    /// Tells the client the list changed each time the host's catalog does (a bundle dropped
    /// in, replaced or removed), for as long as the server runs; a broken watch is started
    /// again after a pause that doubles each time, up to 30 s.
    private func watchCatalog(server: Server) async {
        var pause: Duration = .seconds(1)
        while !Task.isCancelled {
            do {
                for try await catalog in client.catalogChanges() {
                    let tools = AgentToolSet(catalog: catalog, hidden: configuration.hidden)
                    let previous = state.withLock { state in
                        defer {
                            state.tools = tools
                            state.catalog = catalog
                            state.watching = true
                        }
                        return state.tools
                    }
                    if let previous, previous.tools != tools.tools {
                        try? await server.notify(ToolListChangedNotification.message())
                    }
                    pause = .seconds(1)
                }
            } catch {
                logger.notice("catalog watch ended", metadata: ["error": "\(error)"])
            }
            state.withLock { $0.watching = false }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(30))
        }
    }
}

/// Places for tool calls, shared by several bridges.
public final class AgentCallSlots: Sendable {
    public let maximum: Int
    private let taken = Mutex(0)

    public init(maximum: Int) { self.maximum = maximum }

    /// Takes a place; false when all are taken.
    func take() -> Bool {
        taken.withLock { count in
            guard count < maximum else { return false }
            count += 1
            return true
        }
    }

    func give() { taken.withLock { $0 -= 1 } }
}
