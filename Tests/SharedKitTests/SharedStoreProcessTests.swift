import Foundation
import SharedKit
import TestPrograms
import Testing

/// The tool process the tests run beside themselves (Tests/Fixtures/SharedStoreTool), spawned
/// as the other suites spawn their programs (`SpawnedProgram`), not with Foundation's `Process`.
struct StoreTool {
    static var path: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent + "/sharedstore-tool"
    }

    let program: SpawnedProgram
    private let lines: OutputLines

    init(_ arguments: [String]) throws {
        program = try SpawnedProgram(Self.path, arguments)
        lines = program.outputLines()
    }

    /// The next line the tool prints, waiting at most `timeout` off the concurrency pool; nil at
    /// its end or on timeout.
    func nextLine(timeout: Duration = .seconds(20)) async -> String? { await lines.next(timeout: timeout) }

    /// `nextLine(timeout:)`, blocking the calling thread.
    func nextLineBlocking(timeout: Duration) -> String? { lines.nextBlocking(timeout: timeout) }
}

/// Two real processes on one real SQLite file.
@Suite struct SharedStoreProcessTests {
    let folder = StoreFolder()

    /// Runs a tool to completion on a thread of its own, not one of the concurrency pool's.
    func run(_ arguments: [String]) async throws -> String {
        try await offThePool {
            let tool = try StoreTool(arguments)
            var lines: [String] = []
            while let line = tool.nextLineBlocking(timeout: .seconds(120)) { lines.append(line) }
            _ = tool.program.finish()
            return lines.joined(separator: "\n")
        }
    }

    @Test func twoProcessesIncrementingLoseNoUpdate() async throws {
        _ = try SharedStore(suiteName: "test", path: folder.database)
        async let first = run(["increment", folder.database, "counter", "10000"])
        async let second = run(["increment", folder.database, "counter", "10000"])
        #expect(try await [first, second] == ["done", "done"])
        #expect(try SharedStore(suiteName: "test", path: folder.database).value(Int.self, forKey: "counter") == 20_000)
    }

    @Test func writerKilledMidStreamLeavesEveryAcknowledgedWrite() async throws {
        let writer = try StoreTool(["write-sequence", folder.database, "seq"])
        var acknowledged = 0
        while acknowledged < 300, let line = await writer.nextLine(), let number = Int(line) { acknowledged = number }
        kill(writer.program.pid, SIGKILL)
        #expect(await writer.program.ended().signal == SIGKILL)
        #expect(acknowledged >= 300)

        let store = try SharedStore(suiteName: "test", path: folder.database)
        #expect(try store.integrityCheck() == ["ok"])
        for number in 1...acknowledged {
            #expect(try store.value(Int.self, forKey: "seq.\(number)") == number)
        }
    }

    @Test func anotherProcessSeesAChangeAtOnce() async throws {
        let store = try SharedStore(suiteName: "test", path: folder.database)
        let observer = try StoreTool(["observe", folder.database, "menu"])
        #expect(await observer.nextLine() == "ready")
        try store.set("margherita unavailable", forKey: "menu")
        #expect(await observer.nextLine(timeout: .seconds(5)) == "changed")
        _ = await observer.program.ended()
    }

    @Test func thisProcessSeesAnotherProcesssChange() async throws {
        let store = try SharedStore(suiteName: "test", path: folder.database)
        let changes = try store.changes()
        _ = try await run(["set", folder.database, "orders", "2 margherita"])
        var iterator = changes.makeAsyncIterator()
        let keys = await iterator.next()
        #expect(keys == ["orders"])
        #expect(try store.string(forKey: "orders") == "2 margherita")
    }
}
