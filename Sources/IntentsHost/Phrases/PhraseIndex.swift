import SystemStore

/// Matches utterances against voice-shortcut phrases and the apps' example phrases.
///
/// Phrases without slots are found by one hash lookup. Phrases with slots are filed under
/// their rarest literal word, so an utterance checks only the phrases filed under its own
/// words: matching time grows with how many phrases share those words, not with the total.
public struct PhraseIndex: Sendable {
    /// A phrase that matched, with the parameter values its slots caught.
    public struct Match: Sendable {
        public var template: PhraseTemplate
        public var parameters: [(name: String, value: String)]
        /// How many literal words matched: more specific phrases win.
        public var strength: Int
    }

    /// What an utterance gave.
    public enum Outcome: Sendable {
        case matched(Match)
        /// Two or more phrases matched equally well; never a guess.
        case ambiguous([Match])
        /// Nothing matched; the nearest phrases, best first.
        case noMatch(nearest: [String])
    }

    private var templates: [PhraseTemplate] = []
    private var exact: [String: [Int]] = [:]
    private var byRarestWord: [String: [Int]] = [:]
    private var withoutWords: [Int] = []
    private var byWord: [String: [Int]] = [:]
    let values: SlotValues

    init(templates: [PhraseTemplate], values: SlotValues) {
        self.values = values
        self.templates = templates
        var frequency: [String: Int] = [:]
        for template in templates { for word in Set(template.literals) { frequency[word, default: 0] += 1 } }
        for (index, template) in templates.enumerated() {
            for word in Set(template.literals) { byWord[word, default: []].append(index) }
            let literals = template.literals
            if literals.count == template.tokens.count {
                exact[literals.joined(separator: " "), default: []].append(index)
            } else if let rarest = literals.min(by: { (frequency[$0] ?? 0, $0) < (frequency[$1] ?? 0, $1) }) {
                byRarestWord[rarest, default: []].append(index)
            } else {
                withoutWords.append(index)
            }
        }
    }

    /// Matches `utterance`, ignoring case, punctuation, white space and diacritics.
    public func match(_ utterance: String) -> Outcome {
        let words = PhraseText.words(utterance)
        var matches: [Match] = []
        for index in exact[words.joined(separator: " ")] ?? [] {
            matches.append(Match(template: templates[index], parameters: [], strength: words.count + 1))
        }
        var checked = Set<Int>()
        for word in Set(words) {
            for index in byRarestWord[word] ?? [] where checked.insert(index).inserted {
                if let match = slotMatch(templates[index], words) { matches.append(match) }
            }
        }
        for index in withoutWords {
            if let match = slotMatch(templates[index], words) { matches.append(match) }
        }
        guard let best = matches.map(\.strength).max() else { return .noMatch(nearest: nearest(words)) }
        var strongest: [Match] = []
        for match in matches where match.strength == best && !strongest.contains(where: { $0.template.target == match.template.target }) {
            strongest.append(match)
        }
        return strongest.count == 1 ? .matched(strongest[0]) : .ambiguous(strongest)
    }

    /// Aligns the template with the words: literals equal, slots take known values.
    private func slotMatch(_ template: PhraseTemplate, _ words: [String]) -> Match? {
        var caught: [(name: String, value: String)] = []
        guard align(template.tokens[...], words[...], template.app, &caught) else { return nil }
        return Match(template: template, parameters: caught, strength: template.literals.count)
    }

    private func align(_ tokens: ArraySlice<PhraseTemplate.Token>, _ words: ArraySlice<String>, _ app: String,
                       _ caught: inout [(name: String, value: String)]) -> Bool {
        guard let token = tokens.first else { return words.isEmpty }
        switch token {
        case .word(let word):
            return words.first == word && align(tokens.dropFirst(), words.dropFirst(), app, &caught)
        case .appName, .parameter:
            for length in stride(from: min(values.longest, words.count), through: 1, by: -1) {
                let phrase = words.prefix(length).joined(separator: " ")
                if case .parameter(let name) = token {
                    guard let value = values.parameters[name]?[phrase] else { continue }
                    caught.append((String(name.split(separator: ".").last ?? ""), value))
                    if align(tokens.dropFirst(), words.dropFirst(length), app, &caught) { return true }
                    caught.removeLast()
                } else if values.appNames[app]?.contains(phrase) == true,
                          align(tokens.dropFirst(), words.dropFirst(length), app, &caught) {
                    return true
                }
            }
            return false
        }
    }

    /// Phrases sharing the most words with the utterance (Jaccard), at most five.
    private func nearest(_ words: [String]) -> [String] {
        let wanted = Set(words)
        var shared: [Int: Int] = [:]
        for word in wanted { for index in byWord[word] ?? [] { shared[index, default: 0] += 1 } }
        let scored = shared.map { index, count -> (Double, String) in
            let literals = Set(templates[index].literals)
            return (Double(count) / Double(literals.union(wanted).count), templates[index].text)
        }
        var seen = Set<String>()
        return scored.sorted { ($0.0, $1.1) > ($1.0, $0.1) }.map(\.1).filter { seen.insert($0).inserted }.prefix(5).map { $0 }
    }
}
