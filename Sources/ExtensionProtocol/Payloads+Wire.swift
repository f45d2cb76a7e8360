extension IntentPayload: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(name)
        writer.optional(identifier) { $0.string($1) }
        parameters.write(to: &writer)
    }

    public init(from reader: inout WireReader) throws {
        self.init(name: try reader.string(), identifier: try reader.optional { try $0.string() },
                  parameters: try [String: IntentValue](from: &reader))
    }
}

extension ResolutionPayload: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .success(let value): writer.unsigned(0); writer.value(value)
        case .disambiguation(let choices): writer.unsigned(1); writer.array(choices) { $0.value($1) }
        case .confirmationRequired(let value): writer.unsigned(2); writer.optional(value) { $0.value($1) }
        case .needsValue: writer.unsigned(3)
        case .notRequired: writer.unsigned(4)
        case .unsupported(let reason): writer.unsigned(5); writer.optional(reason) { $0.value($1) }
        case .unimplemented: writer.unsigned(6)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 7, of: "ResolutionPayload") {
        case 0: self = .success(value: try reader.value())
        case 1: self = .disambiguation(choices: try reader.array { try $0.value() })
        case 2: self = .confirmationRequired(value: try reader.optional { try $0.value() })
        case 3: self = .needsValue
        case 4: self = .notRequired
        case 5: self = .unsupported(reason: try reader.optional { try $0.value() })
        default: self = .unimplemented
        }
    }
}

extension UnsupportedReason: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.int(code)
        writer.string(name)
        writer.optional(message) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(code: try reader.int(), name: try reader.string(), message: try reader.optional { try $0.string() })
    }
}

extension NamedValue: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(name)
        writer.value(value)
    }

    public init(from reader: inout WireReader) throws {
        self.init(name: try reader.string(), value: try reader.value())
    }
}

extension UserActivityPayload: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(activityType)
        writer.optional(title) { $0.string($1) }
        userInfo.write(to: &writer)
    }

    public init(from reader: inout WireReader) throws {
        self.init(activityType: try reader.string(), title: try reader.optional { try $0.string() },
                  userInfo: try [String: IntentValue](from: &reader))
    }
}

extension ResponsePayload: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.int(code)
        writer.string(codeName)
        writer.string(category.rawValue)
        writer.array(output) { $0.value($1) }
        writer.optional(userActivity) { $0.value($1) }
    }

    public init(from reader: inout WireReader) throws {
        let code = try reader.int(), name = try reader.string(), categoryName = try reader.string()
        guard let category = ResponseCategory(rawValue: categoryName) else { throw reader.fault("unknown response category \"\(categoryName)\"") }
        self.init(code: code, codeName: name, category: category, output: try reader.array { try $0.value() },
                  userActivity: try reader.optional { try $0.value() })
    }
}

extension ExtensionFailure: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(code.rawValue)
        writer.string(message)
    }

    public init(from reader: inout WireReader) throws {
        let codeName = try reader.string()
        guard let code = Code(rawValue: codeName) else { throw reader.fault("unknown failure code \"\(codeName)\"") }
        self.init(code, try reader.string())
    }
}

extension ParameterSchema: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(name)
        writer.string(title)
        writer.string(type.rawValue)
        writer.bool(isList)
        writer.array(enumerationCases) { $0.value($1) }
        writer.bool(providesOptions)
        writer.bool(acceptsTypedName)
        writer.optional(relationship) { $0.value($1) }
    }

    public init(from reader: inout WireReader) throws {
        let name = try reader.string(), title = try reader.string(), typeName = try reader.string()
        guard let type = ValueType(rawValue: typeName) else { throw reader.fault("unknown value type \"\(typeName)\"") }
        self.init(name: name, title: title, type: type, isList: try reader.bool(), enumerationCases: try reader.array { try $0.value() },
                  providesOptions: try reader.bool(), acceptsTypedName: try reader.bool(),
                  relationship: try reader.optional { try $0.value() })
    }
}

extension ParameterRelationship: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(parent)
        writer.array(values) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        let parent = try reader.string()
        let values = try reader.array { try $0.string() }
        guard values.count <= Self.maximumValues else {
            throw reader.fault("a parameter relationship lists \(values.count) values, more than \(Self.maximumValues)")
        }
        self.init(parent: parent, values: values)
    }
}

extension IntentSchema: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(name)
        writer.array(parameters) { $0.value($1) }
        writer.optional(title) { $0.string($1) }
        writer.bool(userConfirmationRequired)
    }

    public init(from reader: inout WireReader) throws {
        self.init(name: try reader.string(), parameters: try reader.array { try $0.value() },
                  title: try reader.optional { try $0.string() }, userConfirmationRequired: try reader.bool())
    }
}

/// `privateRoot` is not sent: only a continued app gets a root of its own, and it reports its
/// confinement as JSON, never in a frame.
extension ConfinementReport: WireCodable {
    public func write(to writer: inout WireWriter) {
        for flag in [descriptorsClosed, parentDeathSignal, resourceLimits, userNamespace, networkNamespace,
                     ipcNamespace, pidNamespace, threadsCgroup, capabilitiesDropped, noNewPrivileges, seccomp] {
            writer.bool(flag)
        }
        writer.int(landlockABI)
        writer.array(problems) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init()
        descriptorsClosed = try reader.bool()
        parentDeathSignal = try reader.bool()
        resourceLimits = try reader.bool()
        userNamespace = try reader.bool()
        networkNamespace = try reader.bool()
        ipcNamespace = try reader.bool()
        pidNamespace = try reader.bool()
        threadsCgroup = try reader.bool()
        capabilitiesDropped = try reader.bool()
        noNewPrivileges = try reader.bool()
        seccomp = try reader.bool()
        landlockABI = try reader.int()
        problems = try reader.array { try $0.string() }
    }
}
