import ExtensionProtocol
import Foundation

/// Starts extension processes on demand, keeps them warm, and ends them when idle.
///
/// One channel per extension serves every conversation with it (requests carry ids). A channel
/// that died (crash, timeout) is replaced on the next request. A channel unused for
/// `idleTimeout` is ended; starting one more than `maximumLive` ends the least recently used
/// idle one first. Channels ended on the way (idle, evicted) are ended in tasks the supervisor
/// keeps, and `shutdownAll()` awaits them with the rest.
public actor ExtensionSupervisor {
    /// Starts a channel for a bundle: a runner process, or an in-process double in tests.
    public typealias Launcher = @Sendable (ExtensionBundle) async throws -> any ExtensionChannel

    private struct Entry {
        var channel: any ExtensionChannel
        var activeConversations = 0
        var lastUsed = ContinuousClock.now
    }

    private let launcher: Launcher
    private let idleTimeout: Duration
    private let maximumLive: Int
    private var entries: [String: Entry] = [:]
    /// Channels of replaced or removed bundles, kept until their conversations end.
    private var retired: [ObjectIdentifier: Entry] = [:]
    private var launching: [String: Task<any ExtensionChannel, any Error>] = [:]
    private var reaper: Task<Void, Never>?
    /// Shutdowns under way of channels no longer in `entries`, by number.
    private var endings: [UInt64: Task<Void, Never>] = [:]
    private var endingCount: UInt64 = 0
    /// How many channels were started; tests use it to prove none was.
    public private(set) var launchCount = 0

    public init(idleTimeout: Duration = .seconds(30), maximumLive: Int = 8, launcher: @escaping Launcher) {
        self.init(idleTimeout: idleTimeout, maximumLive: maximumLive, spares: nil, launcher: launcher)
    }

    private init(idleTimeout: Duration, maximumLive: Int, spares: SparePool?, launcher: @escaping Launcher) {
        self.launcher = launcher
        self.idleTimeout = idleTimeout
        self.maximumLive = max(1, maximumLive)
        self.spares = spares
    }

    /// A supervisor that runs each extension in its own confined `intents-extension` process.
    /// - Parameter policy: the sandbox policy of each bundle, its containers ready.
    /// - Parameter spareBase: when given, a spare runner confined to this base policy is kept
    ///   ready, and the first request to an extension without network access takes it.
    public static func processes(runnerPath: String, startTimeout: Duration, idleTimeout: Duration = .seconds(30),
                                 maximumLive: Int = 8, spareBase: SandboxPolicy? = nil,
                                 policy: @escaping @Sendable (ExtensionBundle) throws -> SandboxPolicy) -> ExtensionSupervisor {
        let spares = spareBase.map { SparePool(runnerPath: runnerPath, basePolicy: $0, timeout: startTimeout) }
        spares?.refill()
        return ExtensionSupervisor(idleTimeout: idleTimeout, maximumLive: maximumLive, spares: spares) { bundle in
            let sandbox = try policy(bundle)
            if sandbox.confine, !sandbox.allowNetwork, let spare = spares?.take(covering: sandbox) {
                return try await ExtensionProcess.adopt(spare, bundle: bundle, policy: sandbox, timeout: startTimeout)
            }
            return try await ExtensionProcess.launch(bundle: bundle, policy: sandbox, runnerPath: runnerPath, timeout: startTimeout)
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

    /// Runs `body` with the live channel for `bundle`, started if needed; the channel counts as
    /// busy until `body` returns.
    /// - Throws: what starting the channel or `body` throws; `HostError` (`.busy`) when every
    ///   live channel is busy and the cap allows no more.
    public func withChannel<Result: Sendable>(for bundle: ExtensionBundle,
                                              _ body: @Sendable (any ExtensionChannel) async throws -> Result) async throws -> Result {
        let channel = try await acquire(bundle)
        defer { release(bundle, channel) }
        return try await body(channel)
    }

    /// The live channel for `bundle`, started if there is none (not counted as busy).
    public func channel(for bundle: ExtensionBundle) async throws -> any ExtensionChannel {
        let channel = try await acquire(bundle)
        release(bundle, channel)
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

    private func acquire(_ bundle: ExtensionBundle) async throws -> any ExtensionChannel {
        let key = bundle.bundleIdentifier
        if var entry = entries[key], entry.channel.isAlive {
            entry.activeConversations += 1
            entries[key] = entry
            return entry.channel
        }
        if let pending = launching[key] {
            let channel = try await pending.value
            entries[key, default: Entry(channel: channel)].activeConversations += 1
            return channel
        }
        entries[key] = nil
        try makeRoom()
        launchCount += 1
        HostMetrics.extensionStarted()
        let launch = Task { try await launcher(bundle) }
        launching[key] = launch
        defer { launching[key] = nil }
        let channel = try await launch.value
        entries[key, default: Entry(channel: channel)].activeConversations += 1
        startReaper()
        recordProcesses()
        return channel
    }

    /// Stops giving these bundles' channels to new conversations (their bundle was replaced or
    /// removed): each ends once the conversations it serves have, and the next request for the
    /// bundle starts a new process.
    public func retire(_ bundleIdentifiers: [String]) {
        for key in bundleIdentifiers {
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
        entry.lastUsed = .now
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
                try? await Task.sleep(for: period)
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
        let now = ContinuousClock.now
        for (key, entry) in entries where !entry.channel.isAlive || (entry.activeConversations == 0 && now - entry.lastUsed >= idleTimeout) {
            entries[key] = nil
            end(entry.channel)
        }
    }
}
