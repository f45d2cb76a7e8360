#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import MCP

/// MCP's stdio transport (one JSON-RPC message per line) with a bound on a message's size,
/// which the SDK's own transport does not have: a line longer than `maximumMessageBytes` is
/// dropped as it comes, never held whole, and answered with JSON-RPC's "Invalid Request"
/// (-32600, id null); so is a batch (a JSON array). Standard input is read on a thread of its
/// own, in blocking reads.
public actor BoundedStdioTransport: Transport {
    public nonisolated let logger: Logger
    /// The longest message taken, in bytes (its newline not counted).
    public nonisolated let maximumMessageBytes: Int
    private let input: Int32
    private let output: Int32
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private var started = false

    /// The default bound: 4 MiB, far above any tool call's arguments.
    public static let defaultMaximumMessageBytes = 4 << 20

    public init(input: Int32 = 0, output: Int32 = 1, maximumMessageBytes: Int = defaultMaximumMessageBytes,
                logger: Logger = Logger(label: "intents.mcp.stdio")) {
        self.input = input
        self.output = output
        self.maximumMessageBytes = maximumMessageBytes
        self.logger = logger
        (messages, continuation) = AsyncThrowingStream.makeStream(of: Data.self, bufferingPolicy: .unbounded)
    }

    public func connect() async throws {
        guard !started else { return }
        started = true
        let (input, limit, continuation) = (input, maximumMessageBytes, continuation)
        let refuse: @Sendable (Data) -> Void = { [weak self] reply in
            Task { try? await self?.send(reply) }
        }
        let thread = Thread {
            LineReader(descriptor: input, limit: limit).readLines(yield: { line in
                // A batch: the SDK would run its requests inside its receive loop, where a tool
                // call waiting for an elicitation's answer waits forever (the loop no longer
                // reads). MCP has no batches since 2025-06-18.
                if line.first(where: { ![0x20, 0x09, 0x0D].contains($0) }) == UInt8(ascii: "[") {
                    refuse(Self.batchReply)
                } else {
                    continuation.yield(line)
                }
            }, oversized: { refuse(Self.oversizedReply(limit: limit)) })
            continuation.finish()
        }
        thread.name = "mcp-stdin"
        thread.start()
    }

    public func disconnect() async {
        continuation.finish()
    }

    /// Writes `data` and a newline, whole, in blocking writes.
    public func send(_ data: Data) async throws {
        var bytes = [UInt8](data)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(output, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
            }
            offset += written
        }
    }

    public nonisolated func receive() -> AsyncThrowingStream<Data, any Error> { messages }

    /// JSON-RPC's answer to a batch, which MCP no longer has.
    static let batchReply = Data(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: batches are not supported; send one message a line."}}"#.utf8)

    /// JSON-RPC's answer to a message it could not take whole.
    static func oversizedReply(limit: Int) -> Data {
        Data(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a message is longer than \#(limit) bytes; it was dropped."}}"#.utf8)
    }
}

/// Splits a descriptor's bytes into lines of at most `limit` bytes.
struct LineReader {
    let descriptor: Int32
    let limit: Int

    /// Reads until the end of input: each line (without its newline, empty ones skipped) to
    /// `yield`, and a call of `oversized` for each line longer than `limit`, of which nothing is kept.
    func readLines(yield: (Data) -> Void, oversized: () -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var line: [UInt8] = []
        var dropping = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            var start = 0
            for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
                take(buffer[start..<index], into: &line, dropping: &dropping, oversized: oversized)
                if !dropping && !line.isEmpty { yield(Data(line)) }
                line.removeAll(keepingCapacity: true)
                dropping = false
                start = index + 1
            }
            take(buffer[start..<count], into: &line, dropping: &dropping, oversized: oversized)
        }
        if !dropping && !line.isEmpty { yield(Data(line)) }
    }

    private func take(_ bytes: ArraySlice<UInt8>, into line: inout [UInt8], dropping: inout Bool, oversized: () -> Void) {
        guard !dropping else { return }
        if line.count + bytes.count > limit {
            dropping = true
            line.removeAll()
            oversized()
            return
        }
        line += bytes
    }
}
