import ArgumentParser
import CommandReports
import Foundation
import IntentsHost
import IntentsServer
import SystemStore

struct VocabularyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocabulary",
        abstract: "Show the words `intents say` knows: user vocabulary set by apps and their AppIntentVocabulary.plist.",
        discussion: "Examples:\n  intents vocabulary\n  intents vocabulary --json")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print one JSON object.") var json = false

    func run() async throws {
        let store = try global.systemStore(json: json)
        let catalog = try global.catalog()
        let listing = UserReports.vocabulary(user: try SystemCommandSupport.reporting(json) { try store.vocabulary() }, apps: catalog.apps)
        if json {
            writeOutput(VocabularyReport.json(listing).text + "\n")
        } else {
            VocabularyReport.lines(listing).forEach(printLine)
        }
    }
}
