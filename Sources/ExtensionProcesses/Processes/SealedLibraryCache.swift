import Foundation
import HostBundles
import Synchronization

/// The sealed copies of extension libraries a host keeps (`SealedLibrary`), by bundle and
/// library file identity as scanned, least recently used first out once they hold more than
/// `budget` bytes: a library is copied and hashed once, not at every process start, and the
/// host's memory for them stays bounded whatever the number of extensions.
///
/// A library changed on disk gets a new identity at the next scan, hence a new copy; until
/// then the old copy is what runs, and it is the copy whose metadata the host holds.
package final class SealedLibraryCache: Sendable {
    /// The bytes kept at most: 256 MiB. A copy larger than that is used, not kept.
    static let defaultBudget = 256 << 20

    private struct State {
        var entries: [String: (library: SealedLibrary, used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    let budget: Int
    private let state = Mutex(State())
    /// One lock per key being made: callers for one library wait for its one copy.
    private let making = Mutex<[String: NSLock]>([:])

    package init(budget: Int = defaultBudget) {
        self.budget = budget
    }

    /// The copy kept for `key`, made with `make` when there is none. One copy is made at a
    /// time for a key (its other callers wait for it, then take it), outside the cache's lock:
    /// making one reads and hashes a file.
    /// - Throws: what `make` throws.
    package func library(for key: String, make: () throws -> SealedLibrary) throws -> SealedLibrary {
        if let kept = kept(key) { return kept }
        let lock = making.withLock { locks in
            if let lock = locks[key] { return lock }
            let lock = NSLock()
            locks[key] = lock
            return lock
        }
        return try lock.withLock {
            if let kept = kept(key) { return kept }
            // Once made (or failed), a later caller finds the copy kept, or makes it anew.
            defer { making.withLock { locks in if locks[key] === lock { locks[key] = nil } } }
            return insert(try make(), for: key)
        }
    }

    /// The copy kept for `key`, marked as used now.
    private func kept(_ key: String) -> SealedLibrary? {
        state.withLock { state -> SealedLibrary? in
            guard let entry = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key]?.used = state.clock
            return entry.library
        }
    }

    /// Keeps `made` for `key` unless it is larger than the budget, evicting the least recently
    /// used copies while they hold more than the budget; returns it.
    private func insert(_ made: SealedLibrary, for key: String) -> SealedLibrary {
        state.withLock { state in
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
