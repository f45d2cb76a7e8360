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
/// Bounded: a change still pending `maximumSettle` after its first event is looked at then and
/// delivered if it differs, however many events keep coming, so that folders touched without
/// pause never hold back a new or removed bundle; a bundle still being written then is scanned
/// as it is (a bundle fault), and delivered again with the next change. The next event starts a
/// new change.
///
/// Removals at once: a look that lacks an entry of the snapshot last delivered (a bundle, its
/// plist or its library gone or moved away) is delivered without waiting to settle, so that a
/// removed bundle stops being served. A batch of events that says something was removed asks for
/// a look now. At most one removal is delivered at once per `settle`: a bundle removed file by
/// file is delivered at its first look, then once more `settle` later if more went meanwhile.
///
/// Truncated looks: a snapshot cut short at its entry limit does not see, nor watch, what lies
/// past the limit (one bundle of 20,000 files would hide every later bundle's changes), so while
/// looks are truncated a look is due every `maximumSettle`, and each is delivered: the host
/// rescans, and a scan reads every bundle, however many files one of them holds.
///
/// A watcher calls `noteEvents(at:removal:overflowed:)` for each batch of relevant events, looks
/// at the folders once `nextLook` has come, and passes the snapshot to `looked(_:at:)`, which
/// says whether to deliver it.
struct ChangeSettler {
    /// The change waiting to settle.
    private struct PendingChange {
        /// The change's first event (or the look that found it, when polling).
        var firstEvent: ContinuousClock.Instant
        /// The last event (or the look that found the change, when polling).
        var lastEvent: ContinuousClock.Instant
        /// The snapshot to compare the next look with, and when it was taken; none until the
        /// folders have been quiet for a quarter of the settle time.
        var candidate: (snapshot: FolderSnapshot, time: ContinuousClock.Instant)?

        /// When its next look for settling is due: a quarter of `settle` after the last event
        /// for the candidate, then `settle` after the candidate (and after the last event).
        func settleLook(settle: Duration) -> ContinuousClock.Instant {
            guard let candidate else { return lastEvent + settle / 4 }
            return max(lastEvent, candidate.time) + settle
        }
    }

    /// How long the folders must be quiet, and stay the same, before a change is delivered.
    let settle: Duration
    /// How long after its first event a change is delivered even if it has not settled: the
    /// bound given, or the time a quiet change takes to settle when that is longer.
    let maximumSettle: Duration
    /// The interval between looks when polling; nil while inotify says when to look.
    private(set) var pollingInterval: Duration?
    /// What the folders held when a change was last delivered (or at the baseline).
    private(set) var delivered: FolderSnapshot
    private var pending: PendingChange?
    /// Deliver at the next settled look even if nothing seems to differ (events were lost).
    private var forced = false
    /// When polling, the next look when no change is pending.
    private var nextPoll: ContinuousClock.Instant
    /// A removal noted and not yet looked for: when.
    private var removal: ContinuousClock.Instant?
    /// When a removal was last delivered at once.
    private var removalDelivered: ContinuousClock.Instant?
    /// While looks are truncated: when the next look, delivered whatever it sees, is due.
    private var truncatedLook: ContinuousClock.Instant?

    /// - Parameters:
    ///   - baseline: what the folders held when the watcher was made: changes from it are changes.
    ///   - maximumSettle: how long after its first event a change is delivered even if it has
    ///     not settled (never before a quiet change would have settled).
    ///   - pollingInterval: looks at this interval, when given, as well as when a change settles.
    ///   - now: the instant the settler starts at.
    init(baseline: FolderSnapshot, settle: Duration, maximumSettle: Duration = AppsFolderWatcher.maximumSettle,
         pollingInterval: Duration?, now: ContinuousClock.Instant) {
        self.delivered = baseline
        self.settle = settle
        self.maximumSettle = max(maximumSettle, settle + settle / 4)
        self.pollingInterval = pollingInterval
        self.nextPoll = now
    }

    /// Whether a change is waiting to settle.
    var isPending: Bool { pending != nil }

    /// When the next look is due (it may be past); nil when only an event can bring one.
    var nextLook: ContinuousClock.Instant? {
        var looks: [ContinuousClock.Instant] = []
        if let removal { looks.append(removalLook(noted: removal)) }
        if let truncatedLook { looks.append(truncatedLook) }
        if let pending {
            looks.append(min(pending.settleLook(settle: settle), pending.firstEvent + maximumSettle))
        } else if pollingInterval != nil {
            looks.append(nextPoll)
        }
        return looks.min()
    }

    /// Notes a batch of relevant events seen at `now`: a change is pending (from now if none
    /// was), and its candidate snapshot (taken before these events) is dropped.
    /// - Parameters:
    ///   - removal: something was removed or moved away: a look is due now, to deliver the
    ///     removal at once.
    ///   - overflowed: events were lost, so the change is delivered once settled even if the
    ///     snapshot seems the same.
    mutating func noteEvents(at now: ContinuousClock.Instant, removal: Bool = false, overflowed: Bool = false) {
        if var pending {
            pending.lastEvent = now
            pending.candidate = nil
            self.pending = pending
        } else {
            pending = PendingChange(firstEvent: now, lastEvent: now, candidate: nil)
        }
        if overflowed { forced = true }
        if removal, self.removal == nil { self.removal = now }
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
        if let removal, now >= removalLook(noted: removal) { self.removal = nil }
        // Cut short, a look may miss any change past its limit: delivered every `maximumSettle`.
        if snapshot.isTruncated {
            if let due = truncatedLook, now >= due {
                truncatedLook = now + maximumSettle
                return settled(snapshot)
            }
            if truncatedLook == nil { truncatedLook = now + maximumSettle }
        } else {
            truncatedLook = nil
        }
        // A truncated snapshot may lack entries that are there: only settling tells then.
        if now >= removalLook(noted: now), !snapshot.isTruncated, snapshot.lacksEntries(of: delivered) {
            removalDelivered = now
            return settled(snapshot)
        }
        guard var pending else {
            // A poll: a look that differs from what was delivered is a change.
            if snapshot != delivered { pending = PendingChange(firstEvent: now, lastEvent: now, candidate: (snapshot, now)) }
            return false
        }
        // Unsettled for too long: delivered as it is.
        if now >= pending.firstEvent + maximumSettle { return settled(snapshot) }
        // An early look (taken for a removal): the change goes on settling.
        guard now >= pending.settleLook(settle: settle) else { return false }
        if let candidate = pending.candidate, candidate.snapshot == snapshot { return settled(snapshot) }
        pending.candidate = (snapshot, now)
        self.pending = pending
        return false
    }

    /// When the look for a removal noted at `noted` is due: at once, unless a removal was
    /// delivered less than `settle` before.
    private func removalLook(noted: ContinuousClock.Instant) -> ContinuousClock.Instant {
        guard let removalDelivered else { return noted }
        return max(noted, removalDelivered + settle)
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
