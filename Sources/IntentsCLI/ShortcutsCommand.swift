import ArgumentParser
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
            let store = try global.systemStore(json: json)
            let shortcuts = try SystemCommandSupport.reporting(json) { try store.voiceShortcuts() }
            SystemCommandSupport.noteSkipped(in: store)
            let appShortcuts = await AppIntentsReport.snapshot(of: try global.catalog(), global: global)?.shortcuts
                .filter(\.isUsed) ?? []
            if json {
                JSONOutput.print(["invalid": SystemCommandSupport.plain(store.skippedRecords), "shortcuts": shortcuts.map { shortcut -> [String: Any] in
                    var object: [String: Any] = ["identifier": shortcut.identifier.uuidString, "phrase": shortcut.phrase,
                                                 "app": shortcut.app, "shortcut": SystemCommandSupport.plain(shortcut.action)]
                    if let donation = shortcut.donation { object["donation"] = donation }
                    return object
                }, "appShortcuts": appShortcuts.map { item -> [String: Any] in
                    ["app": item.app.bundleIdentifier, "extension": item.bundle.bundleIdentifier, "intent": item.intent.name,
                     "phrase": item.primaryPhrase, "phrases": item.shortcut.phrases.map { AppShortcutPhrase.display($0, appName: item.app.displayName) }]
                }])
                return
            }
            if shortcuts.isEmpty { printLine("No voice shortcuts; add one with `intents shortcuts add PHRASE --donation ID`.") }
            for shortcut in shortcuts {
                printLine("\(shortcut.identifier.uuidString)  \"\(shortcut.phrase)\"  \(shortcut.app): \(shortcut.action.summary)")
            }
            if !appShortcuts.isEmpty { printLine("App Shortcuts (no setup needed):") }
            for item in appShortcuts {
                printLine("  \"\(item.primaryPhrase)\"  \(item.app.bundleIdentifier): \(item.intent.name) (\(item.shortcut.phrases.count) phrases)")
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
            let store = try global.systemStore(json: json)
            let owner = try app.map { try global.bundleIdentifier(ofApp: $0, json: json) }
            let shortcut = try SystemCommandSupport.reporting(json) { () -> VoiceShortcutRecord in
                let donated = try DonationIdentifiers.donation(donation, app: owner, in: store)
                let shortcut = VoiceShortcutRecord(phrase: phrase, app: donated.app, action: donated.action, donation: donated.identifier)
                try store.addVoiceShortcut(shortcut)
                return shortcut
            }
            if json {
                JSONOutput.print(["identifier": shortcut.identifier.uuidString, "phrase": phrase, "app": shortcut.app,
                                  "shortcut": SystemCommandSupport.plain(shortcut.action)])
            } else {
                printLine("Added \(shortcut.identifier.uuidString): \"\(phrase)\" runs \(shortcut.action.summary).")
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
            let store = try global.systemStore(json: false)
            let id = try parsedIdentifier(identifier)
            try SystemCommandSupport.reporting(false) { try store.renameVoiceShortcut(identifier: id, to: phrase) }
            printLine("\(identifier) is now \"\(phrase)\".")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a voice shortcut.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The shortcut's identifier.") var identifier: String

        func validate() throws { _ = try parsedIdentifier(identifier) }

        func run() async throws {
            let store = try global.systemStore(json: false)
            let id = try parsedIdentifier(identifier)
            guard try SystemCommandSupport.reporting(false, { try store.deleteVoiceShortcut(identifier: id) }) else {
                throw SystemCommandSupport.failure(HostError(.usage, "No voice shortcut has the identifier \(identifier)."), json: false)
            }
            printLine("Deleted \(identifier).")
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
