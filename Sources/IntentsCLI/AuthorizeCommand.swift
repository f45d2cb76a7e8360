import ExtensionProtocol
import ArgumentParser
import CommandReports
import Foundation
import IntentsHost
import IntentsServer
import SystemCalls
import SystemStore

struct AuthorizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authorize",
        abstract: "Show or set which apps may use Siri for SiriKit domain intents (messages, calls, payments...), or may be used by AI agents.",
        discussion: """
        Without an app, lists every app's status. grant and deny record the user's decision;
        reset forgets it, so that the app's next INPreferences.requestSiriAuthorization asks again.
        Custom intents and shortcuts need no authorization. While intents serve runs, an app's
        INPreferences.requestSiriAuthorization waits for your answer: the list shows it as
        pending, and grant or deny answers it (after 5 minutes it is answered notDetermined).

        With --agents, the same for your consent to AI agents (clients of intents mcp) running
        the app's intents, App Intents and SiriKit intents alike: until you grant it, every
        agent's call to the app is refused (rule agent-not-allowed). No app or agent can ask.
        hide (with --agents only) also leaves the app out of every agent's tool list: the
        server hides it from the MCP bridge, whatever the bridge's configuration says; grant,
        deny or reset shows it again.

        Examples:
          intents authorize
          intents authorize MonkeyChat grant
          intents authorize com.example.MonkeyChat reset
          intents authorize Meditation grant --agents
          intents authorize "Sandbox Tester" hide --agents
          intents authorize --agents --json
        """)

    enum Decision: String, ExpressibleByArgument, CaseIterable {
        case grant, deny, reset, hide

        var status: SiriAuthorization {
            switch self {
            case .grant: .authorized
            case .deny: .denied
            case .reset: .notDetermined
            case .hide: .restricted
            }
        }
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The app: its name or bundle identifier.") var app: String?
    @Argument(help: "grant, deny or reset; hide, with --agents.") var decision: Decision?
    @Flag(help: "Show or set the consent to AI agents (intents mcp), not Siri authorization.") var agents = false
    @Flag(help: "Print one JSON object.") var json = false

    func validate() throws {
        if app != nil && decision == nil { throw ValidationError("Say what to do for \(app!): grant, deny or reset.") }
        if decision == .hide && !agents {
            throw ValidationError("hide is for the consent to agents (--agents): it leaves \(app ?? "the app") out of the agents' tools; Siri has no such setting.")
        }
    }

    func run() async throws {
        let store = try global.systemStore(json: json)
        let catalog = try global.catalog()
        let pending = HostSession.server?.authorizationRequests.pending ?? []
        if let app, let decision {
            let bundle = try SystemCommandSupport.reporting(json) { try catalog.app(named: app) }
            let (status, identifier, agents) = (decision.status, bundle.bundleIdentifier, agents)
            try await SystemCommandSupport.writing(store, json: json) {
                if agents { try $0.setAgentConsent(status, app: identifier) } else { try $0.setAuthorization(status, app: identifier) }
            }
            if !agents { HostSession.server?.authorizationRequests.decided(decision.status, app: bundle.bundleIdentifier) }
            let decided = UserReports.authorizations(of: [bundle], decisions: [bundle.bundleIdentifier: decision.status], pending: [])[0]
            if json {
                writeOutput(AuthorizationReport.decisionJSON(decided, agents: agents).text + "\n")
            } else {
                printLine(AuthorizationReport.decisionLine(decided, agents: agents))
            }
            return
        }
        let decisions = try SystemCommandSupport.reporting(json) { agents ? try store.agentConsents() : try store.authorizations() }
        let apps = UserReports.authorizations(of: catalog.apps, decisions: decisions, pending: agents ? [] : pending)
        if json {
            writeOutput(AuthorizationReport.json(apps, agents: agents).text + "\n")
        } else {
            AuthorizationReport.lines(apps, agents: agents).forEach(printLine)
        }
    }
}
