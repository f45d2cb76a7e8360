import Foundation
import HostBundles
import HostTools
import IntentsHost
import SystemCalls
import SystemStore
import Testing

/// Phrase matching: normalization, slots filled from vocabulary, ties and misses.
@Suite struct PhraseIndexTests {
    static let pizzaVocabulary: AppIntentVocabulary = {
        var vocabulary = AppIntentVocabulary()
        vocabulary.parameterVocabularies["OrderPizzaIntent.kind"] = [
            .init(identifier: "margherita", phrases: ["margherita", "cheese pizza"]),
            .init(identifier: "funghi", phrases: ["funghi"]),
        ]
        vocabulary.intentPhrases = [.init(intent: "OrderPizzaIntent", examples: ["Order a margherita with Pizza"])]
        return vocabulary
    }()

    static func app(_ identifier: String, _ name: String, alternatives: [String] = [], vocabulary: AppIntentVocabulary?) -> AppBundle {
        AppBundle(path: "/apps/\(name).app", bundleIdentifier: identifier, displayName: name, alternativeNames: alternatives,
                  extensions: [], vocabulary: vocabulary)
    }

    static let pizza = app("com.example.Pizza", "Pizza", alternatives: ["the pizzeria"], vocabulary: pizzaVocabulary)

    static func shortcut(_ phrase: String, app: String = "com.example.Pizza") -> VoiceShortcutRecord {
        VoiceShortcutRecord(phrase: phrase, app: app, action: .intent(.init(name: "OrderPizzaIntent"), className: nil))
    }

    func parameters(_ outcome: PhraseIndex.Outcome) -> [String: String]? {
        guard case .matched(let match) = outcome else { return nil }
        return Dictionary(match.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func caseAccentsPunctuationAndSpacesDoNotCount() {
        let index = PhraseCatalog.index(apps: [], voiceShortcuts: [Self.shortcut("Crème brûlée time")], vocabulary: [])
        guard case .matched(let match) = index.match("  CREME, brulee   TIME!! ") else {
            Issue.record("no match")
            return
        }
        #expect(match.template.text == "Crème brûlée time")
        #expect(PhraseText.normalized("Ça  va, Bobo's?") == "ca va bobos")
    }

    /// Found by the phrase fuzzer: a combining mark left after undecodable bytes was a word of
    /// its own, which folding dropped the second time, so a saved phrase could stop matching.
    @Test func normalizingTwiceGivesTheSameWords() {
        let phrases = [
            String(decoding: [0x53, 0x65, 0x6E, 0x64, 0x20, 0x8F, 0x97, 0xDF, 0xAF, 0x96, 0x85, 0x85, 0x9E] as [UInt8], as: UTF8.self),
            "a \u{301}b", "\u{7EF}", "x\u{7EF}y", "हिन्दी गाना",
        ]
        for phrase in phrases {
            let words = PhraseText.words(phrase)
            #expect(PhraseText.words(words.joined(separator: " ")) == words, "\(Array(phrase.unicodeScalars))")
            #expect(!words.contains(""))
        }
    }

    @Test func synonymsFillSlotsWithTheVocabularyIdentifier() {
        let index = PhraseCatalog.index(apps: [Self.pizza], voiceShortcuts: [], vocabulary: [])
        #expect(parameters(index.match("order a cheese pizza with the pizzeria")) == ["kind": "margherita"])
        #expect(parameters(index.match("Order a FUNGHI with Pizza")) == ["kind": "funghi"])
        guard case .noMatch(let nearest) = index.match("order a calzone with pizza") else {
            Issue.record("a value outside the vocabulary matched")
            return
        }
        #expect(nearest == ["Order a margherita with Pizza"])
    }

    @Test func userVocabularyFillsPersonSlotsOfItsOwnAppOnly() {
        var phrases = AppIntentVocabulary()
        phrases.intentPhrases = [.init(intent: "INSendMessageIntent", examples: ["Send a MonkeyChat to Bobo"])]
        let chat = Self.app("com.example.MonkeyChat", "MonkeyChat", alternatives: ["Monkey Chat"], vocabulary: phrases)
        let vocabulary = [VocabularyRecord(app: "com.example.MonkeyChat", type: 1, strings: ["Bobo", "Kiki Banana"]),
                          VocabularyRecord(app: "com.example.Other", type: 1, strings: ["Zaza"])]
        let index = PhraseCatalog.index(apps: [chat], voiceShortcuts: [], vocabulary: vocabulary)
        #expect(parameters(index.match("send a monkey chat to kiki banana")) == ["recipients": "Kiki Banana"])
        #expect(parameters(index.match("send a MonkeyChat to Bobo")) == ["recipients": "Bobo"])
        if case .matched = index.match("send a MonkeyChat to Zaza") { Issue.record("another app's vocabulary was used") }
    }

    @Test func twoEquallyGoodMatchesAreAnsweredWithBothNeverAGuess() {
        var burgers = AppIntentVocabulary()
        burgers.intentPhrases = [.init(intent: "OrderBurgerIntent", examples: ["Order lunch with Food"])]
        var tacos = AppIntentVocabulary()
        tacos.intentPhrases = [.init(intent: "OrderTacoIntent", examples: ["Order lunch with Food"])]
        let index = PhraseCatalog.index(apps: [Self.app("com.example.Burger", "Food", vocabulary: burgers),
                                               Self.app("com.example.Taco", "Food", vocabulary: tacos)],
                                        voiceShortcuts: [], vocabulary: [])
        guard case .ambiguous(let matches) = index.match("order lunch with food") else {
            Issue.record("a tie was resolved by guessing")
            return
        }
        #expect(Set(matches.map(\.template.app)) == ["com.example.Burger", "com.example.Taco"])
    }

    @Test func theUsersPhraseBeatsAnAppsExampleWithTheSameWords() {
        let index = PhraseCatalog.index(apps: [Self.pizza], voiceShortcuts: [Self.shortcut("order a margherita with pizza")], vocabulary: [])
        guard case .matched(let match) = index.match("Order a margherita with Pizza") else {
            Issue.record("no single match")
            return
        }
        #expect(match.template.target.shortcut != nil)
    }

    @Test func theNearestPhrasesShareTheMostWords() {
        let index = PhraseCatalog.index(apps: [], voiceShortcuts: ["pizza time", "pizza night out", "taco time"].map { Self.shortcut($0) },
                                        vocabulary: [])
        guard case .noMatch(let nearest) = index.match("pizza time now") else {
            Issue.record("matched")
            return
        }
        #expect(nearest == ["pizza time", "taco time", "pizza night out"])
    }
}

extension PhraseTemplate.Target {
    var shortcut: VoiceShortcutRecord? {
        if case .voiceShortcut(let shortcut) = self { shortcut } else { nil }
    }
}
