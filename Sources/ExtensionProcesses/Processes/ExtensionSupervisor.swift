import Deadlines
import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy

/// Starts extension processes on demand, keeps them warm, and ends them when idle.
///
/// A channel is had only with a `PolicyClearance`, which only the policy gate makes: no
/// extension starts, or serves, without the one policy decision having allowed it.
///
/// One channel per extension serves every conversation with it (requests carry ids). A channel
/// that died (crash, timeout) is replaced on the next request, and so is one running other
/// library bytes than a clearance names (the library changed since it started). A channel
/// unused for `idleTimeout` is ended; starting one more than `maximumLive` ends the least
/// recently used idle one first. Channels ended on the way (idle, evicted) are ended in tasks
/// the supervisor keeps, and `shutdownAll()` awaits them with the rest.
public actor ExtensionSupervisor {
    /// Starts a channel for an extension: a runner process, or an in-process double in tests.
    public typealias Launcher = @Sendable (ExtensionLaunch) async throws -> any ExtensionChannel

    private struct Entry {
        var channel: any ExtensionChannel
        /// The hash of the sealed library the channel's process runs; nil when it runs the file.
        var libraryHash: String?
        var activeConversations = 0
        /// On the supervisor's clock.
        var lastUsed: ContinuousClock.Instant
    }

    private let launcher: Launcher
    private nonisolated let clock: DeadlineClock
    private let idleTimeout: Duration
    private let maximumLive: Int
    private var entries: [String: Entry] = [:]
    /// Channels of replaced or removed bundles, kept until their conversations end.
    private var retired: [ObjectIdentifier: Entry] = [:]
    /// A launch under way: the hash of the sealed library it loads (nil: the file), its task,
    /// and whether its bundle was retired meanwhile (its channel then serves only the
    /// conversations that waited for it, and ends with them). Touched only by the actor.
    private final class Launching {
        let libraryHash: String?
        let task: Task<any ExtensionChannel, any Error>
        var isRetired = false

        init(libraryHash: String?, task: Task<any ExtensionChannel, any Error>) {
            self.libraryHash = libraryHash
            self.task = task
        }
    }

    /// Launches under way, by bundle identifier and library hash (`id|hash`, `id|` for the file).
    private var launching: [String: Launching] = [:]
    private var reaper: Task<Void, Never>?
    /// Shutdowns under way of channels no longer in `entries`, by number.
    private var endings: [UInt64: Task<Void, Never>] = [:]
    private var endingCount: UInt64 = 0
    /// How many channels were started; tests use it to prove none was.
    public private(set) var launchCount = 0

    /// - Parameter clock: what idleness is measured in and the reaper wakes on (a test's manual one).
    public init(idleTimeout: Duration = .seconds(30), maximumLive: Int = 8, clock: DeadlineClock = .realTime, launcher: @escaping Launcher) {
        self.init(idleTimeout: idleTimeout, maximumLive: maximumLive, spares: nil, clock: clock, launcher: launcher)
    }

    private init(idleTimeout: Duration, maximumLive: Int, spares: SparePool?, clock: DeadlineClock, launcher: @escaping Launcher) {
        self.clock = clock
        self.launcher = launcher
        self.idleTimeout = idleTimeout
        self.maximumLive = max(1, maximumLive)
        self.spares = spares
    }

    /// A supervisor that runs each extension in its own confined `intents-extension` process.
    /// - Parameter policy: the sandbox policy of each bundle, its containers ready.
    /// - Parameter spareBase: when given, a spare runner confined to this base policy is kept
    ///   ready, and the first request to an extension without network access takes it.
    /// - Parameter clock: what the processes' step deadlines and their idleness are kept in (a
    ///   test's manual one).
    public static func processes(runnerPath: String, startTimeout: Duration, idleTimeout: Duration = .seconds(30),
                                 maximumLive: Int = 8, spareBase: SandboxPolicy? = nil, clock: DeadlineClock = .realTime,
                                 policy: @escaping @Sendable (ExtensionBundle) throws -> SandboxPolicy) -> ExtensionSupervisor {
        let spares = spareBase.map { SparePool(runnerPath: runnerPath, basePolicy: $0, timeout: startTimeout) }
        spares?.refill()
        return ExtensionSupervisor(idleTimeout: idleTimeout, maximumLive: maximumLive, spares: spares, clock: clock) { launch in
            let sandbox = try policy(launch.bundle)
            if sandbox.confine, !sandbox.allowNetwork, let spare = spares?.take(covering: sandbox) {
                return try await ExtensionProcess.adopt(spare, launch, policy: sandbox, timeout: startTimeout, clock: clock)
            }
            return try await ExtensionProcess.launch(launch, policy: sandbox, runnerPath: runnerPath, timeout: startTimeout, clock: clock)
        }
    }

    /// The spare runners, when kept.
    private nonisolated let spares: SparePool?

    /// Spares are made with `policy` from now on, the catalog having changed: one made
    /// before could not open the new bundles' folders.
    public nonisolated func rebaseSpares(_ policy: SandboxPolicy?) {
        if let policy { spares?.rebase(policy) }
    }

    /// The process id of the spare runner waiting now, if any.
    public nonisolated var spareRunnerID: pid_t? { spares?.readyProcessID }

    /// Runs `body` with the live channel for the extension `clearance` allows, started if
    /// needed (running the sealed library the clearance names, when it names one); the channel
    /// counts as busy until `body` returns.
    /// - Throws: what starting the channel or `body` throws; `HostError` (`.busy`) when every
    ///   live channel is busy and the cap allows no more, (`.usage`) when the clearance is for
    ///   an app rather than an extension.
    public func withChannel<Result: Sendable>(cleared clearance: PolicyClearance,
                                              _ body: @Sendable (any ExtensionChannel) async throws -> Result) async throws -> Result {
        let launch = try ExtensionLaunch(clearance)
        let channel = try await acquire(launch)
        defer { release(launch.bundle, channel) }
        return try await Self.converse(on: channel, body)
    }

    /// Runs `body` preferring the channel's reply thread, off this actor: a reply resumes the
    /// conversation where it was read.
    private nonisolated static func converse<Result: Sendable>(on channel: any ExtensionChannel,
                                                               _ body: @Sendable (any ExtensionChannel) async throws -> Result) async throws -> Result {
        try await withTaskExecutorPreference(channel.replyTaskExecutor) { try await body(channel) }
    }

    /// The live channel for the extension `clearance` allows, started if there is none (not
    /// counted as busy).
    /// - Throws: as `withChannel(cleared:_:)`.
    public func channel(cleared clearance: PolicyClearance) async throws -> any ExtensionChannel {
        let launch = try ExtensionLaunch(clearance)
        let channel = try await acquire(launch)
        release(launch.bundle, channel)
        return channel
    }

    /// How many channels are live.
    public var liveCount: Int { entries.values.filter { $0.channel.isAlive }.count }

    /// Ends every channel, and the spare runner, and returns once each has been torn down
    /// (those ended earlier, idle or evicted, included).
    public func shutdownAll() async {
        reaper?.cancel()
        reaper = nil
        let channels = entries.values.map(\.channel) + retired.values.map(\.channel)
        entries.removeAll()
        retired.removeAll()
        let earlier = Array(endings.values)
        endings.removeAll()
        await withTaskGroup(of: Void.self) { group in
            if let spares { group.addTask { await spares.close() } }
            for channel in channels { group.addTask { await channel.shutdown() } }
            for ending in earlier { group.addTask { await ending.value } }
        }
    }

    private func acquire(_ launch: ExtensionLaunch) async throws -> any ExtensionChannel {
        let key = launch.bundle.bundleIdentifier
        let wanted = launch.library?.hash
        if let entry = entries[key], entry.channel.isAlive {
            if wanted == nil || entry.libraryHash == wanted {
                return register(entry.channel, libraryHash: entry.libraryHash, for: key)
            }
            // It runs other bytes than those policy judged: no new conversation goes to it.
            retire([key])
        }
        // A launch under way serves this request too when it loads the wanted bytes (any bytes,
        // when none are wanted).
        let launchKey = key + "|" + (wanted ?? "")
        if let pending = wanted == nil ? launching.first(where: { $0.key.hasPrefix(key + "|") && !$0.value.isRetired })?.value : launching[launchKey],
           !pending.isRetired {
            let channel = try await pending.task.value
            return register(channel, from: pending, for: key)
        }
        entries[key] = nil
        try makeRoom()
        launchCount += 1
        HostMetrics.extensionStarted()
        let record = Launching(libraryHash: wanted, task: Task { try await launcher(launch) })
        launching[launchKey] = record
        defer { if launching[launchKey] === record { launching[launchKey] = nil } }
        let channel = try await record.task.value
        defer {
            startReaper()
            recordProcesses()
        }
        return register(channel, from: record, for: key)
    }

    /// Counts one more conversation on `channel`, which `launch` started: the live channel of
    /// `key` from now on (a different channel live for `key` until now, running other library
    /// bytes, is retired), unless its bundle was retired while it started: then it serves only
    /// this conversation and those already waiting for it, and ends with them.
    private func register(_ channel: any ExtensionChannel, from launch: Launching, for key: String) -> any ExtensionChannel {
        let id = ObjectIdentifier(channel)
        if launch.isRetired || retired[id] != nil {
            retired[id, default: Entry(channel: channel, libraryHash: launch.libraryHash, lastUsed: clock.now)].activeConversations += 1
            return channel
        }
        return register(channel, libraryHash: launch.libraryHash, for: key)
    }

    /// Counts one more conversation on `channel`, the live channel of `key` from now on; a
    /// different channel live for `key` until now (other library bytes) is retired.
    private func register(_ channel: any ExtensionChannel, libraryHash: String?, for key: String) -> any ExtensionChannel {
        if let current = entries[key], current.channel !== channel { retire([key]) }
        entries[key, default: Entry(channel: channel, libraryHash: libraryHash, lastUsed: clock.now)].activeConversations += 1
        return channel
    }

    /// Stops giving these bundles' channels to new conversations (their bundle was replaced or
    /// removed): each ends once the conversations it serves have, and the next request for the
    /// bundle starts a new process.
    public func retire(_ bundleIdentifiers: [String]) {
        for key in bundleIdentifiers {
            // A process still starting for the bundle serves no conversation but those waiting for it.
            for (launchKey, launch) in launching where launchKey.hasPrefix(key + "|") { launch.isRetired = true }
            guard let entry = entries.removeValue(forKey: key) else { continue }
            if entry.activeConversations == 0 {
                end(entry.channel)
            } else {
                retired[ObjectIdentifier(entry.channel)] = entry
            }
        }
    }

    private func release(_ bundle: ExtensionBundle, _ channel: any ExtensionChannel) {
        // A spare taken for this conversation is replaced now that the conversation is over.
        spares?.refill()
        let id = ObjectIdentifier(channel)
        if var old = retired[id] {
            old.activeConversations -= 1
            retired[id] = old.activeConversations > 0 ? old : nil
            if old.activeConversations <= 0 { end(old.channel) }
            return
        }
        guard var entry = entries[bundle.bundleIdentifier], entry.channel === channel else { return }
        entry.activeConversations = max(0, entry.activeConversations - 1)
        entry.lastUsed = clock.now
        entries[bundle.bundleIdentifier] = entry
    }

    /// Ends the least recently used idle channel while the cap is reached.
    private func makeRoom() throws {
        entries = entries.filter { $0.value.channel.isAlive }
        while entries.count + launching.count >= maximumLive {
            guard let (key, entry) = entries.filter({ $0.value.activeConversations == 0 })
                .min(by: { $0.value.lastUsed < $1.value.lastUsed }) else {
                throw HostError(.busy, "All \(maximumLive) extension processes allowed are busy; try again when one finishes.")
            }
            entries[key] = nil
            end(entry.channel)
        }
    }

    /// Shuts `channel` down in a task of its own, kept until it is done: the actor does not wait.
    private func end(_ channel: any ExtensionChannel) {
        endingCount += 1
        let number = endingCount
        endings[number] = Task {
            await channel.shutdown()
            ended(number)
        }
    }

    private func ended(_ number: UInt64) {
        endings[number] = nil
    }

    private func startReaper() {
        guard reaper == nil else { return }
        let period = min(idleTimeout, .seconds(1))
        reaper = Task { [weak self] in
            while !Task.isCancelled {
                guard let clock = self?.clock else { return }
                try? await clock.sleep(for: period, label: "reaper")
                await self?.endIdleChannels()
            }
        }
    }

    /// The live and spare processes, as gauges.
    private func recordProcesses() {
        HostMetrics.processes(live: entries.values.filter { $0.channel.isAlive }.count, spare: spares?.readyProcessID != nil)
    }

    private func endIdleChannels() {
        defer { recordProcesses() }
        let now = clock.now
        for (key, entry) in entries where !entry.channel.isAlive || (entry.activeConversations == 0 && now - entry.lastUsed >= idleTimeout) {
            entries[key] = nil
            end(entry.channel)
        }
    }
}
