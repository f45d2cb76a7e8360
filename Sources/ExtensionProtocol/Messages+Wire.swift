extension HostToExtensionMessage: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .describe(let id, let intents):
            writer.unsigned(0); writer.unsigned(id); writer.array(intents) { $0.string($1) }
        case .resolve(let id, let conversation, let intent, let parameter):
            writer.unsigned(1); writer.unsigned(id); writer.unsigned(conversation); writer.value(intent); writer.string(parameter)
        case .confirm(let id, let conversation, let intent):
            writer.unsigned(2); writer.unsigned(id); writer.unsigned(conversation); writer.value(intent)
        case .handle(let id, let conversation, let intent):
            writer.unsigned(3); writer.unsigned(id); writer.unsigned(conversation); writer.value(intent)
        case .endConversation(let conversation):
            writer.unsigned(4); writer.unsigned(conversation)
        case .assign(let principalClass, let policy):
            writer.unsigned(5); writer.string(principalClass); writer.string(policy)
        case .provideOptions(let id, let conversation, let intent, let parameter):
            writer.unsigned(6); writer.unsigned(id); writer.unsigned(conversation); writer.value(intent); writer.string(parameter)
        case .describeAppIntents(let id, let intents, let provider):
            writer.unsigned(7); writer.unsigned(id); writer.array(intents) { $0.string($1) }; writer.optional(provider) { $0.string($1) }
        case .queryEntities(let id, let entity, let request):
            writer.unsigned(8); writer.unsigned(id); writer.string(entity); writer.value(request)
        case .perform(let id, let conversation, let typeName, let intent):
            writer.unsigned(9); writer.unsigned(id); writer.unsigned(conversation); writer.string(typeName); writer.value(intent)
        case .answer(let id, let conversation, let answer):
            writer.unsigned(10); writer.unsigned(id); writer.unsigned(conversation); writer.value(answer)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 11, of: "HostToExtensionMessage") {
        case 0: self = .describe(requestID: try reader.unsigned(), intents: try reader.array { try $0.string() })
        case 1: self = .resolve(requestID: try reader.unsigned(), conversation: try reader.unsigned(), intent: try reader.value(),
                                parameter: try reader.string())
        case 2: self = .confirm(requestID: try reader.unsigned(), conversation: try reader.unsigned(), intent: try reader.value())
        case 3: self = .handle(requestID: try reader.unsigned(), conversation: try reader.unsigned(), intent: try reader.value())
        case 4: self = .endConversation(conversation: try reader.unsigned())
        case 5: self = .assign(principalClass: try reader.string(), policy: try reader.string())
        case 6: self = .provideOptions(requestID: try reader.unsigned(), conversation: try reader.unsigned(), intent: try reader.value(),
                                       parameter: try reader.string())
        case 7: self = .describeAppIntents(requestID: try reader.unsigned(), intents: try reader.array { try $0.string() },
                                           shortcutsProvider: try reader.optional { try $0.string() })
        case 8: self = .queryEntities(requestID: try reader.unsigned(), entity: try reader.string(), request: try reader.value())
        case 9: self = .perform(requestID: try reader.unsigned(), conversation: try reader.unsigned(), typeName: try reader.string(),
                                intent: try reader.value())
        default: self = .answer(requestID: try reader.unsigned(), conversation: try reader.unsigned(), answer: try reader.value())
        }
    }
}

extension ExtensionToHostMessage: WireCodable {
    public func write(to writer: inout WireWriter) {
        switch self {
        case .confined(let report):
            writer.unsigned(0); writer.value(report)
        case .ready(let principalClass, let sdkVersion):
            writer.unsigned(1); writer.string(principalClass); writer.string(sdkVersion)
        case .described(let id, let intents):
            writer.unsigned(2); writer.unsigned(id); writer.array(intents) { $0.value($1) }
        case .resolved(let id, let results):
            writer.unsigned(3); writer.unsigned(id); writer.array(results) { $0.value($1) }
        case .responded(let id, let response):
            writer.unsigned(4); writer.unsigned(id); writer.value(response)
        case .failed(let id, let failure):
            writer.unsigned(5); writer.unsigned(id); writer.value(failure)
        case .provided(let id, let options):
            writer.unsigned(6); writer.unsigned(id); writer.array(options) { $0.value($1) }
        case .appIntentsDescribed(let id, let metadata):
            writer.unsigned(7); writer.unsigned(id); writer.value(metadata)
        case .entities(let id, let entities):
            writer.unsigned(8); writer.unsigned(id); writer.array(entities) { $0.value($1) }
        case .performed(let id, let result):
            writer.unsigned(9); writer.unsigned(id); writer.value(result)
        case .asks(let id, let question):
            writer.unsigned(10); writer.unsigned(id); writer.value(question)
        }
    }

    public init(from reader: inout WireReader) throws {
        switch try reader.tag(below: 11, of: "ExtensionToHostMessage") {
        case 0: self = .confined(report: try reader.value())
        case 1: self = .ready(principalClass: try reader.string(), sdkVersion: try reader.string())
        case 2: self = .described(requestID: try reader.unsigned(), intents: try reader.array { try $0.value() })
        case 3: self = .resolved(requestID: try reader.unsigned(), results: try reader.array { try $0.value() })
        case 4: self = .responded(requestID: try reader.unsigned(), response: try reader.value())
        case 5: self = .failed(requestID: try reader.unsigned(), failure: try reader.value())
        case 6: self = .provided(requestID: try reader.unsigned(), options: try reader.array { try $0.value() })
        case 7: self = .appIntentsDescribed(requestID: try reader.unsigned(), metadata: try reader.value())
        case 8: self = .entities(requestID: try reader.unsigned(), entities: try reader.array { try $0.value() })
        case 9: self = .performed(requestID: try reader.unsigned(), result: try reader.value())
        default: self = .asks(requestID: try reader.unsigned(), question: try reader.value())
        }
    }
}
