import ExtensionProtocol
import HostBundles
import IntentsHost
import SystemStore

/// "What can I do with Meditation?" and "What can I do here?": Siri's answer lists an app's App
/// Shortcuts by their primary phrases, in source order. With no app in the foreground on a
/// command line, "here" lists every app's.
public enum AppShortcutsHelp {
    public enum Request: Equatable, Sendable {
        case app(String)
        case everyApp
        /// Several apps answer to the name: none is chosen for the others.
        case ambiguous(name: String, apps: [String])
    }

    /// The help request `utterance` makes, if it is one.
    public static func request(in utterance: String, catalog: BundleCatalog) -> Request? {
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

    /// The App Shortcuts the request asks about, in order.
    /// - Throws: `HostError` (`.usage`) when several apps answer to the name asked about.
    public static func listed(for request: Request, in shortcuts: AppShortcutsSnapshot) throws -> [InstalledAppShortcut] {
        if case .ambiguous(let name, let apps) = request {
            throw HostError(.usage, "\(apps.count) apps answer to \(name.quotedForDisplay): \(apps.joined(separator: ", ")); ask about one by its bundle identifier with `intents shortcuts list --json`.")
        }
        return shortcuts.shortcuts.filter { item in
            guard item.isUsed else { return false }
            if case .app(let identifier) = request { return item.app.bundleIdentifier == identifier }
            return true
        }
    }
}

/// How `intents say` names what a phrase matched, or why it runs nothing.
public enum SpokenPhrase {
    /// Why `outcome` runs nothing (its JSON status, its sentence and the nearest phrases); nil
    /// when it matched.
    public static func unmatched(_ outcome: PhraseIndex.Outcome, utterance: String) -> (status: String, message: String, nearest: [String])? {
        switch outcome {
        case .noMatch(let nearest):
            return ("noMatch", "Nothing matches \"\(utterance)\"; \(listing(nearest)).", nearest)
        case .ambiguous(let matches):
            let phrases = matches.map { "\"\($0.template.text)\" (\(describe($0.template.target)))" }
            return ("ambiguous", "\"\(utterance)\" matches \(matches.count) phrases equally well: \(phrases.joined(separator: ", ")); say more of one of them.",
                    matches.map(\.template.text))
        case .matched:
            return nil
        }
    }

    static func listing(_ nearest: [String]) -> String {
        nearest.isEmpty ? "no phrase shares a word with it (`intents shortcuts list` shows voice shortcuts)"
            : "nearest phrases: " + nearest.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// `voiceShortcut`, `intentPhrase` or `appShortcut`.
    public static func kind(_ target: PhraseTemplate.Target) -> String {
        switch target {
        case .voiceShortcut: "voiceShortcut"
        case .intentPhrase: "intentPhrase"
        case .appShortcut: "appShortcut"
        }
    }

    /// What the phrase runs, for a person: `voice shortcut: ...`, `OrderPizzaIntent of com.example.Pizza`.
    public static func describe(_ target: PhraseTemplate.Target) -> String {
        switch target {
        case .voiceShortcut(let shortcut): "voice shortcut: \(shortcut.action.summary)"
        case .intentPhrase(let app, let intent, _): "\(intent) of \(app)"
        case .appShortcut(let app, _, let intent, _): "App Shortcut: \(intent) of \(app)"
        }
    }
}
