import SiriKitDomains

/// Writes one system intent from its domain data: the intent class with Apple's initializer,
/// its handling protocol, and its response with the codes numbered as Apple numbers them.
struct SystemIntentEmitter {
    let intent: SystemIntent
    let table: SystemTypeTable

    func emit(into out: inout SourceWriter) throws {
        try emitIntent(into: &out)
        try handling().emitProtocol(into: &out)
        try emitResponse(into: &out)
    }

    private func emitIntent(into out: inout SourceWriter) throws {
        let handling = try handling()
        out.line()
        out.doc(intent.summary)
        try out.block("open class \(intent.name): INIntent") { out in
            for parameter in intent.parameters {
                out.line(try declaration(of: parameter.property, setter: "internal(set)", owner: intent.name))
            }
            out.line()
            out.block("public required init()") { $0.line("super.init()") }
            if !intent.parameters.isEmpty {
                out.line()
                SystemInitializer(properties: intent.parameters.map(\.property), labels: [:]).emit(into: &out, prefix: "public",
                                                                                                     superCall: "super.init()", first: true)
            }
            out.line()
            handling.emitTable(into: &out, override: "override")
        }
    }

    private func handling() throws -> HandlingEmitter {
        let resolvers = try intent.parameters.filter(\.resolves).map { parameter in
            let result = try parameter.result ?? table.kindResult(of: parameter.property, owner: intent.name)
            guard table.isResult(result) else {
                throw IntentDefinitionError("SiriKit domain data: \(intent.name).\(parameter.name) is resolved with \(result), which no domain declares.")
            }
            return HandlingEmitter.Resolver(parameter: parameter.name, result: result, isList: parameter.property.isList)
        }
        return HandlingEmitter(intentClass: intent.name, responseClass: intent.name + "Response", access: "public",
                               resolvers: resolvers, optionsProviders: [],
                               otherRequirements: intent.otherRequirements.map { ($0.declaration, $0.defaultBody) })
    }

    private func emitResponse(into out: inout SourceWriter) throws {
        let response = intent.name + "Response"
        out.line()
        out.doc("The codes of \(response), numbered as Apple numbers them.")
        out.block("public enum \(response)Code: Int, INSystemIntentResponseCode, Sendable") { out in
            for code in intent.numberedResponseCodes { out.line("case \(SwiftSource.identifier(code.name)) = \(code.number)") }
        }
        out.line()
        out.doc("The answer to \(intent.name).")
        try out.block("open class \(response): INIntentResponse") { out in
            for output in intent.outputs {
                out.line(try declaration(of: output, setter: nil, owner: response))
            }
            out.line("public private(set) var code: \(response)Code = .unspecified")
            out.line()
            out.block("public required init()") { $0.line("super.init()") }
            out.line()
            out.block("public init(code: \(response)Code, userActivity: NSUserActivity?)") { out in
                out.line("super.init(responseCode: code, userActivity: userActivity)")
                out.line("self.code = code")
            }
        }
    }

    /// A stored property of an intent or response: wrapped so that it crosses the boundary,
    /// non-optional for enums and option sets as in Apple's API.
    private func declaration(of property: SystemProperty, setter: String?, owner: String) throws -> String {
        let entry = try table.entry(of: property, owner: owner)
        let name = SwiftSource.identifier(property.name)
        let access = setter.map { "public \($0)" } ?? "public"
        var arguments: [String] = []
        if let title = property.title { arguments.append("title: \(SwiftSource.literal(title))") }
        guard property.crossesBoundary else {
            return "\(access) var \(name): \(SystemTypeTable.swiftType(of: property))"
        }
        switch entry.kind {
        case .enumeration where property.isRequired && !property.isList:
            return "@IntentEnumParameter\(Self.arguments(arguments)) \(access) var \(name): \(property.type)"
        case .optionSet where property.isRequired && !property.isList:
            return "@IntentOptionsParameter\(Self.arguments(arguments)) \(access) var \(name): \(property.type)"
        default:
            guard !property.isRequired else {
                throw IntentDefinitionError("SiriKit domain data: \(owner).\(property.name) is required, which only enum and option-set parameters can be.")
            }
            if let valueType = property.valueType { arguments.append("valueType: .\(valueType)") }
            return "@IntentParameter\(Self.arguments(arguments)) \(access) var \(name): \(SystemTypeTable.swiftType(of: property))"
        }
    }

    private static func arguments(_ list: [String]) -> String {
        list.isEmpty ? "" : "(\(list.joined(separator: ", ")))"
    }
}

/// Apple's memberwise initializer of an intent or a value type: `init(targetTaskList:taskTitles:...)`.
struct SystemInitializer {
    let properties: [SystemProperty]
    let labels: [String: String]

    func emit(into out: inout SourceWriter, prefix: String, superCall: String, first: Bool) {
        let arguments = properties.map { property in
            let name = SwiftSource.identifier(property.name)
            let label = labels[property.name].map { $0 == property.name ? name : "\(SwiftSource.identifier($0)) \(name)" } ?? name
            let value = property.defaultValue.map { " = \($0)" } ?? ""
            return "\(label): \(SystemTypeTable.swiftType(of: property))\(value)"
        }
        out.block("\(prefix) init(\(arguments.joined(separator: ", ")))") { out in
            if first { out.line(superCall) }
            for property in properties {
                let name = SwiftSource.identifier(property.name)
                out.line("self.\(name) = \(name)")
            }
            if !first { out.line(superCall) }
        }
    }
}
