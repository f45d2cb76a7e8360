import Synchronization

/// The sealed copies of extension libraries a host keeps (`SealedLibrary`), by bundle and
/// library file identity as scanned, least recently used first out once they hold more than
/// `budget` bytes: a library is copied and hashed once, not at every process start, and the
/// host's memory for them stays bounded whatever the number of extensions.
///
/// A library changed on disk gets a new identity at the next scan, hence a new copy; until
/// then the old copy is what runs, and it is the copy whose metadata the host holds.
final class SealedLibraryCache: Sendable {
    /// The bytes kept at most: 256 MiB. A copy larger than that is used, not kept.
    static let defaultBudget = 256 << 20

    private struct State {
        var entries: [String: (library: SealedLibrary, used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    let budget: Int
    private let state = Mutex(State())

    init(budget: Int = defaultBudget) {
        self.budget = budget
    }

    /// The copy kept for `key`, made with `make` when there is none (outside the lock: it reads
    /// and hashes a file).
    /// - Throws: what `make` throws.
    func library(for key: String, make: () throws -> SealedLibrary) throws -> SealedLibrary {
        if let kept = state.withLock({ state -> SealedLibrary? in
            guard let entry = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key]?.used = state.clock
            return entry.library
        }) {
            return kept
        }
        let made = try make()
        return state.withLock { state in
            if let raced = state.entries[key] { return raced.library }
            guard made.size <= budget else { return made }
            state.clock += 1
            state.entries[key] = (made, state.clock)
            state.bytes += made.size
            while state.bytes > budget, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.library.size
            }
            return made
        }
    }

    /// How many copies, and how many bytes, are kept.
    var usage: (count: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.bytes) } }
}
