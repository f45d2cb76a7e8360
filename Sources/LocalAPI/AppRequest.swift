import Framing

/// A system call of an app process (a donation, vocabulary, an authorization request): an
/// operation name and its arguments as JSON text. The server names the app from the
/// connection's peer credentials, never from the request.
public struct AppRequest: Hashable, Sendable {
    public var operation: String
    public var body: String

    public init(operation: String, body: String) {
        self.operation = operation
        self.body = body
    }
}

/// The server's answer to an `AppRequest`: a JSON result, or why it failed.
public struct AppReply: Hashable, Sendable {
    /// The failure as an error-code name and a sentence; nil on success.
    public var failure: (code: String, message: String)? {
        get { failureCode.map { ($0, failureMessage) } }
        set {
            failureCode = newValue?.code
            failureMessage = newValue?.message ?? ""
        }
    }
    public var body: String
    private var failureCode: String?
    private var failureMessage = ""

    public init(body: String) {
        self.body = body
    }

    public init(failure code: String, _ message: String) {
        self.body = ""
        self.failure = (code, message)
    }
}

extension AppRequest: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(operation)
        writer.string(body)
    }

    public init(from reader: inout WireReader) throws {
        self.init(operation: try reader.string(), body: try reader.string())
    }
}

extension AppReply: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(body)
        writer.optional(failureCode) { $0.string($1) }
        writer.string(failureMessage)
    }

    public init(from reader: inout WireReader) throws {
        self.init(body: try reader.string())
        failureCode = try reader.optional { try $0.string() }
        failureMessage = try reader.string()
    }
}
