import ExtensionProtocol
import SystemStore

/// The rules App Shortcuts must follow, as Apple's build enforces them, checked by
/// `intents validate` on the described metadata: at most 10 per app, every phrase says the
/// app's name, at most one parameter per phrase and only an entity or an enum, and no phrase
/// another app has too. Each fault is one sentence naming the library and the value; the
/// host skips what breaks a rule and uses the rest.
public enum AppShortcutChecks {
    /// The faults of the shortcuts of `checked` apps (bundle identifiers); `others` are
    /// installed apps' shortcuts a phrase must not repeat.
    public static func faults(_ snapshot: AppShortcutsSnapshot, checking checked: Set<String>,
                              others: AppShortcutsSnapshot = AppShortcutsSnapshot()) -> [BundleFault] {
        var faults: [BundleFault] = []
        var counts: [String: (count: Int, item: InstalledAppShortcut)] = [:]
        for item in snapshot.shortcuts where checked.contains(item.app.bundleIdentifier) {
            counts[item.app.bundleIdentifier] = ((counts[item.app.bundleIdentifier]?.count ?? 0) + 1, item)
            for phrase in item.shortcut.phrases {
                if let fault = phraseFault(phrase, of: item) { faults.append(fault) }
            }
        }
        for (_, entry) in counts.sorted(by: { $0.key < $1.key }) where entry.count > AppShortcutsSnapshot.maximumPerApp {
            faults.append(BundleFault(.tooManyAppShortcuts, path: entry.item.bundle.libraryPath,
                                      "\(entry.item.app.displayName) (\(entry.item.app.bundleIdentifier)) has \(entry.count) App Shortcuts in \(entry.item.bundle.libraryPath), more than the \(AppShortcutsSnapshot.maximumPerApp) an app may have; only the first \(AppShortcutsSnapshot.maximumPerApp) are used."))
        }
        faults += duplicates(snapshot, checking: checked, others: others).map { duplicate in
            let (mine, theirs) = (duplicate.mine, duplicate.theirs)
            return BundleFault(.duplicatePhrase, path: mine.bundle.libraryPath,
                               "In \(mine.bundle.libraryPath), the App Shortcut phrase \(duplicate.spoken.quotedForDisplay) of \(mine.intent.name) is also a phrase of \(theirs.app.displayName) (\(theirs.app.bundleIdentifier)); saying it runs neither until one is changed.")
        }
        return faults
    }

    private static func phraseFault(_ phrase: String, of item: InstalledAppShortcut) -> BundleFault? {
        let library = item.bundle.libraryPath
        let shown = AppShortcutPhrase.display(phrase, appName: "\\(.applicationName)").quotedForDisplay
        guard AppShortcutPhrase.tokens(phrase).contains(.applicationName) else {
            return BundleFault(.phraseWithoutApplicationName, path: library,
                               "In \(library), the App Shortcut phrase \(shown) of \(item.intent.name) does not say the app's name (\\(.applicationName)); it is not used.")
        }
        let names = AppShortcutPhrase.tokens(phrase).filter { $0 == .applicationName }.count
        if names > 1 {
            return BundleFault(.phraseWithoutApplicationName, path: library,
                               "In \(library), the App Shortcut phrase \(shown) of \(item.intent.name) says the app's name \(names) times; a phrase says it once, so it is not used.")
        }
        let parameters = AppShortcutPhrase.parameters(phrase)
        if parameters.count > 1 {
            return BundleFault(.phraseParameter, path: library,
                               "In \(library), the App Shortcut phrase \(shown) of \(item.intent.name) names \(parameters.count) parameters (\(parameters.joined(separator: ", "))); a phrase may name at most one, so it is not used.")
        }
        if let name = parameters.first, let parameter = item.intent.parameter(named: name),
           parameter.kind != .entity && parameter.kind != .enumeration {
            return BundleFault(.phraseParameter, path: library,
                               "In \(library), the App Shortcut phrase \(shown) of \(item.intent.name) names \(name), a \(parameter.kind.rawValue) parameter; a phrase parameter must be an entity or an enum, so it is not used.")
        }
        return nil
    }

    /// Two apps' App Shortcut phrases that say the same once each app's names stand in for
    /// `${applicationName}` (a parameter stays a placeholder): `validate`'s `.duplicatePhrase`.
    public struct Duplicate: Sendable {
        /// A checked app's shortcut and its phrase.
        public var mine: InstalledAppShortcut
        public var phrase: String
        /// The other app's shortcut and its phrase.
        public var theirs: InstalledAppShortcut
        public var theirPhrase: String
        /// What both say, normalized.
        public var spoken: String
    }

    /// The phrases of `checked` apps (bundle identifiers) that another app's phrase, in
    /// `snapshot` or `others`, says too; each pair once for each spoken form they share. Only
    /// what `intents say` uses is compared: the usable phrases of each app's first
    /// `AppShortcutsSnapshot.maximumPerApp` shortcuts (the rest are reported, and not used).
    public static func duplicates(_ snapshot: AppShortcutsSnapshot, checking checked: Set<String>,
                                  others: AppShortcutsSnapshot = AppShortcutsSnapshot()) -> [Duplicate] {
        var owners: [String: (item: InstalledAppShortcut, phrase: String)] = [:]
        var duplicates: [Duplicate] = []
        for item in snapshot.adding(others).shortcuts {
            for phrase in item.usedPhrases {
                for spoken in spokenForms(phrase, of: item, parameterTexts: { [" <\($0)> "] }) {
                    guard let owner = owners[spoken] else {
                        owners[spoken] = (item, phrase)
                        continue
                    }
                    guard owner.item.app.bundleIdentifier != item.app.bundleIdentifier,
                          checked.contains(item.app.bundleIdentifier) || checked.contains(owner.item.app.bundleIdentifier) else { continue }
                    duplicates.append(checked.contains(item.app.bundleIdentifier)
                        ? Duplicate(mine: item, phrase: phrase, theirs: owner.item, theirPhrase: owner.phrase, spoken: spoken)
                        : Duplicate(mine: owner.item, phrase: owner.phrase, theirs: item, theirPhrase: phrase, spoken: spoken))
                }
            }
        }
        return duplicates
    }

    /// The phrase's normalized words, once for each of the app's names in place of its name
    /// token and each of `parameterTexts(name)` in place of a parameter.
    package static func spokenForms(_ phrase: String, of item: InstalledAppShortcut, parameterTexts: (String) -> [String]) -> [String] {
        item.app.spokenNames.flatMap { name in
            AppShortcutPhrase.tokens(phrase).reduce([""]) { texts, token in
                let pieces: [String] = switch token {
                case .text(let text): [text]
                case .applicationName: [name]
                case .parameter(let parameter): parameterTexts(parameter)
                }
                return texts.flatMap { text in pieces.map { text + $0 } }
            }
        }.map(PhraseText.normalized)
    }
}
