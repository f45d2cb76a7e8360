import Foundation
import HostBundles
import IntentsHost
import Testing

/// `AppIntentVocabulary.plist` is read without running code; each fault names the file and the key.
@Suite struct AppIntentVocabularyTests {
    let apps = TemporaryFolder()

    /// An app "Pizza" with an extension for OrderPizzaIntent and this vocabulary file.
    func scan(vocabulary: Any, format: BundleWriter.Format = .xml) throws -> BundleCatalog {
        let writer = BundleWriter(appsFolder: apps.path)
        let folder = try writer.app("Pizza", identifier: "com.example.Pizza",
                                    extra: ["INAlternativeAppNames": [["INAlternativeAppName": "the pizzeria"]]])
        try? FileManager.default.removeItem(atPath: folder + "/PlugIns/PizzaIntents.appex")
        try writer.appex("PizzaIntents", in: "Pizza", identifier: "com.example.Pizza.Intents", principalClass: "PizzaIntents.IntentHandler",
                         intents: ["OrderPizzaIntent"], library: Package.library("PizzaIntents"))
        try writer.write(vocabulary, to: folder + "/AppIntentVocabulary.plist", format: format)
        return BundleScanner.scan(appsFolders: [apps.path])
    }

    func phrases(_ examples: [String], intent: String = "OrderPizzaIntent") -> [String: Any] {
        ["IntentPhrases": [["IntentName": intent, "IntentExamples": examples]]]
    }

    var path: String { apps.path + "/Pizza.app/AppIntentVocabulary.plist" }

    @Test func aValidBinaryFileIsRead() throws {
        let catalog = try scan(vocabulary: [
            "ParameterVocabularies": [["ParameterNames": ["OrderPizzaIntent.kind"],
                                       "ParameterVocabulary": [["VocabularyItemIdentifier": "margherita",
                                                                "VocabularyItemSynonyms": [["VocabularyItemPhrase": "cheese pizza"]]]]]],
            "IntentPhrases": [["IntentName": "OrderPizzaIntent", "IntentExamples": ["Order a margherita from the pizzeria"]]],
        ], format: .binary)
        #expect(catalog.faults.isEmpty, "\(catalog.faults)")
        let vocabulary = try #require(catalog.apps.first?.vocabulary)
        #expect(vocabulary.parameterVocabularies["OrderPizzaIntent.kind"] == [.init(identifier: "margherita", phrases: ["cheese pizza"])])
        #expect(vocabulary.intentPhrases.first?.examples == ["Order a margherita from the pizzeria"])
    }

    @Test(arguments: [
        (["Order a margherita"], "In {path}, the example \"Order a margherita\" for OrderPizzaIntent does not name the app (Pizza or the pizzeria)."),
        (["Please order from Pizza"], "In {path}, the example \"Please order from Pizza\" for OrderPizzaIntent says \"please\"; examples are short commands."),
        (["Hey Siri, order from Pizza"], "In {path}, the example \"Hey Siri, order from Pizza\" for OrderPizzaIntent addresses the assistant; start with what the user wants."),
    ])
    func examplesFollowApplesRules(examples: [String], message: String) throws {
        let catalog = try scan(vocabulary: phrases(examples))
        #expect(catalog.faults.map(\.message) == [message.replacingOccurrences(of: "{path}", with: path)])
        #expect(catalog.faults.first?.key == "IntentPhrases > [0] > IntentExamples")
        // The app stays usable; only its vocabulary is dropped.
        #expect(catalog.routes["OrderPizzaIntent"] != nil)
        #expect(catalog.apps.first?.vocabulary == nil)
    }

    @Test func wrongShapesNameTheKey() throws {
        let notAnArray = try scan(vocabulary: ["ParameterVocabularies": "margherita"])
        #expect(notAnArray.faults.map(\.message) == ["In \(path), ParameterVocabularies must be an array of dictionaries."])
        let badName = try scan(vocabulary: ["ParameterVocabularies": [["ParameterNames": ["kind"], "ParameterVocabulary": []]]])
        #expect(badName.faults.map(\.message) == ["In \(path), the parameter name \"kind\" must be Intent.parameter, like OrderPizzaIntent.kind."])
        let noSynonyms = try scan(vocabulary: ["ParameterVocabularies": [["ParameterNames": ["OrderPizzaIntent.kind"],
                                                                         "ParameterVocabulary": [["VocabularyItemIdentifier": "x"]]]]])
        #expect(noSynonyms.faults.map(\.message) == ["\(path) lacks the key ParameterVocabularies > [0] > ParameterVocabulary > [0] > VocabularyItemSynonyms."])
    }

    @Test func malformedFilesAndUnsupportedIntentsAreReported() throws {
        let writer = BundleWriter(appsFolder: apps.path)
        _ = try scan(vocabulary: [:])
        try Data("<plist><dict><key>IntentPhrases".utf8).write(to: URL(fileURLWithPath: path))
        let malformed = BundleScanner.scan(appsFolders: [apps.path])
        #expect(malformed.faults.first?.message.hasPrefix("\(path) is not a valid property list (XML or binary)") == true)
        try writer.write(phrases(["Book a table with Pizza"], intent: "INBookRestaurantReservationIntent"), to: path, format: .xml)
        let unsupported = BundleScanner.scan(appsFolders: [apps.path])
        #expect(unsupported.faults.map(\.message) == ["\(apps.path)/Pizza.app/AppIntentVocabulary.plist has phrases for INBookRestaurantReservationIntent, which no extension of \"Pizza\" supports; its phrases are ignored."])
    }

    /// A few kilobytes of binary plist can name one item for thousands of parameters: what the
    /// file expands to is bounded, and the app keeps working without its vocabulary.
    @Test func aVocabularyThatExpandsPastTheBoundIsRefused() throws {
        let item: [String: Any] = ["VocabularyItemIdentifier": "margherita",
                                   "VocabularyItemSynonyms": [["VocabularyItemPhrase": "margherita"]]]
        let names = (0..<200).map { "OrderPizzaIntent.p\($0)" }
        let catalog = try scan(vocabulary: ["ParameterVocabularies": [["ParameterNames": names,
                                                                       "ParameterVocabulary": Array(repeating: item, count: 100)]]],
                               format: .binary)
        #expect(catalog.apps.count == 1)
        #expect(catalog.apps.first?.vocabulary == nil)
        #expect(catalog.faults.map(\.message) == ["In \(path), ParameterVocabularies gives more than 10000 values; keep the vocabulary smaller."])
    }
}
