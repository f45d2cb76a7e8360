import Foundation

/// One HTTP request to the metrics endpoint, answered within deadlines: the client sends its
/// whole head (request line and headers, at most `maximumHeadBytes`) within `deadline` of
/// connecting, however it spreads its bytes, and reads the answer within `deadline` after. A
/// client that misses either is cut off.
struct MetricsExchange {
    let client: Int32
    let deadline: Duration

    /// The longest head read.
    static let maximumHeadBytes = 8192

    /// Reads the request and answers `GET path` with what `body` gives for the path (200), or
    /// 404 when it gives nil.
    func answer(_ body: (String) -> String?) {
        guard let line = requestLine(until: ContinuousClock.now + deadline) else {
            _ = shutdown(client, Int32(SHUT_RDWR))
            return
        }
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        let found = parts.count >= 2 && parts[0] == "GET" ? body(String(parts[1])) : nil
        let text = found ?? "Not found; the metrics are at /metrics.\n"
        let head = "HTTP/1.0 \(found != nil ? "200 OK" : "404 Not Found")\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\n"
            + "Content-Length: \(text.utf8.count)\r\nConnection: close\r\n\r\n"
        if !write(Array((head + text).utf8), until: ContinuousClock.now + deadline) {
            _ = shutdown(client, Int32(SHUT_RDWR))
        }
    }

    /// The request line, once the head has ended (a blank line; the request line alone when it
    /// names no HTTP version); nil when the client ended, sent more than `maximumHeadBytes`, or
    /// missed `end`.
    func requestLine(until end: ContinuousClock.Instant) -> String? {
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while !Self.isComplete(head) {
            guard head.count <= Self.maximumHeadBytes, wait(for: Int16(POLLIN), until: end) else { return nil }
            let got = chunk.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            head += chunk[..<got]
        }
        return String(decoding: head.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    /// Whether `head` holds a whole request head.
    static func isComplete(_ head: [UInt8]) -> Bool {
        guard let newline = head.firstIndex(of: UInt8(ascii: "\n")) else { return false }
        let line = String(decoding: head[..<newline], as: UTF8.self)
        if !line.contains(" HTTP/") { return true }  // HTTP/0.9: no headers
        let text = String(decoding: head, as: UTF8.self)
        return text.contains("\r\n\r\n") || text.contains("\n\n")
    }

    /// Writes `bytes` whole; false when the client went away or did not read them by `end`.
    func write(_ bytes: [UInt8], until end: ContinuousClock.Instant) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard wait(for: Int16(POLLOUT), until: end) else { return false }
            let sent = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            if sent < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Waits until the client is ready for `events` (or has ended or failed, which the next
    /// read or send tells); false once `end` has passed.
    private func wait(for events: Int16, until end: ContinuousClock.Instant) -> Bool {
        while true {
            let left = end - ContinuousClock.now
            guard left > .zero else { return false }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var descriptor = pollfd(fd: client, events: events, revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return false }
        }
    }
}
