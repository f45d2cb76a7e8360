import ExtensionProtocol

extension HostSetup: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(lockState)
        writer.optional(lockStateProblem) { $0.string($1) }
        writer.string(stateFolder)
        writer.array(appsFolders) { $0.string($1) }
        writer.string(runner)
        for count in [apps, extensions, faults, conflicts] { writer.int(count) }
        writer.value(sandbox)
    }

    public init(from reader: inout WireReader) throws {
        self.init(lockState: try reader.string(), lockStateProblem: try reader.optional { try $0.string() }, stateFolder: try reader.string(),
                  appsFolders: try reader.array { try $0.string() }, runner: try reader.string(), apps: try reader.int(),
                  extensions: try reader.int(), faults: try reader.int(), conflicts: try reader.int(), sandbox: try reader.value())
    }
}

extension SandboxSetup: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.optional(problem) { $0.string($1) }
        writer.array(layers) { $0.string($1) }
        writer.int(landlockABI)
        writer.array(missingRequired) { $0.string($1) }
        writer.array(problems) { $0.string($1) }
        writer.string(threadCap)
    }

    public init(from reader: inout WireReader) throws {
        self.init(problem: try reader.optional { try $0.string() }, layers: try reader.array { try $0.string() }, landlockABI: try reader.int(),
                  missingRequired: try reader.array { try $0.string() }, problems: try reader.array { try $0.string() },
                  threadCap: try reader.string())
    }
}

extension AuthorizeRequest: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.optional(app) { $0.string($1) }
        writer.optional(status) { $0.value($1) }
        writer.optional(appsFolders) { writer, folders in writer.array(folders) { $0.string($1) } }
        writer.bool(agents)
    }

    public init(from reader: inout WireReader) throws {
        self.init(app: try reader.optional { try $0.string() }, status: try reader.optional { try $0.value() },
                  appsFolders: try reader.optional { reader in try reader.array { try $0.string() } }, agents: try reader.bool())
    }
}

extension AppAuthorization: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(app)
        writer.string(name)
        writer.value(status)
        writer.bool(canAsk)
        writer.optional(pendingRequest) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(app: try reader.string(), name: try reader.string(), status: try reader.value(), canAsk: try reader.bool(),
                  pendingRequest: try reader.optional { try $0.string() })
    }
}
