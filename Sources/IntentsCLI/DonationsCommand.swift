import ArgumentParser
import CommandReports
import Foundation
import HostBundles
import IntentsHost
import IntentsServer
import LocalAPI
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
            guard case .donations(let listing) = try await global.records(.donations(app: app), json: json) else { return }
            listing.warnings.forEach(printError)
            if json {
                writeOutput(RecordsReport.json(listing).text + "\n")
            } else {
                RecordsReport.lines(listing).forEach(printLine)
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
            guard case .deleted(let count) = try await global.records(.deleteDonations(identifiers: identifiers, app: app, all: all), json: false) else { return }
            printLine(RecordsReport.deletedLine(count))
        }
    }
}

extension GlobalOptions {
    /// Carries out a records request as the server does (`RecordCommands`), on the store and
    /// apps these options name; a failure is printed (as JSON with `json`) and exits with its status.
    func records(_ request: RecordsRequest, json: Bool, now: Date = Date()) async throws -> HostReply {
        let store = try systemStore(json: json)
        let catalog = try self.catalog()
        do {
            return try await RecordCommands.perform(request, store: store, catalog: catalog, timeZone: CommandIO.current.environment["TZ"], now: now) {
                await AppIntentsReport.snapshot(of: catalog, global: self)
            }
        } catch let error as HostError {
            throw SystemCommandSupport.failure(error, json: json)
        }
    }

    /// The bundles in the apps folders these options name.
    func catalog() throws -> BundleCatalog {
        HostSession.catalog(for: try hostConfiguration())
    }

    /// The bundle identifier of the installed app called `name`; an unknown name exits with its error.
    func bundleIdentifier(ofApp name: String, json: Bool) throws -> String {
        try SystemCommandSupport.reporting(json) { try catalog().app(named: name).bundleIdentifier }
    }
}
