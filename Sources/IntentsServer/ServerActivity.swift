import Deadlines
import Synchronization

/// The server's open connections, for its idle exit (`intents serve --exit-when-idle`): once
/// none has been open for the idle time, `onIdle` runs once.
final class ServerActivity: Sendable {
    private struct State {
        var open = 0
        var timer: Task<Void, Never>?
        var ended = false
    }

    private let state = Mutex(State())
    private let idleTime: Duration
    private let onIdle: @Sendable () async -> Void
    /// What the idle time passes on (a test's manual clock).
    private let clock: DeadlineClock

    /// Counts nothing until `start`.
    init(idleTime: Duration, clock: DeadlineClock = .realTime, onIdle: @escaping @Sendable () async -> Void) {
        self.idleTime = idleTime
        self.clock = clock
        self.onIdle = onIdle
    }

    /// How long a server waits for its first client before the idle exit applies: the client
    /// that started it is connecting, however slowly a loaded machine lets it.
    static let firstClientGrace: Duration = .seconds(30)

    /// Starts counting, once the server accepts connections: `onIdle` runs after
    /// `firstClientGrace` (or `idleTime`, if longer) unless a connection comes.
    func start() {
        state.withLock { state in
            if state.open == 0 && state.timer == nil && !state.ended { state.timer = startTimer(after: max(idleTime, Self.firstClientGrace)) }
        }
    }

    /// One connection, counted from now until the token is gone.
    final class Token: Sendable {
        private let activity: ServerActivity

        fileprivate init(_ activity: ServerActivity) {
            self.activity = activity
            activity.began()
        }

        deinit {
            activity.ended()
        }
    }

    /// Counts a connection until the token is released.
    func token() -> Token {
        Token(self)
    }

    private func began() {
        let timer = state.withLock { state -> Task<Void, Never>? in
            state.open += 1
            defer { state.timer = nil }
            return state.timer
        }
        timer?.cancel()
    }

    private func ended() {
        state.withLock { state in
            state.open -= 1
            if state.open == 0 && !state.ended { state.timer = startTimer(after: idleTime) }
        }
    }

    private func startTimer(after delay: Duration) -> Task<Void, Never> {
        Task { [onIdle, clock] in
            guard (try? await clock.sleep(for: delay, label: "idle exit")) != nil else { return }
            let idle = self.state.withLock { state -> Bool in
                guard state.open == 0, !state.ended, !Task.isCancelled else { return false }
                state.ended = true
                return true
            }
            if idle { await onIdle() }
        }
    }
}
