import Foundation
@testable import HostBundles
@testable import IntentsHost
import Testing

/// The watcher's settling decisions on instants of the test's own: how often, and with what,
/// a change is delivered, for streams of events no real folder could be timed to give.
@Suite struct ChangeSettlerTests {
    static let settle = Duration.milliseconds(200)
    let t0 = ContinuousClock.now

    /// The folders before anything happens: one app with a plist and a library.
    static let baseline = Folders.snapshot(Folders.app("A"))
    /// A's plist touched (a later modification time).
    static let touched = Folders.snapshot(Folders.app("A", plist: 1))

    @Test func aQuietChangeIsDeliveredOnceWhenSettled() {
        var run = SettlerRun(settle: Self.settle, baseline: Self.baseline, at: t0)
        run.run(until: t0 + .seconds(10), events: [t0 + .milliseconds(100)]) { $0 < t0 + .milliseconds(100) ? Self.baseline : Self.touched }
        // A look a quarter of the settle time after the event, another a settle time later.
        #expect(run.deliveries.map(\.time) == [t0 + .milliseconds(100) + Self.settle / 4 + Self.settle])
        #expect(run.deliveries.map(\.snapshot) == [Self.touched])
        #expect(run.settler.nextLook == nil)
    }

    @Test func eventsThatChangeNothingAreNotDelivered() {
        var run = SettlerRun(settle: Self.settle, baseline: Self.baseline, at: t0)
        run.run(until: t0 + .seconds(10), events: every(.milliseconds(100), from: t0, count: 5)) { _ in Self.baseline }
        #expect(run.deliveries.isEmpty)
        #expect(!run.settler.isPending)
    }

    /// A library written in five chunks 50 ms apart, then a pause shorter than the settle time
    /// and a last chunk: one delivery, of the whole library.
    @Test func aSlowWriteIsDeliveredOnceWhenComplete() {
        var run = SettlerRun(settle: Self.settle, baseline: Self.baseline, at: t0)
        let chunks = every(.milliseconds(50), from: t0, count: 5) + [t0 + .milliseconds(200) + Self.settle * 0.9]
        run.run(until: t0 + .seconds(10), events: chunks) { now in
            Folders.snapshot(Folders.app("A", library: chunks.filter { $0 <= now }.count))
        }
        #expect(run.deliveries.map(\.time) == [chunks.last! + Self.settle / 4 + Self.settle])
        #expect(run.deliveries.map(\.snapshot) == [Folders.snapshot(Folders.app("A", library: 6))])
    }

    /// A change the first look missed (written on before its event came) waits for two equal
    /// looks: the wait starts again from the look that differs.
    @Test func aLookThatDiffersFromTheCandidateStartsTheWaitAgain() {
        var settler = ChangeSettler(baseline: Self.baseline, settle: Self.settle, pollingInterval: nil, now: t0)
        let half = Folders.snapshot(Folders.app("A", library: 1))
        let whole = Folders.snapshot(Folders.app("A", library: 2))
        settler.noteEvents(at: t0)
        var looks: [ContinuousClock.Instant?] = [settler.nextLook]
        var delivers = [settler.looked(half, at: t0 + Self.settle / 4)]
        looks.append(settler.nextLook)
        delivers.append(settler.looked(whole, at: t0 + Self.settle / 4 + Self.settle))
        looks.append(settler.nextLook)
        delivers.append(settler.looked(whole, at: t0 + Self.settle / 4 + Self.settle * 2))
        #expect(looks == [t0 + Self.settle / 4, t0 + Self.settle / 4 + Self.settle, t0 + Self.settle / 4 + Self.settle * 2])
        #expect(delivers == [false, false, true])
        #expect(settler.delivered == whole)
    }

    @Test func anEarlyLookDoesNotSettle() {
        var settler = ChangeSettler(baseline: Self.baseline, settle: Self.settle, pollingInterval: nil, now: t0)
        settler.noteEvents(at: t0)
        let delivers = settler.looked(Self.touched, at: t0 + .milliseconds(1))
        #expect(!delivers)
        #expect(settler.nextLook == t0 + Self.settle / 4)
    }

    @Test func lostEventsAreDeliveredEvenIfNothingSeemsToDiffer() {
        var run = SettlerRun(settle: Self.settle, baseline: Self.baseline, at: t0)
        run.run(until: t0 + .seconds(10), events: [t0 + .milliseconds(100)], overflowed: true) { _ in Self.baseline }
        #expect(run.deliveries.map(\.time) == [t0 + .milliseconds(100) + Self.settle / 4 + Self.settle])
    }

    @Test func aTruncatedSnapshotIsDeliveredAtEachSettledChange() {
        var truncated = Self.baseline
        truncated.isTruncated = true
        var run = SettlerRun(settle: Self.settle, baseline: truncated, at: t0)
        run.run(until: t0 + .seconds(10), events: [t0 + .milliseconds(100), t0 + .seconds(5)]) { _ in truncated }
        let settled = [t0 + .milliseconds(100), t0 + .seconds(5)].map { $0 + Self.settle / 4 + Self.settle }
        #expect(settled.allSatisfy { time in run.deliveries.contains { $0.time == time } })
    }

    /// Cut short at its entry limit, a look neither sees nor watches what lies past it (one
    /// bundle of 20,000 files hides every later bundle): while looks are truncated, one is
    /// delivered every `maximumSettle` with no event at all, so that the host rescans.
    @Test func whileLooksAreTruncatedOneIsDeliveredEveryMaximumSettleWithoutEvents() {
        var truncated = Self.baseline
        truncated.isTruncated = true
        var settler = ChangeSettler(baseline: truncated, settle: Self.settle, pollingInterval: nil, now: t0)
        // The first look (the watcher's, at start) is cut short as the baseline was: nothing is pending.
        let first = settler.looked(truncated, at: t0)
        #expect(!first)
        #expect(!settler.isPending)
        var deliveries: [ContinuousClock.Instant] = []
        while let look = settler.nextLook, look <= t0 + .seconds(10) {
            if settler.looked(truncated, at: look) { deliveries.append(look) }
        }
        let maximum = AppsFolderWatcher.maximumSettle
        #expect(deliveries == [t0 + maximum, t0 + maximum * 2, t0 + maximum * 3])
        // Once looks are whole again (a change, settled as any), no look is due without an event.
        let whole = settler.looked(Self.baseline, at: t0 + .seconds(11))
        #expect(!whole)
        let settled = settler.looked(Self.baseline, at: t0 + .seconds(11) + Self.settle)
        #expect(settled)
        #expect(settler.nextLook == nil)
    }

    /// Polling: a look every interval; one that differs makes a change pending, which settles
    /// as with events.
    @Test func pollingLooksEveryIntervalAndSettlesWhatItSees() {
        let interval = Duration.milliseconds(100)
        var run = SettlerRun(settle: Self.settle, baseline: Self.baseline, pollingInterval: interval, at: t0)
        run.run(until: t0 + .seconds(2), events: []) { $0 < t0 + .milliseconds(250) ? Self.baseline : Self.touched }
        // Looks at 0, 100, 200 ms; the one at 300 ms sees the change, the one a settle time later agrees.
        #expect(run.deliveries.map(\.time) == [t0 + .milliseconds(300) + Self.settle])
        #expect(run.settler.nextLook == run.now + interval)
    }

    /// Events every 100 ms for 10 s, each touching A's plist (issue 21): a change is delivered
    /// `maximumSettle` (3 s) after its first event, and again every ~3 s while the stream
    /// lasts, each time with what the folders hold then; once more when the stream stops.
    @Test func aStreamOfEventsIsDeliveredEveryMaximumSettle() {
        var run = SettlerRun(settle: Self.settle, baseline: Self.baseline, at: t0)
        let touches = every(.milliseconds(100), from: t0, count: 100)
        let folders = { (now: ContinuousClock.Instant) in Folders.snapshot(Folders.app("A", plist: touches.filter { $0 <= now }.count)) }
        run.run(until: t0 + .seconds(20), events: touches, folders: folders)
        let times = run.deliveries.map(\.time)
        // Each change starts with the first touch after the last delivery.
        #expect(times == [t0 + .seconds(3), t0 + .milliseconds(6100), t0 + .milliseconds(9200),
                          touches.last! + Self.settle / 4 + Self.settle])
        #expect(times.filter { $0 <= touches.last! }.count == 3)
        #expect(run.deliveries.allSatisfy { $0.snapshot == folders($0.time) })
    }

    /// The same stream seen by polling: the bound holds for a change found by a look.
    @Test func aStreamSeenByPollingIsDeliveredEveryMaximumSettle() {
        var run = SettlerRun(settle: Self.settle, baseline: Self.baseline, pollingInterval: .milliseconds(100), at: t0)
        let touches = every(.milliseconds(100), from: t0, count: 100)
        run.run(until: t0 + .seconds(20), events: []) { now in
            Folders.snapshot(Folders.app("A", plist: touches.filter { $0 <= now }.count))
        }
        // Looks every settle time while a change is pending; the change after the stream
        // settles at the first look that agrees with the one before.
        #expect(run.deliveries.map(\.time) == [t0 + .seconds(3), t0 + .milliseconds(6100), t0 + .milliseconds(9200),
                                               t0 + .milliseconds(10_100)])
    }

    /// Events that change nothing, without pause: the bound's look is the same as what was
    /// delivered, so nothing is.
    @Test func aStreamThatChangesNothingIsNotDelivered() {
        var run = SettlerRun(settle: Self.settle, baseline: Self.baseline, at: t0)
        run.run(until: t0 + .seconds(20), events: every(.milliseconds(100), from: t0, count: 100)) { _ in Self.baseline }
        #expect(run.deliveries.isEmpty)
    }

    /// B removed while A is touched every 100 ms (issue 21): delivered at the removal's own
    /// look, not at the end of the stream nor at the bound.
    @Test func aRemovalDuringAStreamIsDeliveredAtOnce() {
        let baseline = Folders.snapshot(Folders.app("A") + Folders.app("B"))
        var run = SettlerRun(settle: Self.settle, baseline: baseline, at: t0)
        let touches = every(.milliseconds(100), from: t0, count: 100)
        let removed = t0 + .milliseconds(4050)
        run.run(until: t0 + .seconds(20), events: touches, removals: [removed]) { now in
            let a = Folders.app("A", plist: touches.filter { $0 <= now }.count)
            return Folders.snapshot(now < removed ? a + Folders.app("B") : a)
        }
        #expect(run.deliveries.map(\.time).filter { $0 <= touches.last! } == [t0 + .seconds(3), removed, t0 + .milliseconds(7100)])
        let first = run.deliveries.first { !$0.snapshot.has("B") }
        #expect(first?.time == removed)
    }

    /// A quiet removal is delivered at its look, without waiting to settle.
    @Test func aQuietRemovalIsDeliveredAtOnce() {
        let baseline = Folders.snapshot(Folders.app("A") + Folders.app("B"))
        var run = SettlerRun(settle: Self.settle, baseline: baseline, at: t0)
        let removed = t0 + .seconds(1)
        run.run(until: t0 + .seconds(10), events: [], removals: [removed]) { now in
            Folders.snapshot(now < removed ? Folders.app("A") + Folders.app("B") : Folders.app("A"))
        }
        #expect(run.deliveries == [.init(time: removed, snapshot: Folders.snapshot(Folders.app("A")))])
    }

    /// Polling while A is touched every 100 ms: the first look that lacks B, removed at 4.05 s,
    /// delivers (looks come every settle time while a change is pending).
    @Test func aRemovalSeenByPollingIsDeliveredAtTheLookThatLacksIt() {
        let baseline = Folders.snapshot(Folders.app("A") + Folders.app("B"))
        var run = SettlerRun(settle: Self.settle, baseline: baseline, pollingInterval: .milliseconds(100), at: t0)
        let touches = every(.milliseconds(100), from: t0, count: 100)
        let removed = t0 + .milliseconds(4050)
        run.run(until: t0 + .seconds(20), events: []) { now in
            let a = Folders.app("A", plist: touches.filter { $0 <= now }.count)
            return Folders.snapshot(now < removed ? a + Folders.app("B") : a)
        }
        let first = run.deliveries.first { !$0.snapshot.has("B") }
        #expect(first?.time == t0 + .milliseconds(4100))
    }

    /// A bundle removed file by file, one batch each: delivered at the first batch's look, then
    /// once more a settle time later with the rest gone, not at every batch.
    @Test func aRemovalInSeveralBatchesIsDeliveredAtOnceThenOncePerSettle() {
        let baseline = Folders.snapshot(Folders.app("A") + Folders.app("B"))
        var run = SettlerRun(settle: Self.settle, baseline: baseline, at: t0)
        let batches = every(.milliseconds(1), from: t0 + .seconds(1), count: 3)
        let b = Folders.app("B")
        run.run(until: t0 + .seconds(10), events: [], removals: batches) { now in
            // The library goes first, then the plist, then the folder.
            Folders.snapshot(Folders.app("A") + b.prefix(b.count - batches.filter { $0 <= now }.count))
        }
        #expect(run.deliveries.map(\.time) == [batches[0], batches[0] + Self.settle])
        #expect(run.deliveries.last?.snapshot == Folders.snapshot(Folders.app("A")))
    }

    /// A removal event for something a delivered snapshot never had (a temporary file renamed
    /// over a plist): the change settles as any other.
    @Test func aRemovalOfNothingDeliveredSettles() {
        var run = SettlerRun(settle: Self.settle, baseline: Self.baseline, at: t0)
        run.run(until: t0 + .seconds(10), events: [], removals: [t0 + .seconds(1)]) { $0 < t0 + .seconds(1) ? Self.baseline : Self.touched }
        #expect(run.deliveries.map(\.time) == [t0 + .seconds(1) + Self.settle / 4 + Self.settle])
    }

    /// What the folders held when the watcher was made differs from what its first look sees:
    /// a change, settled like any other.
    @Test func aChangeBeforeTheFirstLookIsDelivered() {
        var settler = ChangeSettler(baseline: Self.baseline, settle: Self.settle, pollingInterval: nil, now: t0)
        var delivers = [settler.looked(Self.touched, at: t0)]
        let next = settler.nextLook
        delivers.append(settler.looked(Self.touched, at: t0 + Self.settle))
        #expect(next == t0 + Self.settle)
        #expect(delivers == [false, true])
    }
}

/// Drives a settler as the watcher's thread does, on the test's instants: each event is a batch
/// of its own, noted at its instant, and a look is taken whenever one is due, seeing what
/// `folders` says the folders hold then.
private struct SettlerRun {
    var settler: ChangeSettler
    /// A change delivered: when, and what.
    struct Delivery: Equatable {
        var time: ContinuousClock.Instant
        var snapshot: FolderSnapshot
    }

    var deliveries: [Delivery] = []
    /// The instant the run has reached.
    var now: ContinuousClock.Instant

    init(settle: Duration, baseline: FolderSnapshot, pollingInterval: Duration? = nil, at start: ContinuousClock.Instant) {
        settler = ChangeSettler(baseline: baseline, settle: settle, pollingInterval: pollingInterval, now: start)
        now = start
    }

    /// Runs until `end`: notes `events` and `removals` (each sorted) at their instants and looks
    /// when due, an event before a look due at the same instant.
    /// - Parameters:
    ///   - removals: instants of batches that say something was removed.
    ///   - overflowed: whether each batch says events were lost.
    mutating func run(until end: ContinuousClock.Instant, events: [ContinuousClock.Instant],
                      removals: [ContinuousClock.Instant] = [], overflowed: Bool = false,
                      folders: (ContinuousClock.Instant) -> FolderSnapshot) {
        var pending = (events.map { (time: $0, removal: false) } + removals.map { (time: $0, removal: true) })
            .sorted { $0.time < $1.time }[...]
        while true {
            let event = pending.first
            let look = settler.nextLook.map { max($0, now) }
            if let event, event.time <= end, look.map({ event.time <= $0 }) ?? true {
                now = event.time
                pending.removeFirst()
                settler.noteEvents(at: event.time, removal: event.removal, overflowed: overflowed)
            } else if let look, look <= end {
                now = look
                let snapshot = folders(look)
                if settler.looked(snapshot, at: look) { deliveries.append(Delivery(time: look, snapshot: snapshot)) }
            } else {
                return
            }
        }
    }
}

/// `count` instants `interval` apart, the first at `start`.
private func every(_ interval: Duration, from start: ContinuousClock.Instant, count: Int) -> [ContinuousClock.Instant] {
    (0..<count).map { start + interval * $0 }
}

/// Snapshots written as lists of bundles, for the settler's tests.
private enum Folders {
    /// The entries of app `name` in the first apps folder: its folder, its plist and its library,
    /// at the versions given.
    static func app(_ name: String, plist: Int = 0, library: Int = 0) -> [(path: String, version: Int)] {
        [("0/\(name).app", 0), ("0/\(name).app/Info.plist", plist), ("0/\(name).app/lib.so", library)]
    }

    /// A snapshot of `entries` (as `app` gives them), each stamped with its version (as its modification time) and an
    /// inode of its path's own.
    static func snapshot(_ entries: some Sequence<(path: String, version: Int)>) -> FolderSnapshot {
        var snapshot = FolderSnapshot()
        for (path, version) in entries {
            var info = stat()
            info.st_ino = ino_t(UInt(bitPattern: path.hashValue))
            info.st_mode = S_IFREG | 0o644
            info.st_mtim.tv_nsec = version
            snapshot.entries.append(FolderSnapshot.Entry(path: Array(path.utf8), stamp: FolderSnapshot.Stamp(info)))
        }
        return snapshot
    }
}

extension FolderSnapshot {
    /// Whether it holds app `name`'s folder (in the first apps folder).
    fileprivate func has(_ app: String) -> Bool {
        entries.contains { $0.path == Array("0/\(app).app".utf8) }
    }
}
