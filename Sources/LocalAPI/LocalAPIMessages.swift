import ExtensionProtocol
import Framing

/// The version of the local API; client and server put it in every frame header, so that a
/// client of another version gets a clear error instead of a misread message. Version 2 added
/// the typed host API (`HostRequest`, `HostReply`); version 3 what the `intents` command needs
/// to run `send` through it (the app-choice question, the end of input, the apps folders meant,
/// a failure's extension); version 4 `apps`, `authorize`, `status`, `policy`, `say`, `vocabulary` and the records of `donations`, `shortcuts` and `suggestions` (the authorization list
/// and an app's name after a decision, the server's set-up, the matrix's rows by name, its rules
/// and the lock state now).
public let localAPIVersion: UInt8 = 5

/// The frame codec of the local API: the extension protocol's frames, with this API's version.
public let localAPICodec = FrameCodec(version: localAPIVersion, maximumBodySize: 1 << 20)

/// An `intents` command run by the server on a client's behalf, as the client would run it.
public struct CommandRun: Hashable, Sendable {
    /// The command's arguments, without the program name (`send INSendMessageIntent ...`).
    public var arguments: [String]
    /// The client's working directory.
    public var workingDirectory: String
    /// The variables of the client's environment that `intents` reads (`INTENTS_STEP_TIMEOUT`...).
    public var environment: [String: String]
    /// Whether the client's standard input is a terminal the user can answer questions on.
    public var interactive: Bool

    public init(arguments: [String], workingDirectory: String, environment: [String: String], interactive: Bool) {
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.interactive = interactive
    }

    /// The commands a running server serves; any other (`serve`, `validate`, `--help`) runs in
    /// the command's own process.
    public static let servedCommands: Set<String> = ["send", "say", "apps", "lock", "unlock", "status", "authorize", "shortcuts",
                                                     "donations", "suggestions", "vocabulary", "policy", "contacts"]

    /// The environment variables a client passes on; any other is the server's own.
    public static let forwardedEnvironment = ["INTENTS_APPS", "INTENTS_STEP_TIMEOUT", "TZ"]
}

/// What a client sends the server.
public enum ClientMessage: Hashable, Sendable {
    /// Runs an `intents` command (only the `intents` executable may ask this).
    case run(CommandRun)
    /// A line the user typed, answering `readLine`; nil when standard input ended.
    case line(String?)
    /// An app's system call (donations, vocabulary, authorization), answered by `appReply`.
    case app(AppRequest)
    /// A typed request of the host API, answered by `reply` messages.
    case request(HostRequest)
}

/// What the server sends a client.
public enum ServerMessage: Hashable, Sendable {
    /// Text for the client's standard output.
    case standardOutput(String)
    /// Text for the client's standard error.
    case standardError(String)
    /// Asks for one line of the client's standard input (answered by `line`).
    case readLine
    /// The command ended with this exit status; the server closes the connection.
    case exit(Int32)
    /// The answer to an `app` request.
    case appReply(AppReply)
    /// A typed reply of the host API.
    case reply(HostReply)
}

extension CommandRun: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.array(arguments) { $0.string($1) }
        writer.string(workingDirectory)
        writer.array(environment.sorted { $0.key < $1.key }) { writer, entry in
            writer.string(entry.key)
            writer.string(entry.value)
        }
        writer.bool(interactive)
    }

    public init(from reader: inout WireReader) throws {
        let arguments = try reader.array { try $0.string() }
        let workingDirectory = try reader.string()
        let pairs = try reader.array { reader in (try reader.string(), try reader.string()) }
        self.init(arguments: arguments, workingDirectory: workingDirectory,
                  environment: Dictionary(pairs, uniquingKeysWith: { _, last in last }), interactive: try reader.bool())
    }
}

extension ClientMessage: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .run(let run): writer.unsigned(0); writer.value(run)
        case .line(let line): writer.unsigned(1); writer.optional(line) { $0.string($1) }
        case .app(let request): writer.unsigned(2); writer.value(request)
        case .request(let request): writer.unsigned(3); writer.value(request)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 4, of: "ClientMessage") {
        case 0: self = .run(try reader.value())
        case 1: self = .line(try reader.optional { try $0.string() })
        case 2: self = .app(try reader.value())
        default: self = .request(try reader.value())
        }
    }
}

extension ServerMessage: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .standardOutput(let text): writer.unsigned(0); writer.string(text)
        case .standardError(let text): writer.unsigned(1); writer.string(text)
        case .readLine: writer.unsigned(2)
        case .exit(let status): writer.unsigned(3); writer.int(Int(status))
        case .appReply(let reply): writer.unsigned(4); writer.value(reply)
        case .reply(let reply): writer.unsigned(5); writer.value(reply)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 6, of: "ServerMessage") {
        case 0: self = .standardOutput(try reader.string())
        case 1: self = .standardError(try reader.string())
        case 2: self = .readLine
        case 3:
            let status = try reader.int()
            guard let narrow = Int32(exactly: status) else { throw reader.fault("exit status \(status) is out of range") }
            self = .exit(narrow)
        case 4: self = .appReply(try reader.value())
        default: self = .reply(try reader.value())
        }
    }
}
