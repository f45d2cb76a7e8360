import ArgumentParser
import HostBundles
import IntentsHost
import SystemStore

/// "What can I do with Meditation?" and "What can I do here?": Siri's answer lists an app's App
/// Shortcuts by their primary phrases, in source order. With no app in the foreground on a
/// command line, "here" lists every app's.
enum AppShortcutsHelp {
    enum Request: Equatable {
        case app(String)
        case everyApp
        /// Several apps answer to the name: none is chosen for the others.
        case ambiguous(name: String, apps: [String])
    }

    /// The help request `utterance` makes, if it is one.
    static func request(in utterance: String, catalog: BundleCatalog) -> Request? {
        let words = PhraseText.words(utterance)
        let opening = ["what", "can", "i", "do"]
        guard words.count > opening.count, Array(words.prefix(opening.count)) == opening else { return nil }
        let rest = Array(words.dropFirst(opening.count))
        if rest == ["here"] { return .everyApp }
        guard ["with", "in"].contains(rest[0]), rest.count > 1 else { return nil }
        let name = rest.dropFirst().joined(separator: " ")
        let apps = catalog.apps.filter { app in app.spokenNames.contains { PhraseText.words($0).joined(separator: " ") == name } }
        guard apps.count <= 1 else { return .ambiguous(name: name, apps: apps.map(\.bundleIdentifier)) }
        return apps.first.map { .app($0.bundleIdentifier) }
    }

    /// Prints the App Shortcuts the request asks about.
    static func report(_ request: Request, shortcuts: AppShortcutsSnapshot, json: Bool) throws {
        if case .ambiguous(let name, let apps) = request {
            throw SystemCommandSupport.failure(HostError(.usage, "\(apps.count) apps answer to \(name.quotedForDisplay): \(apps.joined(separator: ", ")); ask about one by its bundle identifier with `intents shortcuts list --json`."), json: json)
        }
        let listed = shortcuts.shortcuts.filter { item in
            guard item.isUsed else { return false }
            if case .app(let identifier) = request { return item.app.bundleIdentifier == identifier }
            return true
        }
        if json {
            JSONOutput.print(["status": "help", "shortcuts": listed.map { item -> [String: Any] in
                var object: [String: Any] = ["app": item.app.bundleIdentifier, "intent": item.intent.name, "phrase": item.primaryPhrase]
                if let title = item.shortcut.shortTitle { object["shortTitle"] = title }
                return object
            }])
            return
        }
        guard !listed.isEmpty else {
            printLine(request == .everyApp ? "No app has App Shortcuts." : "This app has no App Shortcuts.")
            return
        }
        var lastApp = ""
        for item in listed {
            if item.app.bundleIdentifier != lastApp {
                printLine("You can ask \(item.app.displayName):")
                lastApp = item.app.bundleIdentifier
            }
            printLine("  \"\(item.primaryPhrase)\"")
        }
    }
}
