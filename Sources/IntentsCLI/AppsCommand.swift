import ArgumentParser
import IntentsHost

struct AppsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apps",
        abstract: "List app bundles, their extensions, intents and lock restrictions.",
        discussion: """
        Bad bundles are listed under Problems and skipped; the others work. An IntentsSupported
        entry that no class in the extension's library provides (read from its Swift metadata,
        without running it) is listed under Problems too, but leaves the bundle working. An
        intent that several apps support is listed under Notes: each request then says which app.

        Examples:
          intents apps
          intents apps --apps ~/MyApps --json
        """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print one JSON object: apps, faults, conflicts.") var json = false

    func run() async throws {
        var catalog = try global.catalog()
        catalog.faults += IntentClassCheck.faults(in: catalog)
        CatalogReport.print(catalog, json: json)
    }
}

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check bundles without running their code; exit 1 when anything is wrong.",
        discussion: """
        PATH is an apps folder, an .app, an .appex, or an Info.plist inside one of them. Exits 1
        when a bundle has a fault, including an IntentsSupported entry that no class in its
        library provides; an intent that several apps support is only noted.

        Examples:
          intents validate ./MyApp.app
          intents validate ./MyApp.app/PlugIns/MyIntents.appex/Info.plist --json
        """)

    /// Accepted so that global options may stand anywhere; validation reads only PATH.
    @OptionGroup var global: GlobalOptions
    @Argument(help: "An apps folder, an .app, an .appex, or an Info.plist.") var path: String
    @Flag(help: "Print one JSON object: apps, faults, conflicts.") var json = false

    func run() async throws {
        var catalog = BundleScanner.validate(path: path)
        catalog.faults += IntentClassCheck.faults(in: catalog)
        CatalogReport.print(catalog, json: json)
        if !catalog.faults.isEmpty { throw ExitCode(ExitStatus.problems) }
        if !json { printLine("No problems found.") }
    }
}
