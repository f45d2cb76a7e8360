import ArgumentParser
import ExtensionProcesses
import Foundation

/// `intents mcp`: the `intents` command runs the MCP bridge (`intents-mcp`, beside it) in its
/// place; this subcommand lists it in the help and does the same when the host runs it.
struct AgentBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the installed apps' intents to AI agents as MCP tools (stdio); see intents mcp --help.",
        discussion: """
        Runs intents-mcp, beside this command, with the same arguments. Agents may call an app's
        intents only once you let them (intents authorize APP grant --agents).

        Examples:
          intents mcp
          intents mcp --hide MonkeyChat
        """)

    @Argument(parsing: .allUnrecognized, help: "The bridge's own options (intents mcp --help).") var options: [String] = []

    func run() throws {
        let path = HostConfiguration.executableFolder + "/intents-mcp"
        let argv = (["intents-mcp"] + options).map { strdup($0) } + [nil]
        execv(path, argv)
        throw ValidationError("The MCP bridge \(path) cannot be started: \(String(cString: strerror(errno))).")
    }
}
