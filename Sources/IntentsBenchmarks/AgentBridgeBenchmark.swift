import Foundation

/// A warm MCP tool call through `intents mcp` (`intents-mcp`), timed as an agent client sees
/// it: a `tools/call` line written to the bridge's standard input until its reply line is read.
enum AgentBridgeBenchmark {
    /// The median round trip of `runs` calls of `Echo_EchoIntent` after a few warm-up calls,
    /// with the user's consent to agents for the Echo app recorded first.
    static func toolCallRoundTrip(products: String, stateFolder: String, runs: Int) throws -> Double {
        _ = try ServerBenchmark.timedProcess(products + "/intents", ["--state", stateFolder, "authorize", "Echo", "grant", "--agents"], runs: 1)
        let bridge = try BridgeProcess(executable: products + "/intents-mcp", arguments: ["--state", stateFolder])
        defer { bridge.stop() }
        _ = try bridge.exchange(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"intents-bench","version":"1"}}}"#)
        try bridge.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        var samples: [Double] = []
        for id in 1...(runs + 5) {
            let start = DispatchTime.now().uptimeNanoseconds
            let reply = try bridge.exchange(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"Echo_EchoIntent","arguments":{"text":"hello"}}}"#)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard reply.contains(#""isError":false"#), reply.contains(#""id":\#(id)"#) else {
                throw BenchmarkError("the MCP bridge answered call \(id) with \(reply.prefix(300))")
            }
            if id > 5 { samples.append(elapsed) }
        }
        return median(samples)
    }

    /// `intents-mcp` with pipes on its standard input and output.
    private final class BridgeProcess {
        let pid: pid_t
        let input: Int32
        let output: FileHandle
        private var buffered = Data()

        init(executable: String, arguments: [String]) throws {
            var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
            guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw BenchmarkError("no pipe: \(String(cString: strerror(errno)))") }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
            posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            for descriptor in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var child: pid_t = 0
            guard posix_spawn(&child, executable, &actions, nil, argv, envp) == 0 else {
                throw BenchmarkError("\(executable) cannot be started: \(String(cString: strerror(errno)))")
            }
            close(toChild[0])
            close(fromChild[1])
            pid = child
            input = toChild[1]
            output = FileHandle(fileDescriptor: fromChild[0], closeOnDealloc: true)
        }

        func send(_ line: String) throws {
            let bytes = Array((line + "\n").utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
                guard written > 0 else { throw BenchmarkError("the MCP bridge stopped reading") }
                offset += written
            }
        }

        /// Sends a request and reads lines until the reply (a line with an `id`; notifications skipped).
        func exchange(_ line: String) throws -> String {
            try send(line)
            while true {
                let reply = try readLine()
                if reply.contains(#""id":"#) { return reply }
            }
        }

        private func readLine() throws -> String {
            while true {
                if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
                    buffered = Data(buffered[(newline + 1)...])
                    return line
                }
                let more = output.availableData
                guard !more.isEmpty else { throw BenchmarkError("the MCP bridge ended") }
                buffered.append(more)
            }
        }

        func stop() {
            close(input)
            var status: Int32 = 0
            for _ in 0..<200 where waitpid(pid, &status, WNOHANG) == 0 { usleep(10_000) }
            if waitpid(pid, &status, WNOHANG) == 0 {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
            }
        }
    }
}
