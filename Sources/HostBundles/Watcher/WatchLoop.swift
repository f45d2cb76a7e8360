import Deadlines
import Foundation
import Synchronization

/// The apps-folder watcher's thread: it waits in `poll()` for inotify events, for the next
/// look, or for `stop()`, and delivers the changes its `ChangeSettler` says are due: settled,
/// unsettled for `maximumSettle`, or removals.
///
/// Everything but `stop()` runs on the thread; `stop()` sets a flag and writes to a pipe
/// the thread polls, so it ends at once.
final class WatchLoop: @unchecked Sendable {
    private let folders: [String]
    private let forcedInterval: Duration?
    private let watchLimit: Int?
    private let deliver: @Sendable () -> Void
    private let report: @Sendable (AppsFolderWatcher.ActiveMode, String?) -> Void
    private let stopped = Atomic<Bool>(false)
    private let wakeRead: Int32
    private let wakeWrite: Int32

    private let clock: DeadlineClock
    /// Tasks waiting for the loop to take in what happened before they asked (`sync()`).
    private let syncWaiters = Mutex<[CheckedContinuation<Void, Never>]>([])
    private var inotify: InotifyWatch?
    private var settler: ChangeSettler

    /// - Parameters:
    ///   - maximumSettle: how long after its first event a change is delivered even if it has not settled.
    ///   - pollingInterval: polls at this interval instead of using inotify, when given.
    ///   - deliver: called on the thread when a change is to be delivered; must not block.
    ///   - report: called on the thread with the mode in use, and why it polls if it fell back.
    ///   - clock: real time, or a test's manual clock.
    init(folders: [String], baseline: FolderSnapshot, settle: Duration, maximumSettle: Duration, pollingInterval: Duration?,
         watchLimit: Int? = nil, clock: DeadlineClock = .realTime,
         deliver: @escaping @Sendable () -> Void,
         report: @escaping @Sendable (AppsFolderWatcher.ActiveMode, String?) -> Void) throws(AppsFolderWatcher.Failure) {
        self.folders = folders
        self.clock = clock
        self.forcedInterval = pollingInterval
        self.watchLimit = watchLimit
        self.deliver = deliver
        self.report = report
        settler = ChangeSettler(baseline: baseline, settle: settle, maximumSettle: maximumSettle, pollingInterval: pollingInterval,
                                now: clock.now)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .cannotStart("pipe: \(String(cString: strerror(errno)))") }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        if clock.isManual {
            // Weak: the clock outlives the loop, whose pipe is closed in deinit; a loop that is
            // gone (or going) is not woken, and its descriptor number, perhaps reused, not written.
            clock.onAdvance { [weak self] in
                guard let self else { return }
                Self.wake(wakeWrite)
            }
        }
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// What the folders held when a change was last delivered (or at the baseline).
    var delivered: FolderSnapshot { settler.delivered }

    /// Ends `run()` soon, from any thread.
    func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        Self.wake(wakeWrite)
        // Nothing more will be taken in: whoever waits for that is let go.
        syncWaiters.withLock { waiters in
            defer { waiters.removeAll() }
            return waiters
        }.forEach { $0.resume() }
    }

    /// Returns once the loop has taken in every file event that happened before the call, and
    /// taken every look then due by its clock (delivering what they found); at once when stopped.
    func sync() async {
        await withCheckedContinuation { continuation in
            let stopped = syncWaiters.withLock { waiters -> Bool in
                guard !isStopped else { return true }
                waiters.append(continuation)
                return false
            }
            if stopped { continuation.resume() } else { Self.wake(wakeWrite) }
        }
    }

    private static func wake(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    private var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    /// Runs on the calling thread until `stop()`; closes the inotify descriptor before returning.
    func run() {
        defer { inotify = nil }
        guard !isStopped else { return }
        start()
        while !isStopped {
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if let inotify { descriptors.append(pollfd(fd: inotify.descriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout())
            if isStopped { break }
            var waiters: [CheckedContinuation<Void, Never>] = []
            if descriptors[0].revents != 0 {
                drainWakes()
                waiters = syncWaiters.withLock { waiting in
                    defer { waiting.removeAll() }
                    return waiting
                }
            }
            // Events are queued when a file changes: a sync takes in all of those before it.
            if let inotify, (ready > 0 && descriptors.count > 1 && descriptors[1].revents != 0) || !waiters.isEmpty {
                let batch = inotify.drain()
                if batch.relevant { settler.noteEvents(at: clock.now, removal: batch.removed, overflowed: batch.overflowed) }
                // New folders are watched at once: a copy goes on writing into them.
                if batch.structural { _ = look() }
            }
            step()
            waiters.forEach { $0.resume() }
        }
    }

    private func start() {
        var reason: String?
        if forcedInterval == nil {
            do { inotify = try InotifyWatch(limit: watchLimit) } catch { reason = error.reason }
            if inotify == nil { settler.startPolling(every: AppsFolderWatcher.fallbackPollingInterval, at: clock.now) }
        }
        let snapshot = look()
        // A fall back during the look has reported itself.
        if inotify != nil { report(.inotify, nil) } else if reason != nil || forcedInterval != nil, let interval = settler.pollingInterval {
            report(.polling(interval: interval), reason)
        }
        // Changes since the baseline (taken when the watcher was made) are changes too.
        if settler.looked(snapshot, at: clock.now) { deliver() }
    }

    /// Looks at the folders when the settler says a look is due, and delivers what it says to.
    private func step() {
        guard let due = settler.nextLook, clock.now >= due else { return }
        let snapshot = look()
        // The instant after the look: the folders are known quiet from then on.
        if settler.looked(snapshot, at: clock.now) { deliver() }
    }

    /// Reads every wake-up byte written so far.
    private func drainWakes() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &bytes, bytes.count) > 0 {}
    }

    /// Milliseconds until the next look, rounded up; -1 when only an event (or, with a manual
    /// clock, its advance) can bring one.
    private func timeout() -> Int32 {
        guard !clock.isManual, let next = settler.nextLook else { return -1 }
        let remaining = clock.now.duration(to: next)
        guard remaining > .zero else { return 0 }
        return Int32(min((remaining.seconds * 1000).rounded(.up), 60_000))
    }

    /// A snapshot of the folders; with inotify, every folder walked is watched (before its
    /// entries are read), and each configured folder's parent (or nearest existing ancestor).
    private func look() -> FolderSnapshot {
        guard let inotify else { return FolderSnapshot.take(folders: folders) }
        var failure: InotifyWatch.Failure?
        inotify.beginRefresh()
        do {
            for folder in folders { try watchParent(of: folder, with: inotify) }
        } catch {
            failure = error
        }
        let snapshot = FolderSnapshot.take(folders: folders) { folder, level in
            guard failure == nil else { return }
            do throws(InotifyWatch.Failure) {
                try inotify.watch(folder: folder, filter: InotifyWatch.Filter(level))
            } catch {
                failure = error
            }
        }
        inotify.endRefresh()
        if let failure { fallBack(failure.reason) }
        return snapshot
    }

    /// Watches the parent of `folder` for its name, or the nearest existing ancestor for the
    /// name of the missing folder under it, so that the folder is seen when it comes back.
    private func watchParent(of folder: String, with inotify: InotifyWatch) throws(InotifyWatch.Failure) {
        var child = folder
        while child != "/" && !child.isEmpty {
            let parent = (child as NSString).deletingLastPathComponent
            let name = Array((child as NSString).lastPathComponent.utf8)
            let descriptor = open(parent.isEmpty ? "." : parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if descriptor >= 0 {
                defer { close(descriptor) }
                try inotify.watch(folder: descriptor, filter: .name(name))
                return
            }
            child = parent
        }
    }

    /// Polls from now on: inotify could not watch everything.
    private func fallBack(_ reason: String) {
        inotify = nil
        let now = clock.now
        settler.startPolling(every: AppsFolderWatcher.fallbackPollingInterval, at: now)
        report(.polling(interval: AppsFolderWatcher.fallbackPollingInterval), reason)
        // Events may have been missed: look again.
        settler.noteEvents(at: now)
    }
}

extension InotifyWatch.Filter {
    /// The entries of a folder at `level` that a scan reads.
    init(_ level: FolderSnapshot.Level) {
        switch level {
        case .appsFolder: self = .suffix(FolderSnapshot.Level.appSuffix)
        case .plugIns: self = .suffix(FolderSnapshot.Level.appexSuffix)
        case .app, .appex: self = .all
        }
    }
}
