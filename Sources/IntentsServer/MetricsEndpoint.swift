import ExtensionProtocol
import Foundation
import IntentsHost
import Prometheus

/// `GET /metrics` on a TCP address: the Prometheus text exposition of the server's registry.
/// One request per connection, answered on a thread of its own; anything else gets 404.
final class MetricsEndpoint: @unchecked Sendable {
    let registry: PrometheusCollectorRegistry
    private let socket: Int32
    /// The port bound (the one asked for, or the kernel's choice for 0).
    let port: UInt16

    /// Listens on `address` (`HOST:PORT`, an IPv4 host).
    /// - Throws: `HostError` (`.usage`) naming the address.
    init(address: String, registry: PrometheusCollectorRegistry) throws {
        self.registry = registry
        let parts = address.split(separator: ":", omittingEmptySubsequences: false)
        var host = in_addr()
        guard parts.count == 2, let port = UInt16(parts[1]), inet_pton(AF_INET, String(parts[0]), &host) == 1 else {
            throw HostError(.usage, "--metrics \(address.quotedForDisplay) is not HOST:PORT with an IPv4 host, for example 127.0.0.1:9464.")
        }
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        socketAddress.sin_addr = host
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard socket >= 0, bound, listen(socket, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            if socket >= 0 { close(socket) }
            throw HostError(.usage, "--metrics \(address.quotedForDisplay) cannot be listened on: \(reason).")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        self.socket = socket
        self.port = UInt16(bigEndian: actual.sin_port)
        let thread = Thread { [self] in serve() }
        thread.name = "intents-metrics"
        thread.start()
    }

    /// Stops listening.
    func stop() {
        _ = Glibc.shutdown(socket, Int32(SHUT_RDWR))
    }

    private func serve() {
        while let client = acceptConnection(on: socket) {
            answer(client)
            close(client)
        }
        close(socket)
    }

    /// Reads the request line (at most 8 KiB, 2 s) and answers it.
    private func answer(_ client: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while request.count < 8192, !request.contains(UInt8(ascii: "\n")) {
            let got = chunk.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
            guard got > 0 else { return }
            request += chunk[..<got]
        }
        let line = String(decoding: request.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let found = line.hasPrefix("GET /metrics ") || line == "GET /metrics"
        let body = found ? registry.emitToString() : "Not found; the metrics are at /metrics.\n"
        let head = "HTTP/1.0 \(found ? "200 OK" : "404 Not Found")\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array((head + body).utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }
}
