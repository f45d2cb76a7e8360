import ArgumentParser
import Foundation
import IntentsHost
import SystemStore

struct VocabularyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocabulary",
        abstract: "Show the words `intents say` knows: user vocabulary set by apps and their AppIntentVocabulary.plist.",
        discussion: "Examples:\n  intents vocabulary\n  intents vocabulary --json")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print one JSON object.") var json = false

    func run() async throws {
        let store = try global.systemStore(json: json)
        let catalog = try global.catalog()
        let user = try SystemCommandSupport.reporting(json) { try store.vocabulary() }
        if json {
            JSONOutput.print([
                "user": user.map { ["app": $0.app, "type": $0.type, "strings": $0.strings] as [String: Any] },
                "apps": catalog.apps.compactMap { app -> [String: Any]? in
                    guard let vocabulary = app.vocabulary else { return nil }
                    return ["app": app.bundleIdentifier,
                            "parameters": vocabulary.parameterVocabularies.mapValues { $0.map { ["identifier": $0.identifier, "phrases": $0.phrases] } },
                            "intentPhrases": vocabulary.intentPhrases.map { ["intent": $0.intent, "examples": $0.examples] }]
                },
            ])
            return
        }
        for record in user { printLine("\(record.app) user vocabulary (type \(record.type)): \(record.strings.joined(separator: ", "))") }
        for app in catalog.apps {
            guard let vocabulary = app.vocabulary else { continue }
            for (parameter, items) in vocabulary.parameterVocabularies.sorted(by: { $0.key < $1.key }) {
                printLine("\(app.displayName) \(parameter): " + items.map { "\($0.identifier) (\($0.phrases.joined(separator: ", ")))" }.joined(separator: "; "))
            }
            for entry in vocabulary.intentPhrases {
                printLine("\(app.displayName) \(entry.intent): " + entry.examples.map { "\"\($0)\"" }.joined(separator: ", "))
            }
        }
        if user.isEmpty && !catalog.apps.contains(where: { $0.vocabulary != nil }) { printLine("No vocabulary.") }
    }
}
