import ExtensionProtocol
import ArgumentParser
import Foundation
import IntentsHost
import SystemCalls
import SystemStore

struct AuthorizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authorize",
        abstract: "Show or set which apps may use Siri for SiriKit domain intents (messages, calls, payments...).",
        discussion: """
        Without an app, lists every app's status. grant and deny record the user's decision;
        reset forgets it, so that the app's next INPreferences.requestSiriAuthorization asks again.
        Custom intents and shortcuts need no authorization. While intents serve runs, an app's
        INPreferences.requestSiriAuthorization waits for your answer: the list shows it as
        pending, and grant or deny answers it (after 5 minutes it is answered notDetermined).

        Examples:
          intents authorize
          intents authorize MonkeyChat grant
          intents authorize com.example.MonkeyChat reset
        """)

    enum Decision: String, ExpressibleByArgument, CaseIterable {
        case grant, deny, reset

        var status: SiriAuthorization {
            switch self {
            case .grant: .authorized
            case .deny: .denied
            case .reset: .notDetermined
            }
        }
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The app: its name or bundle identifier.") var app: String?
    @Argument(help: "grant, deny or reset.") var decision: Decision?
    @Flag(help: "Print one JSON object.") var json = false

    func validate() throws {
        if app != nil && decision == nil { throw ValidationError("Say what to do for \(app!): grant, deny or reset.") }
    }

    func run() async throws {
        let store = try global.systemStore(json: json)
        let catalog = try global.catalog()
        if let app, let decision {
            let bundle = try SystemCommandSupport.reporting(json) { try catalog.app(named: app) }
            try SystemCommandSupport.reporting(json) { try store.setAuthorization(decision.status, app: bundle.bundleIdentifier) }
            HostSession.server?.authorizationRequests.decided(decision.status, app: bundle.bundleIdentifier)
            if json {
                JSONOutput.print(["app": bundle.bundleIdentifier, "status": decision.status.name])
            } else {
                printLine("\(bundle.displayName) (\(bundle.bundleIdentifier)): \(decision.status.name).")
            }
            return
        }
        let decisions = try SystemCommandSupport.reporting(json) { try store.authorizations() }
        let rows = catalog.apps.map { app in (app, decisions[app.bundleIdentifier] ?? .notDetermined) }
        let pending = Dictionary((HostSession.server?.authorizationRequests.pending ?? []).map { ($0.app, $0) }, uniquingKeysWith: { a, _ in a })
        if json {
            JSONOutput.print(["apps": rows.map { row -> [String: Any] in
                var object: [String: Any] = ["app": row.0.bundleIdentifier, "name": row.0.displayName, "status": row.1.name,
                                             "canAsk": row.0.siriUsageDescription != nil]
                if let request = pending[row.0.bundleIdentifier] { object["pendingRequest"] = request.usageDescription }
                return object
            }])
            return
        }
        for (app, status) in rows {
            let asking = app.siriUsageDescription == nil ? "  (no NSSiriUsageDescription: cannot ask)" : ""
            let request = pending[app.bundleIdentifier].map { "  (asks now: \($0.usageDescription.quotedForDisplay); grant or deny)" } ?? ""
            printLine("\(app.displayName.padding(toLength: 16, withPad: " ", startingAt: 0)) \(status.name)\(asking)\(request)")
        }
    }
}
