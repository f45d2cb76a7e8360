import IntentsClient
import MCP
import SiriKitDomains

/// The JSON Schemas and annotations of the bridge's tools, from what the host knows of each
/// intent: an App Intent's metadata (read from its library by the host, never from what the
/// extension says at run time), a SiriKit system intent's domain, a custom intent's name.
enum AgentToolSchemas {
    // MARK: App Intents

    /// - Parameter suggested: the entities the app's query suggests for an entity type.
    static func tool(named name: String, appIntent schema: AppIntentSchema, of target: AgentToolSet.Target, in bundle: CatalogExtension,
                     suggested: (String) -> [String] = { _ in [] }) -> Tool {
        var properties: [String: Value] = [:]
        var required: [Value] = []
        for parameter in schema.parameters {
            properties[parameter.name] = parameterSchema(parameter, in: bundle, suggested: parameter.typeName.map(suggested) ?? [])
            if parameter.isRequired { required.append(.string(parameter.name)) }
        }
        var input: [String: Value] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { input["required"] = .array(required) }
        var description = schema.description ?? schema.title
        description += " (App Intent \(schema.name) of \(target.appName).)"
        if schema.authenticationPolicy != .alwaysAllowed { description += " Runs only while the device is unlocked." }
        if schema.openAppWhenRun { description += " Opens its app when it runs." }
        return Tool(name: name, title: "\(target.appName): \(schema.title)", description: description, inputSchema: .object(input),
                    // The host knows nothing of what perform() does: only the title, no hint.
                    annotations: Tool.Annotations(title: schema.title),
                    outputSchema: schema.returnType.map(outputSchema(returning:)))
    }

    private static func parameterSchema(_ parameter: AppParameterSchema, in bundle: CatalogExtension, suggested: [String]) -> Value {
        var item = valueSchema(kind: parameter.kind, typeName: parameter.typeName, in: bundle)
        if var object = item.objectValue {
            if let minimum = parameter.minimum { object["minimum"] = .double(minimum) }
            if let maximum = parameter.maximum { object["maximum"] = .double(maximum) }
            item = .object(object)
        }
        var schema: [String: Value]
        if parameter.isList {
            schema = ["type": "array", "items": item]
        } else {
            schema = item.objectValue ?? [:]
        }
        schema["title"] = .string(parameter.title)
        var description = parameter.description ?? parameter.requestValueDialog ?? parameter.title
        if parameter.kind == .entity, let type = parameter.typeName {
            let name = bundle.entities.first { $0.typeName == type }?.displayName ?? type
            description += " (a \(name), given as text that the app's entity query matches)"
            if parameter.kind == .entity, !suggested.isEmpty {
                // The extension's words: data for the agent, each a name its query matches.
                description += "; suggested: " + suggested.map { "\"\($0.replacingOccurrences(of: "\"", with: "'"))\"" }.joined(separator: ", ")
                schema["examples"] = .array(suggested.map { parameter.isList ? .array([.string($0)]) : .string($0) })
            }
        }
        schema["description"] = .string(description)
        return .object(schema)
    }

    /// A value of `kind`: an enum's cases by identifier, an entity as text.
    private static func valueSchema(kind: AppValueKind, typeName: String?, in bundle: CatalogExtension) -> Value {
        switch kind {
        case .string, .entity: return ["type": "string"]
        case .integer: return ["type": "integer"]
        case .double: return ["type": "number"]
        case .boolean: return ["type": "boolean"]
        case .date: return ["type": "string", "format": "date-time"]
        case .url: return ["type": "string", "format": "uri"]
        case .enumeration:
            guard let cases = bundle.enums.first(where: { $0.typeName == typeName })?.cases, !cases.isEmpty else { return ["type": "string"] }
            let titles = cases.map { "\($0.identifier): \($0.title)" }.joined(separator: ", ")
            return ["type": "string", "enum": .array(cases.map { .string($0.identifier) }), "description": .string(titles)]
        }
    }

    /// What a call's structured content holds when the intent returns a value: how it ended,
    /// what it said, and the value.
    private static func outputSchema(returning type: AppValueTypeSchema) -> Value {
        let value: Value = switch type.kind {
        case .string, .date, .url, .enumeration: ["type": "string"]
        case .integer: ["type": "integer"]
        case .double: ["type": "number"]
        case .boolean: ["type": "boolean"]
        case .entity: ["type": "object"]
        }
        let valueSchema: Value = type.isList ? ["type": "array", "items": value] : value
        return ["type": "object",
                "properties": ["status": ["type": "string"], "dialog": ["type": "string"], "value": valueSchema],
                "required": ["status"]]
    }

    // MARK: SiriKit intents

    static func tool(named name: String, siriKit intent: CatalogSiriKitIntent, of target: AgentToolSet.Target) -> Tool {
        let system = SiriKitDomain.intentsByName[intent.name]
        var input: [String: Value] = ["type": "object"]
        if system != nil || !intent.parameters.isEmpty {
            var properties: [String: Value] = [:]
            for parameter in intent.parameters {
                let text: Value = ["type": "string",
                                   "description": .string("\(parameter.type)\(parameter.isList ? " list, comma-separated" : ""), as a person would say it")]
                properties[parameter.name] = text
            }
            input["properties"] = .object(properties)
            input["additionalProperties"] = false
        } else {
            // A custom intent: its extension describes its parameters when it runs.
            input["additionalProperties"] = ["type": "string"]
        }
        var description = system?.summary ?? "The custom SiriKit intent \(intent.name) of \(target.appName)."
        if let prompt = system?.confirmationPrompt.flatMap({ $0.isEmpty ? nil : $0 }) {
            description += " The host asks the user to confirm before it is handled (\"\(prompt)\")."
        }
        if intent.restrictedWhileLocked { description += " Refused while the device is locked." }
        description += " Values the extension needs and were not given are asked of the user."
        return Tool(name: name, title: "\(target.appName): \(intent.name)", description: description, inputSchema: .object(input),
                    annotations: annotations(ofSiriKit: intent.name))
    }

    /// What the SiriKit domains say of a system intent: a search or get reads, a create, add
    /// or append adds without destroying, and messages, calls, payments, rides and
    /// reservations reach people or services beyond the device. Nothing for a custom intent.
    static func annotations(ofSiriKit name: String) -> Tool.Annotations {
        guard SiriKitDomain.intentsByName[name] != nil else { return nil }
        let reads = ["INSearch", "INGet"].contains { name.hasPrefix($0) }
        let adds = ["INCreate", "INAdd", "INAppend"].contains { name.hasPrefix($0) }
        let outward = ["INSendMessage", "INStartCall", "INSendPayment", "INRequestPayment", "INRequestRide", "INBookRestaurant", "INTransferMoney",
                       "INPayBill"].contains { name.hasPrefix($0) }
        return Tool.Annotations(readOnlyHint: reads, destructiveHint: reads || adds ? false : nil,
                                openWorldHint: outward ? true : nil)
    }
}

extension Value {
    var objectValue: [String: Value]? {
        if case .object(let object) = self { return object }
        return nil
    }
}
