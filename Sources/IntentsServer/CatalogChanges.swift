import Synchronization

/// Tells the server's catalog watchers that the catalog changed: each watcher holds the latest
/// generation only (a slow watcher skips to the newest catalog, it never queues them).
final class CatalogChanges: Sendable {
    private struct State {
        var generation = 0
        var watchers: [Int: AsyncStream<Int>.Continuation] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    /// The current generation.
    var generation: Int { state.withLock { $0.generation } }

    /// Watchers at once, across all clients: a watch holds a connection for as long as its
    /// client likes, so that many would keep others from the server.
    static let maximumWatchers = 64

    /// The generations from now on, starting with the current one, until the stream is dropped;
    /// nil when `maximumWatchers` watch already.
    func watch() -> AsyncStream<Int>? {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state -> Int? in
            guard state.watchers.count < Self.maximumWatchers else { return nil }
            state.nextID += 1
            state.watchers[state.nextID] = continuation
            continuation.yield(state.generation)
            return state.nextID
        }
        guard let id else { return nil }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.watchers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Bumps the generation and tells every watcher.
    func changed() {
        let (generation, watchers) = state.withLock { state in
            state.generation += 1
            return (state.generation, Array(state.watchers.values))
        }
        for watcher in watchers { watcher.yield(generation) }
    }
}
