import Foundation
import GRDB

extension SharedStore {
    /// The keys changed by any process (this one included), as they change.
    ///
    /// A dedicated connection polls SQLite's `data_version` every `interval` (it changes when
    /// another connection commits) and reads the entries changed past the last version seen.
    /// The sequence ends when its consumer stops iterating.
    public func changes(interval: Duration = .milliseconds(5)) throws -> AsyncStream<[String]> {
        let watcher = try DatabaseQueue(path: pool.path, configuration: Self.configuration(path: pool.path))
        let start = try watcher.read { db in try Int64.fetchOne(db, sql: "SELECT max(version) FROM entries") ?? 0 }
        let (stream, continuation) = AsyncStream.makeStream(of: [String].self)
        let stopped = StopFlag()
        continuation.onTermination = { _ in stopped.stop() }
        let thread = Thread {
            var seen = start
            var lastDataVersion: Int64 = -1
            while !stopped.isStopped {
                let batch: [(Int64, String)]? = try? watcher.inDatabase { db in
                    let dataVersion = try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
                    guard dataVersion != lastDataVersion else { return [] }
                    lastDataVersion = dataVersion
                    return try Row.fetchAll(db, sql: SharedStoreSchema.changesSince, arguments: [seen]).map { ($0["version"], $0["key"]) }
                }
                if let batch, let last = batch.last {
                    seen = last.0
                    var keys: [String] = []
                    for (_, key) in batch where !keys.contains(key) { keys.append(key) }
                    continuation.yield(keys)
                }
                Thread.sleep(forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
            }
            continuation.finish()
        }
        thread.name = "shared-store-observer"
        thread.start()
        return stream
    }
}

/// Set once, from any thread, to end an observer's loop.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    var isStopped: Bool { lock.withLock { stopped } }

    func stop() { lock.withLock { stopped = true } }
}
