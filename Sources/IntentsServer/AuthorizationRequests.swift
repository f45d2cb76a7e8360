import Deadlines
import Foundation
import HostBundles
import IntentsHost
import Synchronization
import SystemCalls
import SystemStore

/// Apps' requests for Siri, waiting for the user's answer (`intents authorize APP grant|deny`):
/// granting is the user's act, never an app's. Asked once: a decided app is answered at once,
/// and several requests of one app wait for the same answer. An app's request left unanswered
/// for `deadline` is answered `.notDetermined`, as when the user dismisses the question; the
/// app may ask again.
public final class AuthorizationRequests: Sendable {
    public struct Pending: Sendable {
        public var app: String
        public var displayName: String
        public var usageDescription: String
        public var since: Date
        /// How many of the app's requests wait for this answer.
        public var requests = 0
    }

    /// How long an app's request waits for the user before it is answered `.notDetermined`.
    static let answerDeadline: Duration = .seconds(300)

    private struct Waiting {
        var pending: Pending
        /// Tells this request from a later one of the same app, for its deadline.
        var request = UUID()
        var waiters: [UUID: CheckedContinuation<SiriAuthorization, Never>] = [:]
        var deadline: Deadline?
    }

    private let state = Mutex<[String: Waiting]>([:])
    let deadline: Duration
    /// What `deadline` passes on (a test's manual clock).
    private let clock: DeadlineClock

    init(deadline: Duration = answerDeadline, clock: DeadlineClock = .realTime) {
        self.deadline = deadline
        self.clock = clock
    }

    /// What is waiting for the user, oldest first.
    public var pending: [Pending] {
        state.withLock { waiting in
            waiting.values.map { request in
                var pending = request.pending
                pending.requests = request.waiters.count
                return pending
            }
        }.sorted { $0.since < $1.since }
    }

    /// Waits for the user's decision on `app`: `.notDetermined` if the caller is cancelled
    /// first, or once the app's request has waited `deadline`.
    ///
    /// Once the wait is registered, `recheck` reads the decision again: one recorded after the
    /// caller last read it, but before the wait was registered (whose `decided(_:app:)` found
    /// no one waiting), answers it at once instead of leaving it to the deadline.
    func wait(for app: AppBundle, usageDescription: String,
              recheck: @escaping @Sendable () async -> SiriAuthorization? = { nil }) async -> SiriAuthorization {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.withLock { waiting in
                    if waiting[app.bundleIdentifier] == nil {
                        let pending = Pending(app: app.bundleIdentifier, displayName: app.displayName, usageDescription: usageDescription, since: Date())
                        var request = Waiting(pending: pending)
                        request.deadline = expiry(of: app.bundleIdentifier, request: request.request)
                        waiting[app.bundleIdentifier] = request
                    }
                    waiting[app.bundleIdentifier]?.waiters[id] = continuation
                }
                Task { [self] in
                    if let status = await recheck() { decided(status, app: app.bundleIdentifier) }
                }
            }
        } onCancel: {
            let continuation = state.withLock { $0[app.bundleIdentifier]?.waiters.removeValue(forKey: id) }
            continuation?.resume(returning: .notDetermined)
        }
    }

    /// The user decided for `app`: every request waiting is answered.
    public func decided(_ status: SiriAuthorization, app: String) {
        guard status != .notDetermined else { return }
        answer(app, with: status) { _ in true }
    }

    /// Answers `.notDetermined` to `app`'s request `request` once it has waited `deadline`.
    private func expiry(of app: String, request: UUID) -> Deadline {
        clock.schedule(after: deadline, label: "authorization") { [weak self] in
            self?.answer(app, with: .notDetermined) { $0.request == request }
        }
    }

    /// Ends `app`'s request, if `matches` it, answering every waiter `status`.
    private func answer(_ app: String, with status: SiriAuthorization, if matches: (Waiting) -> Bool) {
        let ended = state.withLock { waiting -> Waiting? in
            guard let request = waiting[app], matches(request) else { return nil }
            return waiting.removeValue(forKey: app)
        }
        guard let ended else { return }
        ended.deadline?.cancel()
        ended.waiters.values.forEach { $0.resume(returning: status) }
    }
}
