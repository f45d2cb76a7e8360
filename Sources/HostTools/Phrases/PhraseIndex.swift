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
    /// Each template's literal words, computed once, and as word numbers for scoring.
    private var literals: [[String]] = []
    private var literalNumbers: [[Int32]] = []
    private var wordNumbers: [String: Int32] = [:]
    private var exact: [String: [Int]] = [:]
    private var byRarestWord: [String: [Int]] = [:]
    private var withoutWords: [Int] = []
    private var byWord: [String: [Int]] = [:]
    let values: SlotValues

    init(templates: [PhraseTemplate], values: SlotValues) {
        self.values = values
        self.templates = templates
        literals = templates.map(\.literals)
        var numbers: [String: Int32] = [:]
        literalNumbers = literals.map { words in
            words.map { word in
                if let known = numbers[word] { return known }
                numbers[word] = Int32(numbers.count)
                return Int32(numbers.count - 1)
            }
        }
        wordNumbers = numbers
        var frequency: [String: Int] = [:]
        for words in literals { for word in Set(words) { frequency[word, default: 0] += 1 } }
        for (index, template) in templates.enumerated() {
            let literals = literals[index]
            for word in Set(literals) { byWord[word, default: []].append(index) }
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
        let matches = candidates(words)
        guard let best = matches.map(\.strength).max() else { return .noMatch(nearest: nearest(words)) }
        var strongest: [Match] = []
        for match in matches where match.strength == best && !strongest.contains(where: { $0.template.target == match.template.target }) {
            strongest.append(match)
        }
        return strongest.count == 1 ? .matched(strongest[0]) : .ambiguous(strongest)
    }

    /// Every phrase `utterance` matches, however strongly: not only the one `match` would run.
    public func matches(_ utterance: String) -> [Match] {
        candidates(PhraseText.words(utterance))
    }

    /// The phrases the words match: exact phrases, then phrases with slots filed under the words.
    private func candidates(_ words: [String]) -> [Match] {
        var matches: [Match] = []
        // An exact phrase beats any phrase with slots; the user's own phrase beats an app's example.
        for index in exact[words.joined(separator: " ")] ?? [] {
            let isUsers = if case .voiceShortcut = templates[index].target { true } else { false }
            matches.append(Match(template: templates[index], parameters: [], strength: words.count + (isUsers ? 2 : 1)))
        }
        var checked = Set<Int>()
        for word in Set(words) {
            for index in byRarestWord[word] ?? [] where checked.insert(index).inserted {
                if let match = slotMatch(index, words) { matches.append(match) }
            }
        }
        for index in withoutWords {
            if let match = slotMatch(index, words) { matches.append(match) }
        }
        return matches
    }

    /// Aligns the template with the words: literals equal, slots take known values.
    private func slotMatch(_ index: Int, _ words: [String]) -> Match? {
        let template = templates[index]
        var alignment = Alignment(tokens: template.tokens, words: words, app: template.app, values: values)
        guard alignment.align(0, 0) else { return nil }
        return Match(template: template, parameters: alignment.caught, strength: literals[index].count)
    }

    /// A depth-first alignment of one template with the words: each slot tries its longest
    /// value first, and the first alignment found wins. Where the rest of the template cannot
    /// align with the rest of the words is remembered, so each (token, word) pair is tried at
    /// most once: time is polynomial (tokens x words x longest value) where plain backtracking
    /// is exponential in the slots. Only failures are remembered, so the alignment found is
    /// the one plain backtracking finds.
    private struct Alignment {
        let tokens: [PhraseTemplate.Token]
        let words: [String]
        let app: String
        let values: SlotValues
        var caught: [(name: String, value: String)] = []
        /// `token * (words.count + 1) + word` for each pair that cannot align.
        var failed = Set<Int>()

        mutating func align(_ token: Int, _ word: Int) -> Bool {
            guard token < tokens.count else { return word == words.count }
            let key = token * (words.count + 1) + word
            if failed.contains(key) { return false }
            if step(token, word) { return true }
            failed.insert(key)
            return false
        }

        private mutating func step(_ token: Int, _ word: Int) -> Bool {
            let remaining = words.count - word
            switch tokens[token] {
            case .word(let literal):
                return remaining > 0 && words[word] == literal && align(token + 1, word + 1)
            case .appName, .parameter:
                for length in stride(from: min(values.longest, remaining), through: 1, by: -1) {
                    let phrase = words[word..<(word + length)].joined(separator: " ")
                    if case .parameter(let name) = tokens[token] {
                        guard let value = values.parameters[name]?[phrase] else { continue }
                        caught.append((String(name.split(separator: ".").last ?? ""), value))
                        if align(token + 1, word + length) { return true }
                        caught.removeLast()
                    } else if values.appNames[app]?.contains(phrase) == true, align(token + 1, word + length) {
                        return true
                    }
                }
                return false
            }
        }
    }

    /// How many phrases the nearest-phrase search looks at, at most.
    static let nearestBudget = 256

    /// Phrases sharing the most words with the utterance (Jaccard), at most five. Candidates
    /// come from the utterance's rarest words first, within `nearestBudget`: a word that half
    /// the phrases share ("the", "to") says little about which is nearest.
    private func nearest(_ words: [String]) -> [String] {
        let wanted = Set(words)
        let wantedNumbers = wanted.compactMap { wordNumbers[$0] }
        var candidates = Set<Int>()
        for word in wanted.sorted(by: { (byWord[$0]?.count ?? 0, $0) < (byWord[$1]?.count ?? 0, $1) }) {
            guard let postings = byWord[word] else { continue }
            if !candidates.isEmpty && candidates.count + postings.count > Self.nearestBudget { break }
            candidates.formUnion(postings.prefix(Self.nearestBudget))
        }
        // The best five by score, then by text: a running selection, not a sort of every candidate.
        var best: [(score: Double, text: String)] = []
        for index in candidates {
            let shared = literalNumbers[index].reduce(0) { $0 + (wantedNumbers.contains($1) ? 1 : 0) }
            let score = Double(shared) / Double(literals[index].count + wanted.count - shared)
            if best.count == 5, let last = best.last, score < last.score { continue }
            let text = templates[index].text
            guard !best.contains(where: { $0.text == text }) else { continue }
            let position = best.firstIndex { score > $0.score || (score == $0.score && text < $0.text) } ?? best.endIndex
            if position < 5 { best.insert((score, text), at: position) }
            if best.count > 5 { best.removeLast() }
        }
        return best.map(\.text)
    }
}
