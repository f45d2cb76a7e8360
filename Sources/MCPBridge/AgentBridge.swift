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
        /// Places for tool calls shared with other bridges (the sessions of `--http`), if any:
        /// a call needs one of these besides one of the bridge's own.
        public var sharedCalls: AgentCallSlots?

        public init(client: IntentsClient.Configuration = .init(), hidden: Set<String> = []) {
            self.client = client
            self.hidden = hidden
        }
    }

    public let configuration: Configuration
    private let client: IntentsClient
    private let state = Mutex<State>(State())
    private let logger: Logger

    private struct State {
        var tools: AgentToolSet?
        /// The catalog `tools` were made from.
        var catalog: CatalogSnapshot?
        /// The entities each entity type's query suggested, and when they were read.
        var suggestions: [AgentToolSet.EntityType: (names: [String], read: ContinuousClock.Instant)] = [:]
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

    /// How long an entity type's suggestions are kept before a listing reads them again.
    public static let suggestionLifetime: Duration = .seconds(60)
    /// The longest a listing waits for the suggestions it reads (the rest come in a later listing).
    public static let suggestionWait: Duration = .seconds(3)
    /// The most suggested entities listed for a type, and the longest name kept (in characters).
    public static let maximumSuggestions = 10
    public static let maximumSuggestionLength = 100

    public init(_ configuration: Configuration, logger: Logger = Logger(label: "intents.mcp")) {
        self.configuration = configuration
        self.client = IntentsClient(configuration.client)
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
        let suggestions = await suggestions(for: types)
        return suggestions.isEmpty ? tools : AgentToolSet(catalog: catalog, hidden: configuration.hidden, suggestions: suggestions)
    }

    /// The suggested entities of `types`: those read within `suggestionLifetime`, and the others
    /// read now (each query runs in its extension, as an agent's, through the policy gate),
    /// waiting at most `suggestionWait`. A query that is refused or fails suggests nothing (and
    /// is asked again at the next listing).
    private func suggestions(for types: Set<AgentToolSet.EntityType>) async -> [AgentToolSet.EntityType: [String]] {
        let now = ContinuousClock.now
        let stale = state.withLock { state in types.filter { state.suggestions[$0].map { now - $0.read > Self.suggestionLifetime } ?? true } }
        if !stale.isEmpty {
            let client = client
            _ = try? await DeadlineRace.withDeadline(Self.suggestionWait) { [self] in
                await withTaskGroup(of: Void.self) { group in
                    for type in stale {
                        group.addTask {
                            // A refusal (no consent yet) is not kept: the next listing asks again.
                            guard let values = try? await client.entities(type.typeName, app: type.appBundle, .suggested) else { return }
                            let names = Self.suggestionNames(values)
                            self.state.withLock { $0.suggestions[type] = (names, ContinuousClock.now) }
                        }
                    }
                }
            }
        }
        return state.withLock { state in
            var found: [AgentToolSet.EntityType: [String]] = [:]
            for type in types { if let names = state.suggestions[type]?.names, !names.isEmpty { found[type] = names } }
            return found
        }
    }

    /// What an extension suggested, as names an agent may pass: one line each, without control
    /// characters, cut to `maximumSuggestionLength`, no repeats, at most `maximumSuggestions`.
    static func suggestionNames(_ values: [IntentValue]) -> [String] {
        var names: [String] = []
        for value in values where names.count < maximumSuggestions {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: value.displayString.unicodeScalars.filter(isShown).prefix(maximumSuggestionLength))
            let text = String(scalars).trimmingCharacters(in: .whitespaces)
            if !text.isEmpty, !names.contains(text) { names.append(text) }
        }
        return names
    }

    /// Whether a character of an extension's text is kept: not a control, format, separator,
    /// private or unassigned one.
    private static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: false
        default: true
        }
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
        let shared = configuration.sharedCalls
        guard shared?.take() ?? true else {
            return CallTool.Result(content: [.text(text: "The intents bridge runs at most \(shared?.maximum ?? 0) tool calls of all its sessions at once; call again when one has ended.",
                                                   annotations: nil, _meta: nil)], isError: true)
        }
        defer { shared?.give() }
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
