import Foundation
import Synchronization

/// The apps-folder watcher's thread: it waits in `poll()` for inotify events, for the next
/// look when it polls, or for `stop()`, and says when a change has settled.
///
/// Settling: a relevant event (or, when polling, a look that differs from the last change
/// delivered) makes a change pending. Once nothing has happened for a quarter of `settle`, a
/// snapshot is taken (an event after it drops it); `settle` later another. When the two are
/// equal, the folders have been quiet for `settle` and the change has settled: it is
/// delivered if the snapshot differs from the one last delivered. Otherwise the second
/// snapshot is the new candidate and the wait starts again.
///
/// Everything but `stop()` runs on the thread; `stop()` sets a flag and writes to a pipe
/// the thread polls, so it ends at once.
final class WatchLoop: @unchecked Sendable {
    private let folders: [String]
    private let settle: Duration
    private let forcedInterval: Duration?
    private let watchLimit: Int?
    private let deliver: @Sendable () -> Void
    private let report: @Sendable (AppsFolderWatcher.ActiveMode, String?) -> Void
    private let stopped = Atomic<Bool>(false)
    private let wakeRead: Int32
    private let wakeWrite: Int32

    private let clock = ContinuousClock()
    private var inotify: InotifyWatch?
    private var interval: Duration
    private(set) var delivered: FolderSnapshot
    private var pending = false
    /// Deliver at the next settled look even if nothing seems to differ (events were lost).
    private var forced = false
    private var lastEvent: ContinuousClock.Instant
    private var candidate: (snapshot: FolderSnapshot, time: ContinuousClock.Instant)?
    private var nextLook: ContinuousClock.Instant

    /// - Parameters:
    ///   - pollingInterval: polls at this interval instead of using inotify, when given.
    ///   - deliver: called on the thread when a change has settled; must not block.
    ///   - report: called on the thread with the mode in use, and why it polls if it fell back.
    init(folders: [String], baseline: FolderSnapshot, settle: Duration, pollingInterval: Duration?, watchLimit: Int? = nil,
         deliver: @escaping @Sendable () -> Void,
         report: @escaping @Sendable (AppsFolderWatcher.ActiveMode, String?) -> Void) throws(AppsFolderWatcher.Failure) {
        self.folders = folders
        self.delivered = baseline
        self.settle = settle
        self.forcedInterval = pollingInterval
        self.watchLimit = watchLimit
        self.interval = pollingInterval ?? AppsFolderWatcher.fallbackPollingInterval
        self.deliver = deliver
        self.report = report
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .cannotStart("pipe: \(String(cString: strerror(errno)))") }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        lastEvent = clock.now
        nextLook = lastEvent
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// Ends `run()` soon, from any thread.
    func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
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
            if ready > 0, descriptors.count > 1, descriptors[1].revents != 0, let inotify {
                let batch = inotify.drain()
                if batch.relevant {
                    pending = true
                    lastEvent = clock.now
                    candidate = nil
                    if batch.overflowed { forced = true }
                }
                // New folders are watched at once: a copy goes on writing into them.
                if batch.structural { _ = look() }
            }
            step()
        }
    }

    private func start() {
        var reason: String?
        if forcedInterval == nil {
            do { inotify = try InotifyWatch(limit: watchLimit) } catch { reason = error.reason }
        }
        let now = clock.now
        let snapshot = look()
        if inotify != nil { report(.inotify, nil) } else if reason != nil || forcedInterval != nil {
            report(.polling(interval: interval), reason)
        }
        nextLook = now + interval
        // Changes since the baseline (taken when the watcher was made) are changes too.
        if snapshot != delivered {
            pending = true
            lastEvent = now
            candidate = (snapshot, now)
        }
    }

    /// Settles a pending change, or polls when it is time to.
    private func step() {
        let now = clock.now
        if pending {
            guard now >= due else { return }
            let snapshot = look()
            if let candidate, candidate.snapshot == snapshot {
                settled(snapshot, at: now)
            } else {
                candidate = (snapshot, clock.now)
            }
        } else if inotify == nil, now >= nextLook {
            let snapshot = look()
            nextLook = now + interval
            if snapshot != delivered {
                pending = true
                lastEvent = now
                candidate = (snapshot, now)
            }
        }
    }

    private func settled(_ snapshot: FolderSnapshot, at now: ContinuousClock.Instant) {
        pending = false
        candidate = nil
        nextLook = now + interval
        // A truncated snapshot cannot tell: any relevant event is a change then.
        guard snapshot != delivered || forced || snapshot.isTruncated else { return }
        delivered = snapshot
        forced = false
        deliver()
    }

    /// When the pending change's next look is due: a quarter of `settle` after the last event
    /// for the candidate snapshot, then `settle` after it (and after the last event).
    private var due: ContinuousClock.Instant {
        guard let candidate else { return lastEvent + settle / 4 }
        return max(lastEvent, candidate.time) + settle
    }

    /// Milliseconds until the next thing to do, rounded up; -1 when only an event can bring one.
    private func timeout() -> Int32 {
        let next: ContinuousClock.Instant
        if pending { next = due } else if inotify == nil { next = nextLook } else { return -1 }
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
        interval = AppsFolderWatcher.fallbackPollingInterval
        report(.polling(interval: interval), reason)
        // Events may have been missed: look again.
        pending = true
        lastEvent = clock.now
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
