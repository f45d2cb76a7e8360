import HostBundles
import SystemCalls
import SystemStore

/// Builds the phrase index from what is installed and what the user set: voice shortcuts,
/// the apps' `IntentPhrases` examples, their `ParameterVocabularies` and user vocabulary.
public enum PhraseCatalog {
    /// The intent parameters each kind of user vocabulary (`INVocabularyStringType`) names.
    static let userVocabularyParameters: [Int: [String]] = [
        1: ["INSendMessageIntent.recipients", "INStartCallIntent.contacts", "INSearchForMessagesIntent.senders",
            "INSendPaymentIntent.payee", "INRequestPaymentIntent.payer"],
        2: ["INSendMessageIntent.speakableGroupName"],
        200: ["INStartWorkoutIntent.workoutName"],
        301: ["INSetCarLockStatusIntent.carName"],
    ]

    /// The index for these apps, voice shortcuts and user vocabulary.
    public static func index(apps: [AppBundle], voiceShortcuts: [VoiceShortcutRecord],
                             vocabulary: [VocabularyRecord], appShortcuts: AppShortcutsSnapshot = AppShortcutsSnapshot()) -> PhraseIndex {
        var values = SlotValues()
        for app in apps {
            for name in app.spokenNames { values.add(appName: name, for: app.bundleIdentifier) }
            for (parameter, items) in app.vocabulary?.parameterVocabularies ?? [:] {
                for item in items {
                    for phrase in item.phrases + [item.identifier] {
                        values.add(value: item.identifier, saying: phrase, for: slotKey(app.bundleIdentifier, parameter))
                    }
                }
            }
        }
        for record in vocabulary {
            for parameter in userVocabularyParameters[record.type] ?? [] {
                for string in record.strings { values.add(value: string, saying: string, for: slotKey(record.app, parameter)) }
            }
        }
        var templates = voiceShortcuts.map { shortcut in
            PhraseTemplate(tokens: PhraseText.words(shortcut.phrase).map { .word($0) }, target: .voiceShortcut(shortcut), text: shortcut.phrase)
        }
        // Each app's intent to the slot keys of its parameters ("app|Intent.parameter" under "app|Intent").
        let parametersByIntent = Dictionary(grouping: values.parameters.keys.sorted()) { key in
            String(key[..<(key.lastIndex(of: ".") ?? key.endIndex)])
        }
        for app in apps {
            for entry in app.vocabulary?.intentPhrases ?? [] {
                let parameters = parametersByIntent[slotKey(app.bundleIdentifier, entry.intent)] ?? []
                for example in entry.examples {
                    templates.append(PhraseTemplate(tokens: tokens(of: example, app: app.bundleIdentifier, parameters: parameters, values: values),
                                                    target: .intentPhrase(app: app.bundleIdentifier, intent: entry.intent, example: example),
                                                    text: example))
                }
            }
        }
        templates += appShortcutTemplates(appShortcuts, values: &values)
        return PhraseIndex(templates: templates, values: values)
    }

    /// The usable phrases of each app's first ten App Shortcuts, in order; a parameter slot
    /// takes the titles of its entity's suggested values or its enum's cases.
    static func appShortcutTemplates(_ snapshot: AppShortcutsSnapshot, values: inout SlotValues) -> [PhraseTemplate] {
        var templates: [PhraseTemplate] = []
        for item in snapshot.shortcuts {
            let app = item.app.bundleIdentifier
            for phrase in item.usedPhrases {
                var tokens: [PhraseTemplate.Token] = []
                for token in AppShortcutPhrase.tokens(phrase) {
                    switch token {
                    case .text(let text):
                        tokens += PhraseText.words(text).map { .word($0) }
                    case .applicationName:
                        tokens.append(.appName)
                    case .parameter(let name):
                        let key = slotKey(app, "\(item.intent.name).\(name)")
                        if let parameter = item.intent.parameter(named: name) {
                            for value in snapshot.values(of: parameter, in: item.bundle) {
                                guard let identifier = value.slotIdentifier else { continue }
                                values.add(value: identifier, saying: value.displayString, for: key)
                            }
                        }
                        tokens.append(.parameter(key))
                    }
                }
                templates.append(PhraseTemplate(tokens: tokens, target: .appShortcut(app: app, extension: item.bundle.bundleIdentifier,
                                                                                     intent: item.intent.name, phrase: phrase),
                                                text: AppShortcutPhrase.display(phrase, appName: item.app.displayName)))
            }
        }
        return templates
    }

    /// The slot key of a parameter of one app: its values are that app's.
    static func slotKey(_ app: String, _ parameter: String) -> String {
        app + "|" + parameter
    }

    /// The example's words, with the app's names and the known values of `parameters` (slot
    /// keys) turned into slots, longest first, left to right.
    static func tokens(of example: String, app: String, parameters: [String], values: SlotValues) -> [PhraseTemplate.Token] {
        let words = PhraseText.words(example)
        var tokens: [PhraseTemplate.Token] = []
        var start = 0
        scanning: while start < words.count {
            for length in stride(from: min(values.longest, words.count - start), through: 1, by: -1) {
                let phrase = words[start..<(start + length)].joined(separator: " ")
                if values.appNames[app]?.contains(phrase) == true {
                    tokens.append(.appName)
                } else if let parameter = parameters.first(where: { values.parameters[$0]?[phrase] != nil }) {
                    tokens.append(.parameter(parameter))
                } else {
                    continue
                }
                start += length
                continue scanning
            }
            tokens.append(.word(words[start]))
            start += 1
        }
        return tokens
    }
}
