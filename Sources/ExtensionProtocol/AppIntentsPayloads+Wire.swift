extension AppIntentsMetadata: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.array(intents) { $0.value($1) }
        writer.array(entities) { $0.value($1) }
        writer.array(enums) { $0.value($1) }
        writer.array(shortcuts) { $0.value($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(intents: try reader.array { try $0.value() }, entities: try reader.array { try $0.value() },
                  enums: try reader.array { try $0.value() }, shortcuts: try reader.array { try $0.value() })
    }
}

extension AppIntentSchema: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(name); writer.string(typeName); writer.string(title)
        writer.optional(description) { $0.string($1) }
        writer.string(authenticationPolicy.rawValue)
        writer.bool(openAppWhenRun)
        writer.array(parameters) { $0.value($1) }
        writer.bool(isDiscoverable)
        writer.optional(parameterSummary) { $0.string($1) }
        writer.optional(returnType) { $0.value($1) }
        writer.optional(unavailableReason) { $0.string($1) }
        writer.optional(customIntentClassName) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        let name = try reader.string(), typeName = try reader.string(), title = try reader.string()
        let description = try reader.optional { try $0.string() }
        let policyName = try reader.string()
        guard let policy = AppIntentAuthenticationPolicy(rawValue: policyName) else {
            throw reader.fault("\(policyName.debugDescription) is not an authentication policy")
        }
        self.init(name: name, typeName: typeName, title: title, description: description, authenticationPolicy: policy,
                  openAppWhenRun: try reader.bool(), parameters: try reader.array { try $0.value() }, isDiscoverable: try reader.bool(),
                  parameterSummary: try reader.optional { try $0.string() }, returnType: try reader.optional { try $0.value() },
                  unavailableReason: try reader.optional { try $0.string() }, customIntentClassName: try reader.optional { try $0.string() })
    }
}

extension AppParameterSchema: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(name); writer.string(title); writer.string(kind.rawValue)
        writer.optional(typeName) { $0.string($1) }
        writer.bool(isOptional); writer.bool(isList); writer.bool(hasDefault)
        writer.optional(requestValueDialog) { $0.string($1) }
        writer.optional(description) { $0.string($1) }
        writer.optional(requestDisambiguationDialog) { $0.string($1) }
        writer.optional(minimum) { $0.double($1) }
        writer.optional(maximum) { $0.double($1) }
    }

    public init(from reader: inout WireReader) throws {
        let name = try reader.string(), title = try reader.string(), kindName = try reader.string()
        guard let kind = AppValueKind(rawValue: kindName) else { throw reader.fault("\(kindName.debugDescription) is not a parameter kind") }
        self.init(name: name, title: title, kind: kind, typeName: try reader.optional { try $0.string() }, isOptional: try reader.bool(),
                  isList: try reader.bool(), hasDefault: try reader.bool(), requestValueDialog: try reader.optional { try $0.string() },
                  description: try reader.optional { try $0.string() }, requestDisambiguationDialog: try reader.optional { try $0.string() },
                  minimum: try reader.optional { try $0.double() }, maximum: try reader.optional { try $0.double() })
    }
}

extension AppEntitySchema: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(typeName); writer.string(displayName); writer.bool(matchesStrings); writer.bool(isEnumerable)
        writer.array(properties) { $0.value($1) }
        writer.bool(isTransient)
    }

    public init(from reader: inout WireReader) throws {
        self.init(typeName: try reader.string(), displayName: try reader.string(), matchesStrings: try reader.bool(),
                  isEnumerable: try reader.bool(), properties: try reader.array { try $0.value() }, isTransient: try reader.bool())
    }
}

extension AppValueTypeSchema: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(kind.rawValue)
        writer.optional(typeName) { $0.string($1) }
        writer.bool(isOptional); writer.bool(isList)
    }

    public init(from reader: inout WireReader) throws {
        let kindName = try reader.string()
        guard let kind = AppValueKind(rawValue: kindName) else { throw reader.fault("\(kindName.debugDescription) is not a value kind") }
        self.init(kind: kind, typeName: try reader.optional { try $0.string() }, isOptional: try reader.bool(), isList: try reader.bool())
    }
}

extension AppEntityPropertySchema: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(name); writer.string(title); writer.value(type)
    }

    public init(from reader: inout WireReader) throws {
        self.init(name: try reader.string(), title: try reader.string(), type: try reader.value())
    }
}

extension AppEnumSchema: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(typeName); writer.string(displayName)
        writer.array(cases) { $0.string($1.identifier); $0.string($1.title) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(typeName: try reader.string(), displayName: try reader.string(),
                  cases: try reader.array { AppEnumCase(identifier: try $0.string(), title: try $0.string()) })
    }
}

extension AppShortcutSchema: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(intent)
        writer.array(phrases) { $0.string($1) }
        writer.optional(shortTitle) { $0.string($1) }
        writer.optional(systemImageName) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(intent: try reader.string(), phrases: try reader.array { try $0.string() },
                  shortTitle: try reader.optional { try $0.string() }, systemImageName: try reader.optional { try $0.string() })
    }
}

extension EntityQueryRequest: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .suggested: writer.unsigned(0)
        case .matching(let text): writer.unsigned(1); writer.string(text)
        case .identifiers(let identifiers): writer.unsigned(2); writer.array(identifiers) { $0.string($1) }
        case .all: writer.unsigned(3)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 4, of: "EntityQueryRequest") {
        case 0: self = .suggested
        case 1: self = .matching(try reader.string())
        case 2: self = .identifiers(try reader.array { try $0.string() })
        default: self = .all
        }
    }
}

extension AppIntentQuestion: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(kind.rawValue)
        writer.optional(parameter) { $0.string($1) }
        writer.optional(dialog) { $0.string($1) }
        writer.array(choices) { $0.value($1) }
        writer.optional(subject) { $0.value($1) }
    }

    public init(from reader: inout WireReader) throws {
        let kindName = try reader.string()
        guard let kind = Kind(rawValue: kindName) else { throw reader.fault("\(kindName.debugDescription) is not a kind of question") }
        self.init(kind: kind, parameter: try reader.optional { try $0.string() }, dialog: try reader.optional { try $0.string() },
                  choices: try reader.array { try $0.value() }, subject: try reader.optional { try $0.value() })
    }
}

extension AppIntentAnswer: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .value(let value): writer.unsigned(0); writer.value(value)
        case .choice(let index): writer.unsigned(1); writer.int(index)
        case .confirmation(let flag): writer.unsigned(2); writer.bool(flag)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 3, of: "AppIntentAnswer") {
        case 0: self = .value(try reader.value())
        case 1: self = .choice(try reader.int())
        default: self = .confirmation(try reader.bool())
        }
    }
}

extension AppIntentResultPayload: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.optional(dialog) { $0.string($1) }
        writer.optional(snippet) { $0.string($1.format.rawValue); $0.string($1.content) }
        writer.optional(value) { $0.value($1) }
        writer.bool(opensApp)
        writer.optional(failure) { $0.string($1) }
        writer.bool(declinedByUser)
        writer.optional(failureCase) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        let dialog = try reader.optional { try $0.string() }
        let snippet = try reader.optional { reader -> SnippetPayload in
            let formatName = try reader.string()
            guard let format = SnippetPayload.Format(rawValue: formatName) else {
                throw reader.fault("\(formatName.debugDescription) is not a snippet format")
            }
            return SnippetPayload(format: format, content: try reader.string())
        }
        self.init(dialog: dialog, snippet: snippet, value: try reader.optional { try $0.value() }, opensApp: try reader.bool(),
                  failure: try reader.optional { try $0.string() }, declinedByUser: try reader.bool(),
                  failureCase: try reader.optional { try $0.string() })
    }
}
