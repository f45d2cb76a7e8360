import Foundation
import SharedKit
import Testing

/// The tool process the tests run beside themselves (Tests/Fixtures/SharedStoreTool).
struct StoreTool {
    static var path: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent + "/sharedstore-tool"
    }

    let process = Process()
    private let output = Pipe()
    private var pending = ""

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: Self.path)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
    }

    /// The next line the tool prints, waiting at most `timeout`; nil at its end or on timeout.
    mutating func nextLine(timeout: Duration = .seconds(20)) -> String? {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = pending.firstIndex(of: "\n") {
                let line = String(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left.components.seconds * 1000 + 1)) == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            pending += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }
}

/// Two real processes on one real SQLite file.
@Suite struct SharedStoreProcessTests {
    let folder = StoreFolder()

    /// Runs a tool to completion on a GCD thread, not one of the concurrency pool's.
    func run(_ arguments: [String]) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    var tool = try StoreTool(arguments)
                    var lines: [String] = []
                    while let line = tool.nextLine(timeout: .seconds(120)) { lines.append(line) }
                    tool.process.waitUntilExit()
                    return lines.joined(separator: "\n")
                })
            }
        }
    }

    @Test func twoProcessesIncrementingLoseNoUpdate() async throws {
        _ = try SharedStore(suiteName: "test", path: folder.database)
        async let first = run(["increment", folder.database, "counter", "10000"])
        async let second = run(["increment", folder.database, "counter", "10000"])
        #expect(try await [first, second] == ["done", "done"])
        #expect(try SharedStore(suiteName: "test", path: folder.database).value(Int.self, forKey: "counter") == 20_000)
    }

    @Test func writerKilledMidStreamLeavesEveryAcknowledgedWrite() throws {
        var writer = try StoreTool(["write-sequence", folder.database, "seq"])
        var acknowledged = 0
        while acknowledged < 300, let line = writer.nextLine(), let number = Int(line) { acknowledged = number }
        kill(writer.process.processIdentifier, SIGKILL)
        writer.process.waitUntilExit()
        #expect(writer.process.terminationReason == .uncaughtSignal && writer.process.terminationStatus == SIGKILL)
        #expect(acknowledged >= 300)

        let store = try SharedStore(suiteName: "test", path: folder.database)
        #expect(try store.integrityCheck() == ["ok"])
        for number in 1...acknowledged {
            #expect(try store.value(Int.self, forKey: "seq.\(number)") == number)
        }
    }

    @Test func anotherProcessSeesAChangeAtOnce() async throws {
        let store = try SharedStore(suiteName: "test", path: folder.database)
        var observer = try StoreTool(["observe", folder.database, "menu"])
        #expect(observer.nextLine() == "ready")
        try store.set("margherita unavailable", forKey: "menu")
        #expect(observer.nextLine(timeout: .seconds(5)) == "changed")
        observer.process.waitUntilExit()
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
