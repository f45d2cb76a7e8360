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

    /// The same over Streamable HTTP (`intents mcp --http`): one keep-alive connection, a
    /// `tools/call` POST until its event stream's end (the reply is its last event).
    static func httpToolCallRoundTrip(products: String, stateFolder: String, runs: Int) throws -> Double {
        let tokenFile = stateFolder + "/bench-mcp-http-token"
        let bridge = try BridgeProcess(executable: products + "/intents-mcp",
                                       arguments: ["--state", stateFolder, "--http", "127.0.0.1:0", "--token-file", tokenFile], readsStandardError: true)
        defer { bridge.stop() }
        let said = try bridge.readLine()
        let authority = said.range(of: "http://").map { said[$0.upperBound...].prefix { $0 != "/" } }
        guard let port = authority?.split(separator: ":").last.flatMap({ Int($0) }) else {
            throw BenchmarkError("the MCP bridge did not say where it listens: \(said.prefix(200))")
        }
        let token = try String(contentsOfFile: tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let connection = try HTTPConnection(port: port)
        var headers = ["Authorization": "Bearer \(token)", "Accept": "application/json, text/event-stream", "Content-Type": "application/json"]
        let (initialized, _) = try connection.post(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"intents-bench","version":"1"}}}"#,
                                                    headers: headers)
        guard let session = initialized["mcp-session-id"] else { throw BenchmarkError("the MCP bridge made no session over HTTP") }
        headers["MCP-Session-Id"] = session
        headers["MCP-Protocol-Version"] = "2025-06-18"
        _ = try connection.post(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, headers: headers)
        var samples: [Double] = []
        for id in 1...(runs + 5) {
            let start = DispatchTime.now().uptimeNanoseconds
            let (_, body) = try connection.post(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"Echo_EchoIntent","arguments":{"text":"hello"}}}"#,
                                                headers: headers)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard body.contains(#""isError":false"#), body.contains(#""id":\#(id)"#) else {
                throw BenchmarkError("the MCP bridge answered call \(id) over HTTP with \(body.prefix(300))")
            }
            if id > 5 { samples.append(elapsed) }
        }
        return median(samples)
    }

    /// One HTTP/1.1 keep-alive connection to the bridge on loopback.
    private final class HTTPConnection {
        let socket: Int32
        let port: Int
        private var buffered = Data()

        init(port: Int) throws {
            self.port = port
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard socket >= 0, connected == 0 else { throw BenchmarkError("no connection to the MCP bridge: \(String(cString: strerror(errno)))") }
            var one: Int32 = 1
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }

        deinit { close(socket) }

        /// POSTs `body` to /mcp and reads the whole response: its headers (lowercased) and body.
        func post(_ body: String, headers: [String: String]) throws -> ([String: String], String) {
            let payload = Array(body.utf8)
            var request = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(payload.count)\r\n"
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            let bytes = Array((request + "\r\n").utf8) + payload
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
                guard written > 0 else { throw BenchmarkError("the MCP bridge closed the connection") }
                offset += written
            }
            let head = try readUntil(Data("\r\n\r\n".utf8))
            var fields: [String: String] = [:]
            for line in head.split(separator: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            guard head.hasPrefix("HTTP/1.1 2") else { throw BenchmarkError("the MCP bridge answered \(head.prefix(100))") }
            if let length = fields["content-length"].flatMap({ Int($0) }) { return (fields, try read(length)) }
            guard fields["transfer-encoding"] == "chunked" else { return (fields, "") }
            var text = ""
            while true {
                let size = Int(try readUntil(Data("\r\n".utf8)), radix: 16) ?? 0
                if size == 0 {
                    _ = try readUntil(Data("\r\n".utf8))
                    return (fields, text)
                }
                text += try read(size)
                _ = try readUntil(Data("\r\n".utf8))
            }
        }

        private func fill() throws {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { throw BenchmarkError("the MCP bridge closed the connection") }
            buffered.append(contentsOf: chunk[..<count])
        }

        private func readUntil(_ marker: Data) throws -> String {
            while true {
                if let range = buffered.range(of: marker) {
                    let text = String(decoding: buffered[buffered.startIndex..<range.lowerBound], as: UTF8.self)
                    buffered = Data(buffered[range.upperBound...])
                    return text
                }
                try fill()
            }
        }

        private func read(_ count: Int) throws -> String {
            while buffered.count < count { try fill() }
            let text = String(decoding: buffered.prefix(count), as: UTF8.self)
            buffered = Data(buffered.dropFirst(count))
            return text
        }
    }

    /// `intents-mcp` with pipes on its standard input and output.
    private final class BridgeProcess {
        let pid: pid_t
        let input: Int32
        let output: FileHandle
        private var buffered = Data()

        /// - Parameter readsStandardError: whether `readLine` reads its standard error (where
        ///   `--http` says where it listens) instead of its standard output.
        init(executable: String, arguments: [String], readsStandardError: Bool = false) throws {
            var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
            guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw BenchmarkError("no pipe: \(String(cString: strerror(errno)))") }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
            posix_spawn_file_actions_adddup2(&actions, fromChild[1], readsStandardError ? 2 : 1)
            posix_spawn_file_actions_addopen(&actions, readsStandardError ? 1 : 2, "/dev/null", O_WRONLY, 0)
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

        func readLine() throws -> String {
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
