import ArgumentParser
import HostBundles
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
        let appIntents = await AppIntentsReport.snapshot(of: catalog, global: global)
        CatalogReport.print(catalog, json: json, appIntents: appIntents)
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

        An extension with App Intents is asked for their metadata once, in its sandbox, and the
        answer is cached by the library's SHA-256; then its App Shortcuts are checked: at most
        10 per app, every phrase says the app's name, at most one parameter per phrase (an
        entity or an enum), and no phrase that another app (checked or installed) has too.

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
        let appIntents = await AppIntentsReport.snapshot(of: catalog, global: global)
        let installed = appIntents == nil ? AppShortcutsSnapshot() : await AppIntentsReport.installed(global: global)
        catalog.faults += BundleValidation.faults(of: catalog, appShortcuts: appIntents, installed: installed)
        CatalogReport.print(catalog, json: json, appIntents: appIntents)
        if !catalog.faults.isEmpty { throw ExitCode(ExitStatus.problems) }
        if !json { printLine("No problems found.") }
    }
}
