import ExtensionProtocol

extension SayRequest: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(phrase)
        writer.bool(agreesToSystemConfirmation)
        writer.bool(interactive)
        writer.optional(appsFolders) { writer, folders in writer.array(folders) { $0.string($1) } }
        writer.optional(stepTimeout) { writer, timeout in RunRequest.write(timeout, to: &writer) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(phrase: try reader.string(), agreesToSystemConfirmation: try reader.bool(), interactive: try reader.bool(),
                  appsFolders: try reader.optional { reader in try reader.array { try $0.string() } },
                  stepTimeout: try reader.optional { try RunRequest.readTimeout(from: &$0) })
    }
}

extension SpokenOutcome: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.array(warnings) { $0.string($1) }
        switch kind {
        case .help(let help):
            writer.unsigned(0)
            writer.bool(help.everyApp)
            writer.array(help.shortcuts) { writer, shortcut in
                for text in [shortcut.app, shortcut.appName, shortcut.intent, shortcut.phrase] { writer.string(text) }
                writer.optional(shortcut.shortTitle) { $0.string($1) }
                writer.optional(shortcut.description) { $0.string($1) }
            }
        case .unmatched(let miss):
            writer.unsigned(1)
            writer.string(miss.status)
            writer.string(miss.message)
            writer.array(miss.nearest) { $0.string($1) }
        case .matched(let match):
            writer.unsigned(2)
            writer.string(match.phrase)
            writer.string(match.kind)
            writer.string(match.description)
            writer.array(match.parameters) { $0.value($1) }
            writer.optional(match.intent) { $0.string($1) }
            writer.optional(match.app) { $0.string($1) }
            writer.array(match.claimants) { $0.string($1) }
        case .failed(let failure):
            writer.unsigned(3)
            writer.value(failure)
        }
    }

    public init(from reader: inout WireReader) throws {
        let warnings = try reader.array { try $0.string() }
        switch try reader.tag(below: 4, of: "SpokenOutcome") {
        case 0:
            let everyApp = try reader.bool()
            let shortcuts = try reader.array { reader in
                SpokenHelp.Shortcut(app: try reader.string(), appName: try reader.string(), intent: try reader.string(), phrase: try reader.string(),
                                    shortTitle: try reader.optional { try $0.string() }, description: try reader.optional { try $0.string() })
            }
            self.init(warnings: warnings, kind: .help(SpokenHelp(everyApp: everyApp, shortcuts: shortcuts)))
        case 1:
            self.init(warnings: warnings, kind: .unmatched(SpokenMiss(status: try reader.string(), message: try reader.string(),
                                                                     nearest: try reader.array { try $0.string() })))
        case 2:
            self.init(warnings: warnings, kind: .matched(SpokenMatch(phrase: try reader.string(), kind: try reader.string(), description: try reader.string(),
                                                                    parameters: try reader.array { try $0.value() },
                                                                    intent: try reader.optional { try $0.string() },
                                                                    app: try reader.optional { try $0.string() },
                                                                    claimants: try reader.array { try $0.string() })))
        default:
            self.init(warnings: warnings, kind: .failed(try reader.value()))
        }
    }
}

extension ActivityContinuationResult: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(app)
        writer.int(Int(status))
        writer.string(output)
    }

    public init(from reader: inout WireReader) throws {
        let app = try reader.string()
        let status = try reader.int()
        guard let status = Int32(exactly: status) else { throw reader.fault("an exit status of \(status)") }
        self.init(app: app, status: status, output: try reader.string())
    }
}
