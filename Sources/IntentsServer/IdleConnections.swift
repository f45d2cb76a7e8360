import Synchronization

/// The host-API connections waiting for their client's next request (or watching the catalog):
/// when the server stops, they are closed at once, while conversations under way finish.
final class IdleConnections: Sendable {
    private struct State {
        var waiting: [ObjectIdentifier: ClientConnection] = [:]
        var stopping = false
    }

    private let state = Mutex(State())

    /// Marks `connection` as waiting; false when the server is stopping (close it instead).
    func enter(_ connection: ClientConnection) -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            state.waiting[ObjectIdentifier(connection)] = connection
            return true
        }
    }

    func leave(_ connection: ClientConnection) {
        _ = state.withLock { $0.waiting.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Closes every waiting connection, and every one that comes to wait from now on.
    func stopAll() {
        let waiting = state.withLock { state in
            state.stopping = true
            return Array(state.waiting.values)
        }
        waiting.forEach { $0.hangUp() }
    }
}
