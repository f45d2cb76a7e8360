import Foundation
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
        #expect(run.deliveries.count == 2)
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
struct SettlerRun {
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

    /// Runs until `end`: notes `events` (sorted) at their instants and looks when due, an event
    /// before a look due at the same instant.
    /// - Parameter overflowed: whether each batch says events were lost.
    mutating func run(until end: ContinuousClock.Instant, events: [ContinuousClock.Instant], overflowed: Bool = false,
                      folders: (ContinuousClock.Instant) -> FolderSnapshot) {
        var pending = events[...]
        while true {
            let event = pending.first
            let look = settler.nextLook.map { max($0, now) }
            if let event, event <= end, look.map({ event <= $0 }) ?? true {
                now = event
                pending.removeFirst()
                settler.noteEvents(at: event, overflowed: overflowed)
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
func every(_ interval: Duration, from start: ContinuousClock.Instant, count: Int) -> [ContinuousClock.Instant] {
    (0..<count).map { start + interval * $0 }
}

/// Snapshots written as lists of bundles, for the settler's tests.
enum Folders {
    /// The entries of app `name` in the first apps folder: its folder, its plist and its library,
    /// at the versions given.
    static func app(_ name: String, plist: Int = 0, library: Int = 0) -> [(path: String, version: Int)] {
        [("0/\(name).app", 0), ("0/\(name).app/Info.plist", plist), ("0/\(name).app/lib.so", library)]
    }

    /// A snapshot of `entries`, each stamped with its version (as its modification time) and an
    /// inode of its path's own.
    static func snapshot(_ entries: [(path: String, version: Int)]) -> FolderSnapshot {
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
