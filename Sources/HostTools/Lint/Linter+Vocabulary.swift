import ExtensionProtocol
import HostBundles

/// The vocabulary rule: each `IntentPhrases` example of an app's `AppIntentVocabulary.plist`
/// becomes a phrase of `intents say`, so saying it must run that intent.
extension Linter {
    /// `vocabulary-example-unmatched`: an example that, said to `intents say` with the linted and
    /// installed apps (and no user phrases), matches no phrase, matches several equally well
    /// (so none runs), or runs another app's or intent's phrase instead of its own intent.
    func vocabularyFindings(_ index: PhraseIndex) -> [LintFinding] {
        var findings: [LintFinding] = []
        for app in catalog.apps {
            let path = app.path + "/" + AppIntentVocabulary.fileName
            for entry in app.vocabulary?.intentPhrases ?? [] {
                for example in entry.examples {
                    guard let problem = problem(saying: example, of: entry.intent, app: app.bundleIdentifier, index: index) else { continue }
                    findings.append(LintFinding(.vocabularyExampleUnmatched, path: path, key: "IntentPhrases > IntentExamples",
                        "In \(path), the example \(example.quotedForDisplay) of \(entry.intent), said to `intents say`, \(problem)."))
                }
            }
        }
        return findings
    }

    /// What goes wrong when the example is said, or nil when it runs its own intent.
    private func problem(saying example: String, of intent: String, app: String, index: PhraseIndex) -> String? {
        switch index.match(example) {
        case .matched(let match):
            if case .intentPhrase(app, intent, _) = match.template.target { return nil }
            return "runs \(describe(match.template)) instead"
        case .ambiguous(let matches):
            return "matches \(matches.count) phrases equally well, so it runs none: \(matches.map { describe($0.template) }.joined(separator: "; "))"
        case .noMatch:
            return "matches no phrase"
        }
    }
}
