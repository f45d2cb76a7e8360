import ArgumentParser
import CommandReports
import Foundation
import HostBundles
import IntentsHost
import SystemCalls
import SystemStore

/// Voice shortcuts: phrases the user attached to donated shortcuts. On Apple's systems users
/// make them in the Shortcuts app; here, with this command.
struct ShortcutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shortcuts",
        abstract: "List, add, rename and delete voice shortcuts.",
        discussion: """
        Examples:
          intents donations list
          intents shortcuts add "pizza time" --donation 6F1C...   # a donation's identifier
          intents shortcuts add "pizza time" --donation 6F1C... --app Pizza   # when two apps used it
          intents shortcuts list --json
          intents shortcuts edit 2B7E... "pizza night"
          intents shortcuts delete 2B7E...
        """,
        subcommands: [List.self, Add.self, Edit.self, Delete.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List voice shortcuts, oldest first, then the apps' App Shortcuts, which need no setup.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON object: `shortcuts` (voice shortcuts) and `appShortcuts`.") var json = false

        func run() async throws {
            guard case .voiceShortcuts(let listing) = try await global.records(.voiceShortcuts, json: json) else { return }
            listing.warnings.forEach(printError)
            if json {
                writeOutput(RecordsReport.json(listing).text + "\n")
            } else {
                RecordsReport.lines(listing).forEach(printLine)
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Attach a phrase to a donated shortcut.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The phrase the user will say.") var phrase: String
        @Option(help: ArgumentHelp("The donation's identifier, as `intents donations list` shows it.", valueName: "id"))
        var donation: String
        @Option(help: "The app whose donation it is (its name or bundle identifier); needed when several apps used the identifier.")
        var app: String?
        @Flag(help: "Print one JSON object.") var json = false

        func run() async throws {
            guard case .voiceShortcut(let shortcut) = try await global.records(.addVoiceShortcut(phrase: phrase, donation: donation, app: app), json: json) else { return }
            if json {
                writeOutput(RecordsReport.addedJSON(shortcut).text + "\n")
            } else {
                printLine(RecordsReport.addedLine(shortcut))
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give a voice shortcut a new phrase.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The shortcut's identifier.") var identifier: String
        @Argument(help: "The new phrase.") var phrase: String

        func validate() throws { _ = try parsedIdentifier(identifier) }

        func run() async throws {
            _ = try await global.records(.renameVoiceShortcut(identifier: identifier, phrase: phrase), json: false)
            printLine(RecordsReport.renamedLine(identifier: identifier, phrase: phrase))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a voice shortcut.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The shortcut's identifier.") var identifier: String

        func validate() throws { _ = try parsedIdentifier(identifier) }

        func run() async throws {
            _ = try await global.records(.deleteVoiceShortcut(identifier: identifier), json: false)
            printLine(RecordsReport.deletedLine(shortcut: identifier))
        }
    }
}

func parsedIdentifier(_ text: String) throws -> UUID {
    guard let identifier = UUID(uuidString: text) else {
        throw ValidationError("\"\(text)\" is not a shortcut identifier (a UUID, as `intents shortcuts list` shows).")
    }
    return identifier
}

extension GlobalOptions {
    /// The system store of the state folder these options name; an error exits with its status.
    func systemStore(json: Bool) throws -> SystemStore {
        if let server = HostSession.server { return try SystemCommandSupport.reporting(json) { try server.dispatcher.openSystemStore() } }
        let folder = resolvedStateFolder
        return try SystemCommandSupport.reporting(json) { try SystemStore(stateFolder: folder) }
    }
}
