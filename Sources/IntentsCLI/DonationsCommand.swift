import ArgumentParser
import Foundation
import HostBundles
import IntentsHost
import SystemCalls
import SystemStore

struct DonationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "donations",
        abstract: "List and delete what apps donated (interactions and user activities).",
        discussion: """
        Apps donate with INInteraction.donate and NSUserActivity.becomeCurrent; each app keeps
        at most \(SystemStore.defaultDonationCap) donations, its oldest evicted first.

        Examples:
          intents donations list
          intents donations list --app Pizza --json
          intents donations delete 6F1C...
          intents donations delete 6F1C... --app Pizza   # when two apps used the identifier
          intents donations delete --app Pizza --all
        """,
        subcommands: [List.self, Delete.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List donations, oldest first.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Only this app's (its name or bundle identifier).") var app: String?
        @Flag(help: "Print one JSON object.") var json = false

        func run() async throws {
            let store = try global.systemStore(json: json)
            let bundle = try app.map { try global.bundleIdentifier(ofApp: $0, json: json) }
            let donations = try SystemCommandSupport.reporting(json) { try store.donations(app: bundle) }
            SystemCommandSupport.noteSkipped(in: store)
            if json {
                JSONOutput.print(["invalid": SystemCommandSupport.plain(store.skippedRecords),
                                  "donations": donations.map { donation -> [String: Any] in
                    var object: [String: Any] = ["identifier": donation.identifier, "app": donation.app, "kind": donation.kind.rawValue,
                                                 "date": SystemCommandSupport.timestamp(donation.date),
                                                 "shortcut": SystemCommandSupport.plain(donation.action)]
                    if let group = donation.groupIdentifier { object["groupIdentifier"] = group }
                    if let code = donation.responseCode { object["responseCode"] = code }
                    if let phrase = donation.suggestedInvocationPhrase { object["suggestedInvocationPhrase"] = phrase }
                    if let persistent = donation.persistentIdentifier { object["persistentIdentifier"] = persistent }
                    return object
                }])
                return
            }
            if donations.isEmpty { printLine("No donations.") }
            for donation in donations {
                let phrase = donation.suggestedInvocationPhrase.map { "  suggested phrase \"\($0)\"" } ?? ""
                printLine("\(donation.identifier)  \(SystemCommandSupport.timestamp(donation.date))  \(donation.app): \(donation.action.summary)\(phrase)")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete donations by identifier, or all of one app's with --all.",
            discussion: """
            An identifier is the app's own choice: when several apps used one, say which app's \
            with --app; nothing is deleted until then.

            Examples:
              intents donations delete 6F1C...
              intents donations delete 6F1C... --app Pizza
            """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Donation identifiers.") var identifiers: [String] = []
        @Option(help: "Only this app's (its name or bundle identifier); needed when several apps used an identifier.") var app: String?
        @Flag(help: "Delete every donation (of --app, when given).") var all = false

        func validate() throws {
            if all == !identifiers.isEmpty { throw ValidationError(all ? "Give donation identifiers or --all, not both." : "Give donation identifiers, or --all (with --app for one app's).") }
        }

        func run() async throws {
            let store = try global.systemStore(json: false)
            let bundle = try app.map { try global.bundleIdentifier(ofApp: $0, json: false) }
            let deleted = try SystemCommandSupport.reporting(false) { () -> Int in
                if all || bundle != nil { return try store.deleteDonations(app: bundle, all ? .all(nil) : .identifiers(identifiers)) }
                // Each identifier's one app, found before anything is deleted: never several apps' at once.
                let owners = try DonationIdentifiers.owners(of: identifiers, in: store)
                return try owners.reduce(0) { deleted, owner in
                    deleted + (try store.deleteDonations(app: owner.app, .identifiers(owner.identifiers)))
                }
            }
            if !all && deleted < identifiers.count {
                throw SystemCommandSupport.failure(HostError(.usage, "Deleted \(deleted) of \(identifiers.count) donations; the others do not exist."), json: false)
            }
            printLine("Deleted \(deleted) donation\(deleted == 1 ? "" : "s").")
        }
    }
}

extension GlobalOptions {
    /// The bundles in the apps folders these options name.
    func catalog() throws -> BundleCatalog {
        HostSession.catalog(for: try hostConfiguration())
    }

    /// The bundle identifier of the installed app called `name`; an unknown name exits with its error.
    func bundleIdentifier(ofApp name: String, json: Bool) throws -> String {
        try SystemCommandSupport.reporting(json) { try catalog().app(named: name).bundleIdentifier }
    }
}
