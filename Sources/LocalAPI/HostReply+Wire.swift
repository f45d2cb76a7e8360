import ExtensionProtocol

extension HostReply: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .catalog(let catalog): writer.unsigned(0); writer.value(catalog)
        case .policyMatrix(let table): writer.unsigned(1); writer.value(table)
        case .question(let question): writer.unsigned(2); writer.value(question)
        case .notice(let notice): writer.unsigned(3); writer.value(notice)
        case .conversation(let result): writer.unsigned(4); writer.value(result)
        case .entities(let values): writer.unsigned(5); writer.array(values) { $0.value($1) }
        case .enumCases(let cases): writer.unsigned(6); writer.array(cases) { $0.string($1.identifier); $0.string($1.title) }
        case .phraseMatches(let matches): writer.unsigned(7); writer.array(matches) { $0.value($1) }
        case .status(let status): writer.unsigned(8); writer.value(status)
        case .done: writer.unsigned(9)
        case .failure(let failure): writer.unsigned(10); writer.value(failure)
        case .authorizations(let list): writer.unsigned(11); writer.array(list) { $0.value($1) }
        case .setup(let setup): writer.unsigned(12); writer.value(setup)
        case .vocabulary(let listing): writer.unsigned(13); writer.value(listing)
        case .apps(let listing): writer.unsigned(14); writer.value(listing)
        case .spoken(let outcome): writer.unsigned(15); writer.value(outcome)
        case .continuation(let result): writer.unsigned(16); writer.value(result)
        case .donations(let listing): writer.unsigned(17); writer.value(listing)
        case .deleted(let count): writer.unsigned(18); writer.int(count)
        case .voiceShortcuts(let listing): writer.unsigned(19); writer.value(listing)
        case .voiceShortcut(let shortcut): writer.unsigned(20); writer.value(shortcut)
        case .suggestions(let listing): writer.unsigned(21); writer.value(listing)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 22, of: "HostReply") {
        case 0: self = .catalog(try reader.value())
        case 1: self = .policyMatrix(try reader.value())
        case 2: self = .question(try reader.value())
        case 3: self = .notice(try reader.value())
        case 4: self = .conversation(try reader.value())
        case 5: self = .entities(try reader.array { try $0.value() })
        case 6: self = .enumCases(try reader.array { AppEnumCase(identifier: try $0.string(), title: try $0.string()) })
        case 7: self = .phraseMatches(try reader.array { try $0.value() })
        case 8: self = .status(try reader.value())
        case 9: self = .done
        case 10: self = .failure(try reader.value())
        case 11: self = .authorizations(try reader.array { try $0.value() })
        case 12: self = .setup(try reader.value())
        case 13: self = .vocabulary(try reader.value())
        case 14: self = .apps(try reader.value())
        case 15: self = .spoken(try reader.value())
        case 16: self = .continuation(try reader.value())
        case 17: self = .donations(try reader.value())
        case 18: self = .deleted(try reader.int())
        case 19: self = .voiceShortcuts(try reader.value())
        case 20: self = .voiceShortcut(try reader.value())
        default: self = .suggestions(try reader.value())
        }
    }
}

extension HostFailure: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(code)
        writer.string(message)
        writer.optional(rule) { $0.string($1) }
        writer.optional(extensionBundle) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(code: try reader.string(), message: try reader.string(), rule: try reader.optional { try $0.string() },
                  extensionBundle: try reader.optional { try $0.string() })
    }
}

extension Question: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(kind.rawValue)
        writer.optional(parameter) { $0.string($1) }
        writer.string(text)
        writer.array(choices) { $0.string($1) }
        writer.bool(choosesApp)
    }

    public init(from reader: inout WireReader) throws {
        let kindName = try reader.string()
        guard let kind = Kind(rawValue: kindName) else { throw reader.fault("\(kindName.debugDescription) is not a question kind") }
        self.init(kind: kind, parameter: try reader.optional { try $0.string() }, text: try reader.string(),
                  choices: try reader.array { try $0.string() }, choosesApp: try reader.bool())
    }
}

extension AnsweredQuestion: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.value(question)
        writer.optional(answer) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(question: try reader.value(), answer: try reader.optional { try $0.string() })
    }
}

extension ConversationResult: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(extensionBundle)
        writer.value(intent)
        writer.value(schema)
        writer.string(status.rawValue)
        writer.string(step)
        writer.value(response)
        writer.optional(appIntentResult) { $0.value($1) }
        writer.array(transcript) { $0.value($1) }
    }

    public init(from reader: inout WireReader) throws {
        let bundle = try reader.string()
        let intent: IntentPayload = try reader.value()
        let schema: IntentSchema = try reader.value()
        let statusName = try reader.string()
        guard let status = Status(rawValue: statusName) else { throw reader.fault("\(statusName.debugDescription) is not a conversation status") }
        self.init(extensionBundle: bundle, intent: intent, schema: schema, status: status, step: try reader.string(),
                  response: try reader.value(), appIntentResult: try reader.optional { try $0.value() },
                  transcript: try reader.array { try $0.value() })
    }
}

extension PhraseMatch: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(app); writer.string(intent); writer.string(kind); writer.string(phrase); writer.int(strength)
        writer.array(parameters) { $0.value($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(app: try reader.string(), intent: try reader.string(), kind: try reader.string(), phrase: try reader.string(),
                  strength: try reader.int(), parameters: try reader.array { try $0.value() })
    }
}

extension HostStatus: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(lockState)
        writer.array(pendingAuthorizations) { $0.string($1) }
        writer.bool(testControl)
    }

    public init(from reader: inout WireReader) throws {
        self.init(lockState: try reader.string(), pendingAuthorizations: try reader.array { try $0.string() }, testControl: try reader.bool())
    }
}

extension CatalogSnapshot: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.array(apps) { $0.value($1) }
        writer.array(faults) { $0.string($1) }
        writer.int(generation)
    }

    public init(from reader: inout WireReader) throws {
        self.init(apps: try reader.array { try $0.value() }, faults: try reader.array { try $0.string() }, generation: try reader.int())
    }
}

extension CatalogApp: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(bundleIdentifier); writer.string(displayName); writer.array(extensions) { $0.value($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(bundleIdentifier: try reader.string(), displayName: try reader.string(), extensions: try reader.array { try $0.value() })
    }
}

extension CatalogExtension: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(bundleIdentifier)
        writer.array(siriKitIntents) { $0.value($1) }
        writer.array(appIntents) { $0.value($1) }
        writer.bool(appIntentsKnown)
        writer.array(entities) { $0.value($1) }
        writer.array(enums) { $0.value($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(bundleIdentifier: try reader.string(), siriKitIntents: try reader.array { try $0.value() },
                  appIntents: try reader.array { try $0.value() }, appIntentsKnown: try reader.bool(),
                  entities: try reader.array { try $0.value() }, enums: try reader.array { try $0.value() })
    }
}

extension CatalogSiriKitIntent: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(name); writer.bool(restrictedWhileLocked); writer.bool(isShared); writer.array(parameters) { $0.value($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(name: try reader.string(), restrictedWhileLocked: try reader.bool(), isShared: try reader.bool(),
                  parameters: try reader.array { try $0.value() })
    }
}

extension CatalogParameter: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(name); writer.string(type); writer.bool(isList); writer.bool(isRequired)
    }

    public init(from reader: inout WireReader) throws {
        self.init(name: try reader.string(), type: try reader.string(), isList: try reader.bool(), isRequired: try reader.bool())
    }
}

extension PolicyTable: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.array(columns) { writer, column in
            writer.string(column.lockState); writer.bool(column.authorized); writer.string(column.source)
        }
        writer.array(rows) { writer, row in
            writer.optional(row.app) { $0.string($1) }
            writer.optional(row.appName) { $0.string($1) }
            writer.optional(row.extensionBundle) { $0.string($1) }
            writer.string(row.name)
            writer.string(row.kind)
            writer.array(row.cells) { writer, cell in
                writer.string(cell.verdict)
                writer.optional(cell.rule) { $0.string($1) }
                writer.optional(cell.reason) { $0.string($1) }
            }
        }
        writer.array(problems) { $0.string($1) }
        writer.array(rules) { writer, rule in writer.string(rule.name); writer.string(rule.meaning) }
        writer.string(currentLockState)
        writer.optional(lockStateProblem) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        let columns = try reader.array { reader in
            Column(lockState: try reader.string(), authorized: try reader.bool(), source: try reader.string())
        }
        let rows = try reader.array { reader in
            Row(app: try reader.optional { try $0.string() }, appName: try reader.optional { try $0.string() },
                extensionBundle: try reader.optional { try $0.string() },
                name: try reader.string(), kind: try reader.string(),
                cells: try reader.array { reader in
                    Cell(verdict: try reader.string(), rule: try reader.optional { try $0.string() }, reason: try reader.optional { try $0.string() })
                })
        }
        self.init(columns: columns, rows: rows, problems: try reader.array { try $0.string() },
                  rules: try reader.array { reader in Rule(name: try reader.string(), meaning: try reader.string()) },
                  currentLockState: try reader.string(), lockStateProblem: try reader.optional { try $0.string() })
    }
}
