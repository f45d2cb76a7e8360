import ExtensionProtocol
import Foundation
import IntentsClient
import Synchronization

/// The entities each entity type's query suggests, for the schemas of the parameters that take
/// them: read by running the query in its extension as an agent's (the user's consent decides),
/// kept for `lifetime` within one catalog generation (a consent given or taken back, an app
/// dropped in, makes a new one), each type read by one query at a time, and at most
/// `maximumQueries` queries at once for all the bridges that share this object.
public final class EntitySuggestions: Sendable {
    /// How long a type's suggestions are kept before a listing reads them again.
    public static let lifetime: Duration = .seconds(60)
    /// The longest a listing waits for the suggestions it reads (the rest come in a later listing).
    public static let wait: Duration = .seconds(3)
    /// The most queries running at once.
    public static let maximumQueries = 2
    /// The most suggested entities listed for a type, and the longest name kept (in characters).
    public static let maximumNames = 10
    public static let maximumNameLength = 100

    private struct Entry {
        var names: [String]
        var read: ContinuousClock.Instant
        var generation: Int
    }

    private struct State {
        var entries: [AgentToolSet.EntityType: Entry] = [:]
        var reading: Set<AgentToolSet.EntityType> = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The suggestions of `types` for catalog `generation`: those kept, and the others read now
    /// (as many as may run), waiting at most `wait`. A query refused or failed suggests nothing
    /// and is asked again at a later listing.
    func names(for types: Set<AgentToolSet.EntityType>, generation: Int, client: IntentsClient) async -> [AgentToolSet.EntityType: [String]] {
        let now = ContinuousClock.now
        let toRead: [AgentToolSet.EntityType] = state.withLock { state in
            var chosen: [AgentToolSet.EntityType] = []
            for type in types.sorted(by: { ($0.appBundle, $0.typeName) < ($1.appBundle, $1.typeName) }) {
                guard state.reading.count < Self.maximumQueries else { break }
                if let entry = state.entries[type], entry.generation == generation, now - entry.read <= Self.lifetime { continue }
                guard !state.reading.contains(type) else { continue }
                state.reading.insert(type)
                chosen.append(type)
            }
            return chosen
        }
        if !toRead.isEmpty {
            _ = try? await DeadlineRace.withDeadline(Self.wait) { [self] in
                await withTaskGroup(of: Void.self) { group in
                    for type in toRead {
                        group.addTask {
                            let values = try? await client.entities(type.typeName, app: type.appBundle, .suggested)
                            self.state.withLock { state in
                                state.reading.remove(type)
                                if let values { state.entries[type] = Entry(names: Self.names(from: values), read: ContinuousClock.now, generation: generation) }
                            }
                        }
                    }
                }
            }
        }
        return state.withLock { state in
            var found: [AgentToolSet.EntityType: [String]] = [:]
            for type in types {
                if let entry = state.entries[type], entry.generation == generation, !entry.names.isEmpty { found[type] = entry.names }
            }
            return found
        }
    }

    /// What an extension suggested, as names an agent may pass: letters, marks (one after each
    /// letter or digit), digits, punctuation, symbols and single spaces; no control, format,
    /// invisible or blank characters; cut to `maximumNameLength`; no repeats; at most `maximumNames`.
    static func names(from values: [IntentValue]) -> [String] {
        var names: [String] = []
        for value in values where names.count < maximumNames {
            let text = cleaned(value.displayString)
            if !text.isEmpty, !names.contains(text) { names.append(text) }
        }
        return names
    }

    private static func cleaned(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        var count = 0
        var afterBase = false
        for scalar in text.unicodeScalars {
            guard count < maximumNameLength else { break }
            let category = scalar.properties.generalCategory
            let keeps: Bool
            switch category {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                // A mark only on a letter or digit, one each: no stacks of invisible marks.
                keeps = afterBase && !(0xFE00...0xFE0F).contains(scalar.value) && !(0xE0100...0xE01EF).contains(scalar.value) && scalar.value != 0x034F
                afterBase = false
            case .spaceSeparator:
                // One plain space between words.
                keeps = !(kept.last.map { $0 == " " } ?? true)
                afterBase = false
                if keeps { kept.append(" "); count += 1 }
                continue
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber:
                keeps = !blankLetters.contains(scalar.value)
                afterBase = keeps
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
                 .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
                keeps = scalar.value != 0x2800
                afterBase = false
            default:
                keeps = false
                afterBase = false
            }
            if keeps {
                kept.append(scalar)
                count += 1
            }
        }
        return String(kept).trimmingCharacters(in: .whitespaces)
    }

    /// Letters that show nothing (Hangul fillers).
    private static let blankLetters: Set<UInt32> = [0x115F, 0x1160, 0x3164, 0xFFA0]
}
