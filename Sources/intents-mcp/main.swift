import ArgumentParser
import Foundation
import IntentsClient
import Logging
import MCPBridge

/// `intents mcp`: the installed intents as MCP tools for AI agents, on standard input and output.
@main
struct AgentBridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intents mcp",
        abstract: "Serve the installed apps' intents to AI agents as MCP tools, on standard input and output or on loopback HTTP.",
        discussion: """
        An agent client starts this command and speaks the Model Context Protocol
        on its standard input and output. Each installed intent (App Intents and
        SiriKit intents) is a tool named <App>_<Intent>; a call runs the intent in
        its extension's sandbox, through the host's policy gate, as an agent's:
        the app needs your consent to agents (intents authorize APP grant
        --agents), and the lock policy applies. Questions the intent asks go to
        the user through the client (MCP elicitation); a client that cannot ask
        gets a tool error naming the question. Logs go to standard error.

        With --http HOST:PORT it serves MCP's Streamable HTTP at
        http://HOST:PORT/mcp instead, on a loopback address only. Every request
        must carry Authorization: Bearer TOKEN, the token in --token-file
        (made, mode 600, on the first start; kept afterwards).

        Examples:
          intents mcp
          intents mcp --hide MonkeyChat --state ~/.local/state/intents
          intents mcp --http 127.0.0.1:8765

        An agent client's configuration:
          {"mcpServers": {"intents": {"command": "intents", "args": ["mcp"]}}}
        """)

    @Option(help: "The host's state folder (default: INTENTS_STATE, else the user's).") var state: String?
    @Option(name: .customLong("apps"), help: "Apps folders of a server this command starts (default: the host's).") var appsFolders: [String] = []
    @Option(help: "An app (name or bundle identifier) whose intents are not offered to agents; repeat for more.") var hide: [String] = []
    @Option(help: "The longest MCP message taken, in bytes.") var maximumMessageBytes = BoundedStdioTransport.defaultMaximumMessageBytes
    @Option(help: ArgumentHelp("Serve Streamable HTTP on this loopback address instead of standard input and output.", valueName: "host:port"))
    var http: String?
    @Option(help: ArgumentHelp("The bearer token's file for --http (default: mcp-http-token in the state folder).", valueName: "path"))
    var tokenFile: String?

    func validate() throws {
        guard (1_024...(256 << 20)).contains(maximumMessageBytes) else {
            throw ValidationError("--maximum-message-bytes must be between 1024 and \(256 << 20); \(maximumMessageBytes) is not.")
        }
        if let http {
            do { _ = try AgentHTTPAddress(parsing: http) } catch { throw ValidationError(error.description) }
        } else if tokenFile != nil {
            throw ValidationError("--token-file is for --http; standard input and output need no token.")
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        var client = IntentsClient.Configuration(stateFolder: state)
        client.appsFolders = appsFolders
        let configuration = AgentBridge.Configuration(client: client, hidden: Set(hide))
        guard let http else {
            try await AgentBridge(configuration).serve(on: BoundedStdioTransport(maximumMessageBytes: maximumMessageBytes))
            return
        }
        let tokenPath = tokenFile ?? client.stateFolder + "/mcp-http-token"
        let token: AgentHTTPToken
        do { token = try AgentHTTPToken.load(orCreateAt: tokenPath) } catch {
            FileHandle.standardError.write(Data("intents mcp: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        let server = AgentHTTPServer(address: try AgentHTTPAddress(parsing: http), token: token, bridge: configuration,
                                     maximumMessageBytes: maximumMessageBytes)
        do {
            try await server.run { bound in
                FileHandle.standardError.write(Data("intents mcp: serving MCP at http://\(bound)/mcp; send Authorization: Bearer with the token in \(tokenPath)\n".utf8))
            }
        } catch let error as AgentHTTPListenError {
            FileHandle.standardError.write(Data("intents mcp: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
    }
}
