import ExtensionProtocol
import HostBundles
import SystemStore

/// The App Shortcut phrase rules, on the described phrases `intents validate` checks (only the
/// usable ones: a phrase that breaks validate's rules is a `bundle-fault` and is not used).
extension Linter {
    /// The most spoken words an App Shortcut phrase should have; the app's name and a parameter
    /// count as one word each, whatever they hold. Apple gives no number: it asks for "a short,
    /// memorable phrase" (`INIntent.suggestedInvocationPhrase`, `NSUserActivity`'s "such as
    /// 'Soup time'"), and WWDC22's "Design App Shortcuts" (session 10169) for simple, brief
    /// App Shortcut phrases. Ten words is this project's choice: twice Apple's own examples
    /// ("Start a meditation session with <app>") leaves room, and more is a sentence to recite.
    public static let maximumPhraseWords = 10

    /// The most spoken forms `phrase-collision` says and matches in one lint: a phrase is said
    /// once per app name and parameter value, so an app with many names, phrases and values can
    /// ask for millions of forms (each matched against every phrase `intents say` holds). Past
    /// this many, the remaining phrases are not expanded, and one finding says so.
    public static let maximumCollisionForms = 20_000

    /// `phrase-too-long` and `phrase-collision` for the linted apps' App Shortcuts.
    func appShortcutFindings(_ index: PhraseIndex) -> [LintFinding] {
        guard let appShortcuts else { return [] }
        let all = allShortcuts
        let linted = Set(catalog.apps.map(\.bundleIdentifier))
        // The pairs validate already reports as duplicates, either way round, and the pairs reported here.
        var reported = Set(AppShortcutChecks.duplicates(appShortcuts, checking: linted, others: installedShortcuts).flatMap { duplicate in
            let mine = Self.phraseKey(duplicate.mine.app.bundleIdentifier, duplicate.phrase)
            let theirs = Self.phraseKey(duplicate.theirs.app.bundleIdentifier, duplicate.theirPhrase)
            return [[mine, theirs], [theirs, mine]]
        })
        var findings: [LintFinding] = []
        var budget = Self.maximumCollisionForms
        var unchecked: [(item: InstalledAppShortcut, phrase: String)] = []
        // Only what `intents say` uses: the usable phrases of each app's first shortcuts.
        for item in appShortcuts.shortcuts where linted.contains(item.app.bundleIdentifier) {
            for phrase in item.usedPhrases {
                if let finding = lengthFinding(phrase, of: item) { findings.append(finding) }
                let count = Self.spokenFormCount(phrase, of: item, values: all)
                guard count <= budget else {
                    unchecked.append((item, phrase))
                    continue
                }
                budget -= count
                findings += collisionFindings(phrase, of: item, index: index, values: all, reported: &reported)
            }
        }
        if let first = unchecked.first {
            findings.append(LintFinding(.phraseCollision, path: first.item.bundle.libraryPath, key: Self.declaration(of: first.item),
                "\(unchecked.count) App Shortcut phrases, from \(Self.shown(first.phrase, of: first.item)) of \(first.item.intent.name) in \(first.item.bundle.libraryPath) on, were not checked for collisions: said with every app name and parameter value they would be more than the \(Self.maximumCollisionForms) spoken forms lint checks; fewer names, phrases or values let lint check them."))
        }
        return findings
    }

    /// How many spoken forms `collisionFindings` would say for `phrase`, without saying them:
    /// the app's names times the values of each parameter the phrase names.
    private static func spokenFormCount(_ phrase: String, of item: InstalledAppShortcut, values: AppShortcutsSnapshot) -> Int {
        AppShortcutPhrase.tokens(phrase).reduce(item.app.spokenNames.count) { count, token in
            guard case .parameter(let name) = token else { return count }
            let values = item.intent.parameter(named: name).map { values.values(of: $0, in: item.bundle).count } ?? 0
            return count.multipliedReportingOverflow(by: values).overflow ? Int.max : count * values
        }
    }

    private func lengthFinding(_ phrase: String, of item: InstalledAppShortcut) -> LintFinding? {
        let words = AppShortcutPhrase.tokens(phrase).reduce(0) { count, token in
            if case .text(let text) = token { return count + PhraseText.words(text).count }
            return count + 1
        }
        guard words > Self.maximumPhraseWords else { return nil }
        return LintFinding(.phraseTooLong, path: item.bundle.libraryPath, key: Self.declaration(of: item),
            "In \(item.bundle.libraryPath), the App Shortcut phrase \(Self.shown(phrase, of: item)) of \(item.intent.name) has \(words) spoken words, more than the \(Self.maximumPhraseWords) a phrase should have to be said comfortably; shorten it.")
    }

    /// The other apps' phrases that match a spoken form of `phrase`: its app's names in place
    /// of its name, its parameter's known values in place of the parameter (none before they
    /// are known). One finding per pair of phrases, and none for a pair validate reports.
    private func collisionFindings(_ phrase: String, of item: InstalledAppShortcut, index: PhraseIndex,
                                   values: AppShortcutsSnapshot, reported: inout Set<[String]>) -> [LintFinding] {
        let forms = AppShortcutChecks.spokenForms(phrase, of: item) { name in
            item.intent.parameter(named: name).map { values.values(of: $0, in: item.bundle).map(\.displayString) } ?? []
        }
        var findings: [LintFinding] = []
        let mine = Self.phraseKey(item.app.bundleIdentifier, phrase)
        for spoken in Set(forms).sorted() {
            for match in index.matches(spoken) where match.template.app != item.app.bundleIdentifier {
                let theirs = Self.phraseKey(match.template.app, Self.phrase(of: match.template))
                guard reported.insert([mine, theirs]).inserted else { continue }
                reported.insert([theirs, mine])
                findings.append(LintFinding(.phraseCollision, path: item.bundle.libraryPath, key: Self.declaration(of: item),
                    "In \(item.bundle.libraryPath), the App Shortcut phrase \(Self.shown(phrase, of: item)) of \(item.intent.name), said \(spoken.quotedForDisplay), also matches \(describe(match.template)); the user cannot tell which app it runs, so change one of them."))
            }
        }
        return findings
    }

    /// A phrase of an app, to remember a pair by.
    private static func phraseKey(_ app: String, _ phrase: String) -> String {
        app + "\u{0}" + phrase
    }

    /// The phrase or example a template was made from.
    private static func phrase(of template: PhraseTemplate) -> String {
        switch template.target {
        case .appShortcut(_, _, _, let phrase): phrase
        case .intentPhrase(_, _, let example): example
        case .voiceShortcut(let shortcut): shortcut.phrase
        }
    }

    /// The phrase as its author reads it, quoted: `"Start <Session> with Calm"`.
    static func shown(_ phrase: String, of item: InstalledAppShortcut) -> String {
        AppShortcutPhrase.display(phrase, appName: item.app.displayName,
                                  titles: Dictionary(item.intent.parameters.map { ($0.name, $0.title) }, uniquingKeysWith: { first, _ in first }))
            .quotedForDisplay
    }

    /// Where the phrase is declared: the provider's `appShortcuts`.
    private static func declaration(of item: InstalledAppShortcut) -> String? {
        item.bundle.appIntents.shortcutsProvider.map { $0 + ".appShortcuts" }
    }

    /// A phrase `intents say` holds, in words: whose, which kind, which text, what it runs.
    func describe(_ template: PhraseTemplate) -> String {
        let app = apps.first { $0.bundleIdentifier == template.app }
        let owner = app.map { "\($0.displayName.quotedForDisplay) (\($0.bundleIdentifier))" } ?? template.app
        switch template.target {
        case .appShortcut(_, _, let intent, _):
            return "the App Shortcut phrase \(template.text.quotedForDisplay) of \(owner), which runs \(intent)"
        case .intentPhrase(_, let intent, let example):
            return "the example \(example.quotedForDisplay) of \(owner), which runs \(intent)"
        case .voiceShortcut(let shortcut):
            return "the user's phrase \(shortcut.phrase.quotedForDisplay)"
        }
    }
}
