import Deadlines
import Foundation
import Synchronization

/// Watches apps folders and says when what a scan reads has changed and settled, so that the
/// server rescans (`HostConfiguration.scanInstalledApps`) and swaps its catalog without a restart.
///
/// It watches each folder, its `*.app` bundles, their `PlugIns` and `*.appex` folders with
/// inotify (polling when inotify cannot be used), never through links. A change is reported
/// once the folders have been quiet for `settle` and two snapshots (paths, kinds, sizes,
/// modification times, inodes) `settle` apart agree, so a bundle still being copied is not
/// reported half-written; and only when the snapshot differs from the one last reported, so
/// events that change nothing (a file rewritten as it was, touched files excepted) are not.
/// A folder that does not exist yet, or is removed and made again, is picked up.
///
/// Two things do not wait for the folders to be quiet, so that a folder written to without
/// pause never keeps a removed bundle served or new ones out: a removal (a bundle, or a file a
/// scan reads, gone or moved away) is reported at once; and a change still unsettled
/// `maximumSettle` after its first event is reported then (a bundle still being written is a
/// bundle fault in that scan, as a half-copied library is, and is reported again when it changes).
/// The `ChangeSettler` makes these decisions.
public final class AppsFolderWatcher: Sendable {
    /// How changes are noticed.
    public enum Mode: Sendable, Hashable {
        /// inotify, falling back to polling at `fallbackPollingInterval` when it cannot be
        /// used or cannot watch every folder (the user's watch limit, for one).
        case automatic
        /// A look at the folders every `interval`.
        case polling(interval: Duration)
    }

    /// How changes are noticed while `run()` runs.
    public enum ActiveMode: Sendable, Hashable {
        case inotify
        case polling(interval: Duration)
    }

    /// Why the watcher could not run.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case alreadyRunning
        case cannotStart(String)

        public var description: String {
            switch self {
            case .alreadyRunning: "The apps-folder watcher is already running."
            case .cannotStart(let reason): "The apps-folder watcher cannot start: \(reason)."
            }
        }
    }

    /// The polling interval when `.automatic` falls back to polling.
    public static let fallbackPollingInterval: Duration = .milliseconds(250)

    /// How long after its first event a change is reported even if the folders have not been
    /// quiet since (a file touched every 100 ms, a long copy): 3 s. Then a change starts again.
    public static let maximumSettle: Duration = .seconds(3)

    /// The folders watched, made absolute.
    public let folders: [String]
    public let mode: Mode
    public let settle: Duration
    /// How long after its first event a change is reported even if it has not settled.
    public let maximumSettle: Duration
    private let onChange: @Sendable () async -> Void
    private let watchLimit: Int?
    private let clock: DeadlineClock
    private let state: Mutex<State>

    private struct State {
        var running = false
        var activeMode: ActiveMode?
        var fallbackReason: String?
        /// What the folders held when last reported (or when the watcher was made).
        var delivered: FolderSnapshot
        /// The loop while `run()` runs.
        var loop: WatchLoop?
    }

    /// Takes a first snapshot of `folders` now: changes made after this are reported, even
    /// before `run()` starts. Scan after making the watcher, and none is missed.
    /// - Parameters:
    ///   - folders: the apps folders, as configured (relative to the current folder, or absolute).
    ///   - settle: how long the folders must be quiet, and stay the same, before a change is
    ///     reported (removals excepted, and for up to `AppsFolderWatcher.maximumSettle`).
    ///   - onChange: called after each change reported, one call at a time; changes during a
    ///     call are reported by one more call after it.
    public convenience init(folders: [String], mode: Mode = .automatic, settle: Duration = .milliseconds(200),
                            onChange: @escaping @Sendable () async -> Void) {
        self.init(folders: folders, mode: mode, settle: settle, watchLimit: nil, onChange: onChange)
    }

    /// - Parameters:
    ///   - maximumSettle: how long after its first event a change is reported even if it has
    ///     not settled (never before a quiet change would have settled).
    ///   - watchLimit: the most folders inotify watches before falling back to polling, as if
    ///     the user's watch limit were reached.
    ///   - clock: real time, or a test's manual clock (`DeadlineClock.manual()`).
    init(folders: [String], mode: Mode, settle: Duration, maximumSettle: Duration = AppsFolderWatcher.maximumSettle,
         watchLimit: Int?, clock: DeadlineClock = .realTime, onChange: @escaping @Sendable () async -> Void) {
        self.clock = clock
        let current = FileManager.default.currentDirectoryPath
        self.folders = folders.map { folder in
            var path = folder.hasPrefix("/") ? folder : current + "/" + folder
            while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
            return path
        }
        self.mode = mode
        self.settle = settle
        self.maximumSettle = maximumSettle
        self.onChange = onChange
        self.watchLimit = watchLimit
        state = Mutex(State(delivered: FolderSnapshot.take(folders: self.folders)))
    }

    /// inotify or polling while `run()` runs; nil before it has started and after it ends.
    public var activeMode: ActiveMode? { state.withLock { $0.activeMode } }

    /// Why `.automatic` polls, when it fell back (`inotify_add_watch: No space left on device`).
    public var fallbackReason: String? { state.withLock { $0.fallbackReason } }

    /// Watches until the task is cancelled, calling `onChange` after each change reported.
    /// Returns soon after cancellation, with the inotify descriptor closed. The waiting is done
    /// on a thread of its own, never on the concurrency pool's.
    /// - Throws: `Failure` when already running or when the watcher's thread cannot be set up.
    public func run() async throws {
        let baseline = try state.withLock { state throws(Failure) in
            guard !state.running else { throw .alreadyRunning }
            state.running = true
            return state.delivered
        }
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let loop: WatchLoop
        do {
            loop = try WatchLoop(folders: folders, baseline: baseline, settle: settle, maximumSettle: maximumSettle,
                                 pollingInterval: pollingInterval,
                                 watchLimit: watchLimit, clock: clock,
                                 deliver: { continuation.yield() },
                                 report: { [self] mode, reason in
                                     self.state.withLock { $0.activeMode = mode; $0.fallbackReason = reason }
                                 })
        } catch {
            state.withLock { $0.running = false }
            throw error
        }
        state.withLock { $0.loop = loop }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        let thread = Thread {
                            loop.run()
                            continuation.finish()
                            done.resume()
                        }
                        thread.name = "apps-folder-watcher"
                        thread.start()
                    }
                } onCancel: {
                    loop.stop()
                }
            }
            group.addTask { [onChange] in
                for await _ in changes { await onChange() }
            }
        }
        state.withLock { state in
            state = State(delivered: loop.delivered)
        }
    }

    /// Returns once the running watcher has taken in every file event that happened before the
    /// call and taken every look then due by its clock; at once when it is not running. What it
    /// found is reported to `onChange` after this returns. For tests with a manual clock.
    func sync() async {
        await state.withLock { $0.loop }?.sync()
    }

    private var pollingInterval: Duration? {
        if case .polling(let interval) = mode { interval } else { nil }
    }
}
