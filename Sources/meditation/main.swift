import ArgumentParser
import Foundation
import Intents
import MeditationKit
import SharedKit

/// The Meditation app: the sessions on offer and those started through its App Intents
/// extension ("Start a Walking session with Meditation").
struct MeditationApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meditation",
        abstract: "The Meditation sample app: meditation sessions, shared with its App Intents extension.",
        discussion: """
        Every command runs the app, whose model tells the system that its App Shortcut
        parameters may have changed (updateAppShortcutParameters()).

        Examples:
          meditation list
          meditation add-session Breathing    # its name now works in the phrases
          meditation history                  # started through the extension
          meditation list --json
          intents say "Start a Breathing session with Meditation"
        """,
        subcommands: [List.self, AddSession.self, History.self],
        defaultSubcommand: List.self)
}

struct AppOptions: ParsableArguments {
    @Option(help: "The host's state folder (default: $INTENTS_STATE, else ~/.local/state/intents).") var state: String?
    @Flag(help: "Print one JSON object.") var json = false

    /// Opens the app group with the app's entitlements and makes the app's model, which calls
    /// `updateAppShortcutParameters()` once at start.
    func model() throws -> SessionModel {
        if let state { IntentsAppContext.configure(appBundle: nil, stateFolder: state) }
        let containers = try AppGroupContainers.forApp(named: "Meditation", stateFolder: state ?? AppGroupContainers.defaultStateFolder())
        SessionManager.use(try MeditationData(containers: containers))
        return SessionModel()
    }

    /// Prints `object` as one line of JSON with sorted keys.
    func printJSON(_ object: Any) throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        print(String(decoding: data, as: UTF8.self))
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the sessions on offer.")
    @OptionGroup var options: AppOptions

    func run() throws {
        let model = try options.model()
        if options.json {
            return try options.printJSON(["sessions": model.sessions.map(SessionText.object)])
        }
        for session in model.sessions { print(SessionText.name(session).escapedForDisplay) }
    }
}

struct AddSession: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-session", abstract: "Add a session; its name then works in the App Shortcuts' phrases.")
    @OptionGroup var options: AppOptions
    @Argument(help: "The session's name, unique ignoring case, like Breathing.") var name: String

    func run() throws {
        let session = try options.model().addSession(named: name)
        if options.json { return try options.printJSON(SessionText.object(session)) }
        print("Added the session \(SessionText.name(session).escapedForDisplay).")
    }
}

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the sessions started through the extension, newest first.")
    @OptionGroup var options: AppOptions

    func run() throws {
        _ = try options.model()
        let started = try MeditationService.startedSessions()
        if options.json {
            return try options.printJSON(["started": started.map {
                ["id": $0.id.uuidString, "name": $0.name, "date": $0.date.formatted(.iso8601)]
            }])
        }
        if started.isEmpty { print("No sessions started yet.") }
        for session in started { print("\(displayDate(session.date))  \(session.name.escapedForDisplay)") }
    }
}

/// What the app shows of a session.
enum SessionText {
    /// The name as text (Apple's `String(localized:)`, which the SDK does not have).
    static func name(_ session: MeditationSession) -> String { String(describing: session.name) }

    static func object(_ session: MeditationSession) -> [String: Any] {
        ["id": session.id.uuidString, "name": name(session)]
    }
}

/// A start date as the user reads it: local time to the minute.
func displayDate(_ date: Date) -> String { date.formatted(date: .numeric, time: .shortened) }

extension String {
    /// Control characters escaped (`\n`, `\u{1b}`), so that a name cannot forge a line or drive the terminal.
    var escapedForDisplay: String {
        unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? $0.escaped(asASCII: false) : String($0) }.joined()
    }
}

MeditationApp.runAsApp()
