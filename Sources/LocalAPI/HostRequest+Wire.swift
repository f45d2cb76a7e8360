import ExtensionProtocol

extension HostRequest: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .catalog: writer.unsigned(0)
        case .watchCatalog: writer.unsigned(1)
        case .policyMatrix(let request):
            writer.unsigned(2)
            writer.array(request.names) { $0.string($1) }
            writer.optional(request.appsFolders) { writer, folders in writer.array(folders) { $0.string($1) } }
        case .run(let run): writer.unsigned(3); writer.value(run)
        case .answer(let answer): writer.unsigned(4); writer.value(answer)
        case .entities(let request): writer.unsigned(5); writer.value(request)
        case .enumCases(let app, let enumeration):
            writer.unsigned(6); writer.optional(app) { $0.string($1) }; writer.string(enumeration)
        case .matchPhrase(let phrase): writer.unsigned(7); writer.string(phrase)
        case .status: writer.unsigned(8)
        case .setLockState(let state): writer.unsigned(9); writer.unsigned(UInt64(LockStateValue.allCases.firstIndex(of: state)!))
        case .authorize(let request): writer.unsigned(10); writer.value(request)
        case .setup(let folders): writer.unsigned(11); writer.optional(folders) { writer, folders in writer.array(folders) { $0.string($1) } }
        case .vocabulary(let folders): writer.unsigned(12); writer.optional(folders) { writer, folders in writer.array(folders) { $0.string($1) } }
        case .apps(let folders): writer.unsigned(13); writer.optional(folders) { writer, folders in writer.array(folders) { $0.string($1) } }
        case .say(let request): writer.unsigned(14); writer.value(request)
        case .records(let command): writer.unsigned(15); writer.value(command)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 16, of: "HostRequest") {
        case 0: self = .catalog
        case 1: self = .watchCatalog
        case 2: self = .policyMatrix(PolicyMatrixRequest(names: try reader.array { try $0.string() },
                                                         appsFolders: try reader.optional { reader in try reader.array { try $0.string() } }))
        case 3: self = .run(try reader.value())
        case 4: self = .answer(try reader.value())
        case 5: self = .entities(try reader.value())
        case 6: self = .enumCases(app: try reader.optional { try $0.string() }, enumeration: try reader.string())
        case 7: self = .matchPhrase(try reader.string())
        case 8: self = .status
        case 9: self = .setLockState(LockStateValue.allCases[try reader.tag(below: LockStateValue.allCases.count, of: "LockStateValue")])
        case 10: self = .authorize(try reader.value())
        case 11: self = .setup(appsFolders: try reader.optional { reader in try reader.array { try $0.string() } })
        case 12: self = .vocabulary(appsFolders: try reader.optional { reader in try reader.array { try $0.string() } })
        case 13: self = .apps(appsFolders: try reader.optional { reader in try reader.array { try $0.string() } })
        case 14: self = .say(try reader.value())
        default: self = .records(try reader.value())
        }
    }
}

extension RunRequest: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(intent)
        writer.optional(app) { $0.string($1) }
        writer.array(text) { $0.value($1) }
        writer.array(values.sorted { $0.key < $1.key }) { writer, entry in
            writer.string(entry.key)
            writer.value(entry.value)
        }
        writer.bool(agreesToSystemConfirmation)
        writer.bool(interactive)
        writer.optional(appsFolders) { writer, folders in writer.array(folders) { $0.string($1) } }
        writer.optional(stepTimeout) { writer, timeout in Self.write(timeout, to: &writer) }
        writer.optional(source) { $0.unsigned(UInt64(RunSource.allCases.firstIndex(of: $1)!)) }
    }

    /// A step deadline as seconds and nanoseconds.
    static func write(_ timeout: Duration, to writer: inout WireWriter) {
        writer.int(Int(timeout.components.seconds))
        writer.int(Int(timeout.components.attoseconds / 1_000_000_000))
    }

    /// Reads a step deadline as any duration a `Duration` of seconds holds; the server refuses
    /// one out of `allowedStepTimeouts` with a sentence.
    static func readTimeout(from reader: inout WireReader) throws -> Duration {
        let seconds = try reader.int()
        let nanoseconds = try reader.int()
        guard (0..<1_000_000_000).contains(nanoseconds), (0...Int(Int32.max)).contains(seconds) else {
            throw reader.fault("a step timeout of \(seconds) s and \(nanoseconds) ns")
        }
        return .seconds(seconds) + .nanoseconds(nanoseconds)
    }

    public init(from reader: inout WireReader) throws {
        let intent = try reader.string()
        let app = try reader.optional { try $0.string() }
        let text: [TextParameter] = try reader.array { try $0.value() }
        let pairs = try reader.array { reader in (try reader.string(), try reader.value(IntentValue.self)) }
        var values: [String: IntentValue] = [:]
        for (name, value) in pairs {
            guard values.updateValue(value, forKey: name) == nil else { throw reader.fault("parameter \(name.debugDescription) is given twice") }
        }
        self.init(intent: intent, app: app, text: text, values: values, agreesToSystemConfirmation: try reader.bool(),
                  interactive: try reader.bool(), appsFolders: try reader.optional { reader in try reader.array { try $0.string() } },
                  stepTimeout: try reader.optional { try Self.readTimeout(from: &$0) },
                  source: try reader.optional { RunSource.allCases[try $0.tag(below: RunSource.allCases.count, of: "RunSource")] })
    }
}

extension TextParameter: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(name)
        writer.string(value)
    }

    public init(from reader: inout WireReader) throws {
        self.init(name: try reader.string(), value: try reader.string())
    }
}

extension Answer: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .value(let text): writer.unsigned(0); writer.string(text)
        case .choice(let index): writer.unsigned(1); writer.int(index)
        case .confirmation(let yes): writer.unsigned(2); writer.bool(yes)
        case .none: writer.unsigned(3)
        case .inputEnded: writer.unsigned(4)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 5, of: "Answer") {
        case 0: self = .value(try reader.string())
        case 1: self = .choice(try reader.int())
        case 2: self = .confirmation(try reader.bool())
        case 3: self = .none
        default: self = .inputEnded
        }
    }
}

extension EntitiesRequest: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.optional(app) { $0.string($1) }
        writer.string(entity)
        writer.value(query)
    }

    public init(from reader: inout WireReader) throws {
        self.init(app: try reader.optional { try $0.string() }, entity: try reader.string(), query: try reader.value())
    }
}

extension SiriAuthorizationValue: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.unsigned(UInt64(rawValue))
    }

    public init(from reader: inout WireReader) throws {
        self = Self(rawValue: try reader.tag(below: 4, of: "SiriAuthorizationValue"))!
    }
}
