/// Where `intents mcp --http` listens: a loopback address and a port, nothing else, so that
/// only processes of this machine reach it (and then only with the bearer token).
public struct AgentHTTPAddress: Sendable, Equatable, CustomStringConvertible {
    /// The numeric loopback host: `127.0.0.1` or `::1`.
    public var host: String
    /// The port; 0 asks the system for a free one.
    public var port: Int

    /// Reads `HOST:PORT`, where HOST is `127.0.0.1`, `localhost` (taken as `127.0.0.1`), `::1` or
    /// `[::1]`; any other host, or a port outside 0...65535, is refused with a sentence naming it.
    public init(parsing text: String) throws(AgentHTTPAddressError) {
        guard let colon = text.lastIndex(of: ":") else { throw AgentHTTPAddressError(text) }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
              let port = Int(portText), (0...65_535).contains(port) else { throw AgentHTTPAddressError(text) }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        switch host {
        case "127.0.0.1", "localhost": self.host = "127.0.0.1"
        case "::1": self.host = "::1"
        default: throw AgentHTTPAddressError(text)
        }
        self.port = port
    }

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// The address as a URL's authority: `127.0.0.1:8765` or `[::1]:8765`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// An `--http` value that is not a loopback address with a port.
public struct AgentHTTPAddressError: Error, CustomStringConvertible {
    public let value: String
    init(_ value: String) { self.value = String(value.prefix(200)) }
    public var description: String {
        "--http takes a loopback address and a port (127.0.0.1:PORT, localhost:PORT or [::1]:PORT); \(value) is not one."
    }
}
