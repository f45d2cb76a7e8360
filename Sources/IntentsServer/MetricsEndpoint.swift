import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import Prometheus

/// `GET /metrics` on a TCP address: the Prometheus text exposition of the server's registry.
/// One request per connection; anything else gets 404. At most `maximumConcurrentRequests` are
/// answered at once, each on a thread of its own (more wait in the listen backlog until one
/// ends), and each has `requestDeadline` to send its whole head and as long again to read the
/// answer (`MetricsExchange`): a client that dribbles is cut off then, and holds one thread
/// only.
final class MetricsEndpoint: @unchecked Sendable {
    /// Requests answered at once.
    static let maximumConcurrentRequests = 8
    /// How long a client has to send its request line and headers, all of them; and then to
    /// read the answer.
    static let defaultRequestDeadline: Duration = .seconds(5)

    let registry: PrometheusCollectorRegistry
    let requestDeadline: Duration
    private let socket: Int32
    /// Requests that may start now.
    private let freeSlots = DispatchSemaphore(value: maximumConcurrentRequests)
    /// The port bound (the one asked for, or the kernel's choice for 0).
    let port: UInt16

    /// Listens on `address` (`HOST:PORT`, an IPv4 host).
    /// - Throws: `HostError` (`.usage`) naming the address.
    init(address: String, registry: PrometheusCollectorRegistry, requestDeadline: Duration = defaultRequestDeadline) throws {
        self.registry = registry
        self.requestDeadline = requestDeadline
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

    /// Accepts a connection whenever a request may start, and answers it on a thread of its own.
    private func serve() {
        while true {
            freeSlots.wait()
            guard let client = acceptConnection(on: socket) else {
                freeSlots.signal()
                break
            }
            let thread = Thread { [self] in
                MetricsExchange(client: client, deadline: requestDeadline).answer { path in
                    path == "/metrics" ? registry.emitToString() : nil
                }
                close(client)
                freeSlots.signal()
            }
            thread.name = "intents-metrics-request"
            thread.start()
        }
        close(socket)
    }
}
