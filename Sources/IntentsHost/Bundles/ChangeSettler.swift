/// The apps-folder watcher's decisions, without its thread: when to look at the folders, and
/// whether what a look saw is a change to deliver. Every instant is passed in, so that tests
/// drive it with instants of their own instead of waiting.
///
/// Settling: a relevant event (or, when polling, a look that differs from the last change
/// delivered) makes a change pending. Once nothing has happened for a quarter of `settle`, a
/// look is due and its snapshot is the candidate (an event after it drops it); `settle` later
/// another. When the two are equal, the folders have been quiet for `settle` and the change has
/// settled: it is delivered if the snapshot differs from the one last delivered. Otherwise the
/// second snapshot is the new candidate and the wait starts again.
///
/// A watcher calls `noteEvents(at:overflowed:)` for each batch of relevant events, looks at the
/// folders once `nextLook` has come, and passes the snapshot to `looked(_:at:)`, which says
/// whether to deliver it.
struct ChangeSettler {
    /// The change waiting to settle.
    private struct PendingChange {
        /// The last event (or the look that found the change, when polling).
        var lastEvent: ContinuousClock.Instant
        /// The snapshot to compare the next look with, and when it was taken; none until the
        /// folders have been quiet for a quarter of the settle time.
        var candidate: (snapshot: FolderSnapshot, time: ContinuousClock.Instant)?

        /// When its next look is due: a quarter of `settle` after the last event for the
        /// candidate, then `settle` after the candidate (and after the last event).
        func due(settle: Duration) -> ContinuousClock.Instant {
            guard let candidate else { return lastEvent + settle / 4 }
            return max(lastEvent, candidate.time) + settle
        }
    }

    /// How long the folders must be quiet, and stay the same, before a change is delivered.
    let settle: Duration
    /// The interval between looks when polling; nil while inotify says when to look.
    private(set) var pollingInterval: Duration?
    /// What the folders held when a change was last delivered (or at the baseline).
    private(set) var delivered: FolderSnapshot
    private var pending: PendingChange?
    /// Deliver at the next settled look even if nothing seems to differ (events were lost).
    private var forced = false
    /// When polling, the next look when no change is pending.
    private var nextPoll: ContinuousClock.Instant

    /// - Parameters:
    ///   - baseline: what the folders held when the watcher was made: changes from it are changes.
    ///   - pollingInterval: looks at this interval, when given, as well as when a change settles.
    ///   - now: the instant the settler starts at.
    init(baseline: FolderSnapshot, settle: Duration, pollingInterval: Duration?, now: ContinuousClock.Instant) {
        self.delivered = baseline
        self.settle = settle
        self.pollingInterval = pollingInterval
        self.nextPoll = now
    }

    /// Whether a change is waiting to settle.
    var isPending: Bool { pending != nil }

    /// When the next look is due (it may be past); nil when only an event can bring one.
    var nextLook: ContinuousClock.Instant? {
        if let pending { return pending.due(settle: settle) }
        return pollingInterval == nil ? nil : nextPoll
    }

    /// Notes a batch of relevant events seen at `now`: a change is pending, and its candidate
    /// snapshot (taken before these events) is dropped.
    /// - Parameter overflowed: events were lost, so the change is delivered once settled even
    ///   if the snapshot seems the same.
    mutating func noteEvents(at now: ContinuousClock.Instant, overflowed: Bool = false) {
        pending = PendingChange(lastEvent: now, candidate: nil)
        if overflowed { forced = true }
    }

    /// Looks every `interval` from `now` on, as well as when a change settles (inotify could
    /// not be used, or could not watch every folder).
    mutating func startPolling(every interval: Duration, at now: ContinuousClock.Instant) {
        pollingInterval = interval
        nextPoll = now + interval
    }

    /// Takes in what a look at `now` saw (a look taken when `nextLook` came, or any other).
    /// - Returns: whether to deliver the change now; `delivered` is then `snapshot`.
    mutating func looked(_ snapshot: FolderSnapshot, at now: ContinuousClock.Instant) -> Bool {
        if let pollingInterval { nextPoll = now + pollingInterval }
        guard var pending else {
            // A poll: a look that differs from what was delivered is a change.
            if snapshot != delivered { pending = PendingChange(lastEvent: now, candidate: (snapshot, now)) }
            return false
        }
        // An early look (taken for another reason): the change goes on settling.
        guard now >= pending.due(settle: settle) else { return false }
        if let candidate = pending.candidate, candidate.snapshot == snapshot { return settled(snapshot) }
        pending.candidate = (snapshot, now)
        self.pending = pending
        return false
    }

    /// Ends the pending change with `snapshot`; whether it is delivered.
    private mutating func settled(_ snapshot: FolderSnapshot) -> Bool {
        pending = nil
        // A truncated snapshot cannot tell: any relevant event is a change then.
        guard snapshot != delivered || forced || snapshot.isTruncated else { return false }
        delivered = snapshot
        forced = false
        return true
    }
}
