import ArgumentParser
import IntentsClient
import Logging
import MCPBridge

/// `intents mcp`: the installed intents as MCP tools for AI agents, on standard input and output.
@main
struct AgentBridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intents mcp",
        abstract: "Serve the installed apps' intents to AI agents as MCP tools, on standard input and output.",
        discussion: """
        An agent client starts this command and speaks the Model Context Protocol
        on its standard input and output. Each installed intent (App Intents and
        SiriKit intents) is a tool named <App>_<Intent>; a call runs the intent in
        its extension's sandbox, through the host's policy gate, as an agent's:
        the app needs your consent to agents (intents authorize APP grant
        --agents), and the lock policy applies. Questions the intent asks go to
        the user through the client (MCP elicitation); a client that cannot ask
        gets a tool error naming the question. Logs go to standard error.

        Examples:
          intents mcp
          intents mcp --hide MonkeyChat --state ~/.local/state/intents

        An agent client's configuration:
          {"mcpServers": {"intents": {"command": "intents", "args": ["mcp"]}}}
        """)

    @Option(help: "The host's state folder (default: INTENTS_STATE, else the user's).") var state: String?
    @Option(name: .customLong("apps"), help: "Apps folders of a server this command starts (default: the host's).") var appsFolders: [String] = []
    @Option(help: "An app (name or bundle identifier) whose intents are not offered to agents; repeat for more.") var hide: [String] = []
    @Option(help: "The longest MCP message taken, in bytes.") var maximumMessageBytes = BoundedStdioTransport.defaultMaximumMessageBytes

    func validate() throws {
        guard (1_024...(256 << 20)).contains(maximumMessageBytes) else {
            throw ValidationError("--maximum-message-bytes must be between 1024 and \(256 << 20); \(maximumMessageBytes) is not.")
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        var client = IntentsClient.Configuration(stateFolder: state)
        client.appsFolders = appsFolders
        let bridge = AgentBridge(AgentBridge.Configuration(client: client, hidden: Set(hide)))
        try await bridge.serve(on: BoundedStdioTransport(maximumMessageBytes: maximumMessageBytes))
    }
}
