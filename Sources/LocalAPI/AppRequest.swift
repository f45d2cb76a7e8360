import Framing

/// A system call of an app process (a donation, vocabulary, an authorization request): an
/// operation name, for the log, and the call in the wire coding (`SystemCall`, which this
/// module cannot name: it needs Foundation). The server names the app from the connection's
/// peer credentials, never from the request.
public struct AppRequest: Hashable, Sendable {
    public var operation: String
    /// The `SystemCall`, wire-coded.
    public var call: [UInt8]

    public init(operation: String, call: [UInt8]) {
        self.operation = operation
        self.call = call
    }
}

/// The server's answer to an `AppRequest`: the wire-coded `SystemCallResult`, or why it failed.
public struct AppReply: Hashable, Sendable {
    /// The failure as an error-code name and a sentence; nil on success.
    public var failure: (code: String, message: String)? {
        get { failureCode.map { ($0, failureMessage) } }
        set {
            failureCode = newValue?.code
            failureMessage = newValue?.message ?? ""
        }
    }
    /// The `SystemCallResult`, wire-coded; empty on failure.
    public var result: [UInt8]
    private var failureCode: String?
    private var failureMessage = ""

    public init(result: [UInt8]) {
        self.result = result
    }

    public init(failure code: String, _ message: String) {
        self.result = []
        self.failure = (code, message)
    }
}

extension AppRequest: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(operation)
        writer.blob(call)
    }

    public init(from reader: inout WireReader) throws {
        self.init(operation: try reader.string(), call: try reader.blob())
    }
}

extension AppReply: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.blob(result)
        writer.optional(failureCode) { $0.string($1) }
        writer.string(failureMessage)
    }

    public init(from reader: inout WireReader) throws {
        self.init(result: try reader.blob())
        failureCode = try reader.optional { try $0.string() }
        failureMessage = try reader.string()
    }
}
