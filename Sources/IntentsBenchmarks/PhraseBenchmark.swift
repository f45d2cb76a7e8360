import Foundation
import HostBundles
import HostTools
import IntentsHost
import SystemCalls
import SystemStore

/// Phrase matching at 1k, 10k and 100k phrases, on a synthetic catalog: voice shortcuts and
/// apps' example phrases with a slot for a parameter value, drawn from a skewed vocabulary
/// (a few common words, many rare ones), as real phrases are. The floor is what any matcher
/// must do: normalize the utterance and look it up once in a hash set of phrases.
enum PhraseBenchmark {
    static func run(sizes: [Int] = [1_000, 10_000, 100_000], utterances: Int = 3_000) -> [Figure] {
        var figures: [Figure] = []
        var medians: [Int: Double] = [:]
        func label(_ size: Int) -> String { size >= 1000 ? "\(size / 1000)k" : "\(size)" }
        for size in sizes {
            var generator = SplitMix(seed: UInt64(size))
            let catalog = SyntheticCatalog(phrases: size, generator: &generator)
            let index = PhraseCatalog.index(apps: catalog.apps, voiceShortcuts: catalog.shortcuts, vocabulary: [])
            let spoken = (0..<utterances).map { catalog.utterance($0, generator: &generator) }
            let known = Set(catalog.shortcuts.map { PhraseText.normalized($0.phrase) })
            let floor = median(spoken.map { utterance in time { _ = known.contains(PhraseText.normalized(utterance.text)) } })
            var hits: [Double] = []
            var misses: [Double] = []
            var wrong = 0
            for utterance in spoken {
                var outcome: PhraseIndex.Outcome?
                let seconds = time { outcome = index.match(utterance.text) }
                let matched: Bool
                if case .matched = outcome { matched = true } else { matched = false }
                if matched != utterance.shouldMatch { wrong += 1 }
                if utterance.shouldMatch { hits.append(seconds) } else { misses.append(seconds) }
            }
            medians[size] = median(hits)
            figures.append(Figure(name: "phrase match, \(label(size)) phrases (hit)", value: median(hits), unit: .seconds,
                                  floorName: "normalize+hash lookup", floor: floor,
                                  target: size == 10_000 ? .absolute(50e-6) : .none,
                                  note: wrong == 0 ? nil : "\(wrong) utterances matched wrongly"))
            figures.append(Figure(name: "phrase match, \(label(size)) phrases (miss, nearest)", value: median(misses), unit: .seconds,
                                  floorName: "normalize+hash lookup", floor: floor, target: size == 10_000 ? .absolute(50e-6) : .none))
        }
        if let first = sizes.first, let last = sizes.last, let small = medians[first], let large = medians[last], sizes.count > 1 {
            let phrases = Double(last) / Double(first)
            figures.append(Figure(name: "phrase match growth, \(label(first)) to \(label(last))", value: large, unit: .seconds,
                                  floorName: label(first), floor: small, target: .ratio(phrases / 10),
                                  note: String(format: "%.0fx the phrases; sublinear when well under %.0fx", phrases, phrases)))
        }
        return figures
    }

    private static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

/// A reproducible catalog: half voice shortcuts, half example phrases with a slot, across apps.
struct SyntheticCatalog {
    var apps: [AppBundle] = []
    var shortcuts: [VoiceShortcutRecord] = []
    /// Each example phrase with its slot value, as (words before, value, words after, app name).
    var examples: [(before: [String], after: [String], app: String)] = []
    static let common = ["a", "the", "to", "with", "my", "order", "send", "play", "show", "start", "get", "on", "for", "me"]
    static let values = (0..<50).map { "value\($0)" }

    init(phrases: Int, generator: inout SplitMix) {
        let rare = max(2_000, phrases / 2)
        func word(_ generator: inout SplitMix) -> String {
            generator.next() % 3 == 0 ? Self.common[Int(generator.next() % UInt64(Self.common.count))] : "w\(generator.next() % UInt64(rare))"
        }
        func words(_ count: Int, _ generator: inout SplitMix) -> [String] {
            var result = ["w\(generator.next() % UInt64(rare))"]
            while result.count < count { result.append(word(&generator)) }
            return result.shuffled(using: &generator)
        }
        let appCount = max(1, phrases / 200)
        var phrasesByApp: [[(String, String)]] = Array(repeating: [], count: appCount)
        for number in 0..<phrases {
            let app = number % appCount
            if number % 2 == 0 {
                var phrase = words(2 + Int(generator.next() % 4), &generator)
                phrase.append("s\(number)")
                shortcuts.append(VoiceShortcutRecord(phrase: phrase.joined(separator: " "), app: "com.example.app\(app)",
                                                     action: .intent(.init(name: "Intent\(app)"), className: nil)))
            } else {
                let before = words(1 + Int(generator.next() % 3), &generator) + ["e\(number)"]
                let after = ["with", "app\(app)"]
                examples.append((before, after, "app\(app)"))
                phrasesByApp[app].append(("Intent\(app)", (before + [Self.values[0]] + after).joined(separator: " ")))
            }
        }
        for app in 0..<appCount {
            var vocabulary = AppIntentVocabulary()
            vocabulary.parameterVocabularies["Intent\(app).item"] = Self.values.map { AppIntentVocabulary.Item(identifier: $0, phrases: [$0]) }
            vocabulary.intentPhrases = [.init(intent: "Intent\(app)", examples: phrasesByApp[app].map(\.1))]
            apps.append(AppBundle(path: "/apps/app\(app).app", bundleIdentifier: "com.example.app\(app)", displayName: "app\(app)",
                                  extensions: [], vocabulary: vocabulary))
        }
    }

    /// Utterance `number`: a shortcut said loosely, an example with another value, or words nobody set.
    func utterance(_ number: Int, generator: inout SplitMix) -> (text: String, shouldMatch: Bool) {
        switch number % 3 {
        case 0:
            let phrase = shortcuts[Int(generator.next() % UInt64(shortcuts.count))].phrase
            return ("  " + phrase.uppercased() + "!", true)
        case 1:
            let example = examples[Int(generator.next() % UInt64(examples.count))]
            let value = Self.values[Int(generator.next() % UInt64(Self.values.count))]
            return ((example.before + [value] + example.after).joined(separator: " ") + ".", true)
        default:
            return ((0..<4).map { _ in "w\(generator.next() % 50_000)x" }.joined(separator: " ") + " to the", false)
        }
    }
}

/// A small seeded generator, so that each run measures the same catalog.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
