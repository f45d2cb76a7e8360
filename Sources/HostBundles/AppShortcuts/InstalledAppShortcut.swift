import ExtensionProtocol
import SystemStore

/// One App Shortcut of an installed app, with what it runs.
public struct InstalledAppShortcut: Sendable {
    public var app: AppBundle
    public var bundle: ExtensionBundle
    public var intent: AppIntentSchema
    public var shortcut: AppShortcutSchema
    /// Its place among the app's App Shortcuts, from 0: the order of display.
    public var position: Int

    public init(app: AppBundle, bundle: ExtensionBundle, intent: AppIntentSchema, shortcut: AppShortcutSchema, position: Int) {
        self.app = app
        self.bundle = bundle
        self.intent = intent
        self.shortcut = shortcut
        self.position = position
    }

    /// Whether `intents say` uses it: it is among its app's first `AppShortcutsSnapshot.maximumPerApp`.
    public var isUsed: Bool { position < AppShortcutsSnapshot.maximumPerApp }

    /// The phrases `intents say` holds: the usable ones of a shortcut it uses, else none.
    public var usedPhrases: [String] {
        isUsed ? shortcut.phrases.filter { AppShortcutsSnapshot.isUsable($0, of: intent) } : []
    }

    /// The primary (first) phrase, as the user reads it, with the app's name.
    public var primaryPhrase: String {
        AppShortcutPhrase.display(shortcut.phrases.first ?? "", appName: app.displayName,
                                  titles: Dictionary(intent.parameters.map { ($0.name, $0.title) }, uniquingKeysWith: { a, _ in a }))
    }
}
