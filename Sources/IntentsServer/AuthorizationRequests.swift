import Foundation
import IntentsHost
import Synchronization
import SystemStore

/// Apps' requests for Siri, waiting for the user's answer (`intents authorize APP grant|deny`):
/// granting is the user's act, never an app's. Asked once: a decided app is answered at once,
/// and several requests of one app wait for the same answer.
public final class AuthorizationRequests: Sendable {
    public struct Pending: Sendable {
        public var app: String
        public var displayName: String
        public var usageDescription: String
        public var since: Date
    }

    private struct Waiting {
        var pending: Pending
        var waiters: [UUID: CheckedContinuation<SiriAuthorization, Never>] = [:]
    }

    private let state = Mutex<[String: Waiting]>([:])

    /// What is waiting for the user, oldest first.
    public var pending: [Pending] { state.withLock { $0.values.map(\.pending).sorted { $0.since < $1.since } } }

    /// Waits for the user's decision on `app`; `.notDetermined` if the caller is cancelled first.
    func wait(for app: AppBundle, usageDescription: String) async -> SiriAuthorization {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.withLock { waiting in
                    let pending = Pending(app: app.bundleIdentifier, displayName: app.displayName, usageDescription: usageDescription, since: Date())
                    waiting[app.bundleIdentifier, default: Waiting(pending: pending)].waiters[id] = continuation
                }
            }
        } onCancel: {
            let continuation = state.withLock { $0[app.bundleIdentifier]?.waiters.removeValue(forKey: id) }
            continuation?.resume(returning: .notDetermined)
        }
    }

    /// The user decided for `app`: every request waiting is answered.
    public func decided(_ status: SiriAuthorization, app: String) {
        let waiters = state.withLock { waiting -> [CheckedContinuation<SiriAuthorization, Never>] in
            guard status != .notDetermined else { return [] }
            return waiting.removeValue(forKey: app).map { Array($0.waiters.values) } ?? []
        }
        waiters.forEach { $0.resume(returning: status) }
    }
}
