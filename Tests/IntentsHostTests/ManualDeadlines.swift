import Foundation
import Synchronization

/// A clock for deadlines that passes only when the test says: each `sleep` waits until `pass`
/// (or its task is cancelled).
final class ManualDeadlines: Sendable {
    private struct Sleeper {
        var id: UUID
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let state = Mutex<(started: [Duration], sleepers: [Sleeper])>(([], []))

    /// The durations slept for so far.
    var started: [Duration] { state.withLock { $0.started } }
    /// Sleeps under way.
    var waiting: Int { state.withLock { $0.sleepers.count } }

    @Sendable func sleep(_ duration: Duration) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = state.withLock { state -> Bool in
                    state.started.append(duration)
                    // Cancelled before it slept: the handler found nothing to end.
                    guard !Task.isCancelled else { return true }
                    state.sleepers.append(Sleeper(id: id, continuation: continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Ends every sleep under way.
    func pass() {
        let sleepers = state.withLock { state -> [Sleeper] in
            defer { state.sleepers.removeAll() }
            return state.sleepers
        }
        sleepers.forEach { $0.continuation.resume() }
    }
}
