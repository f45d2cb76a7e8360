import Foundation
import ExtensionProtocol

/// Answers host requests with one `INExtension` instance: the SDK's half of the protocol,
/// free of sockets so that a test host can call it in process.
public final class IntentRequestHandler: @unchecked Sendable {
    private let principal: INExtension
    private let lookup: IntentClassLookup
    private let lock = NSLock()
    /// Each conversation's handler, with the intent class it was checked against.
    private var handlers: [UInt64: (handler: Any, intentClass: ObjectIdentifier)] = [:]
    /// Intent classes by name: looking a class up by its name costs tens of microseconds.
    private var intentClasses: [String: INIntent.Type] = [:]
    /// The App Intents half, made on the first App Intents message; nil when the library has none.
    private lazy var appIntents: (any AppIntentsResponding)? = AppIntentsResponderLookup.make()

    /// Answers requests with `principal`, an instance made by the caller (a test host's).
    /// - Parameters:
    ///   - principal: the extension object whose `handler(for:)` gives each conversation's handler.
    ///   - principalClassName: the module-qualified name, as in `NSExtensionPrincipalClass`;
    ///     its module is searched first for intent classes.
    public init(principal: INExtension, principalClassName: String) {
        self.principal = principal
        self.lookup = IntentClassLookup(principalClass: type(of: principal), principalClassName: principalClassName)
    }

    /// Instantiates the principal class named `principalClassName`.
    /// - Throws: `ExtensionFailure` when the class is missing or is not an `INExtension`.
    public static func instantiate(principalClassName: String) throws -> IntentRequestHandler {
        guard let type = _typeByName(principalClassName) else {
            throw ExtensionFailure(.principalClassNotFound,
                                   "The principal class \"\(principalClassName)\" is not in the extension's library.")
        }
        guard let extensionType = type as? INExtension.Type else {
            throw ExtensionFailure(.principalClassNotAnExtension,
                                   "The principal class \"\(principalClassName)\" is not a subclass of INExtension.")
        }
        return IntentRequestHandler(principal: extensionType.init(), principalClassName: principalClassName)
    }

    /// Answers one request; nil for a message that gets no reply.
    public func answer(_ message: HostToExtensionMessage) async -> ExtensionToHostMessage? {
        do {
            switch message {
            case .describeAppIntents(let id, _, _), .queryEntities(let id, _, _), .perform(let id, _, _, _), .answer(let id, _, _):
                guard let responder = lock.withLock({ appIntents }) else {
                    return .failed(requestID: id, failure: ExtensionFailure(
                        .unknownIntent, "The extension's library has no App Intents: it does not link the AppIntents module."))
                }
                return await responder.answer(message)
            case .describe(let id, let names):
                return .described(requestID: id, intents: try names.map { IntentClassCache.shared.schema(of: try intentClass(named: $0)) })
            case .resolve(let id, let conversation, let payload, let parameter):
                let (intent, table, handler) = try prepare(payload, conversation: conversation)
                guard IntentClassCache.shared.schema(of: type(of: intent)).parameter(named: parameter) != nil else {
                    throw ExtensionFailure(.unknownParameter, "\(payload.name) has no parameter named \"\(parameter)\".")
                }
                let results = await table.resolve(parameter: parameter, of: intent, with: handler)
                return .resolved(requestID: id, results: results.map(\.resolution))
            case .confirm(let id, let conversation, let payload):
                let (intent, table, handler) = try prepare(payload, conversation: conversation)
                let response = await table.confirm(intent, with: handler)
                if response.isNotImplemented {
                    return .responded(requestID: id, response: ResponsePayload(code: 1, codeName: "ready", category: .ready))
                }
                return .responded(requestID: id, response: response.payload(defaultActivityType: payload.name))
            case .handle(let id, let conversation, let payload):
                let (intent, table, handler) = try prepare(payload, conversation: conversation)
                let response = await table.handle(intent, with: handler)
                // Handle is a conversation's last step: its handler is let go here, and the host
                // sends no `endConversation` after a conversation that reached it.
                lock.withLock { _ = handlers.removeValue(forKey: conversation) }
                if response.isNotImplemented {
                    throw ExtensionFailure(.handlerDoesNotConform,
                                           "The handler \(type(of: handler)) implements neither form of handle(intent:) for \(payload.name).")
                }
                return .responded(requestID: id, response: response.payload(defaultActivityType: payload.name))
            case .provideOptions(let id, let conversation, let payload, let parameter):
                let (intent, table, handler) = try prepare(payload, conversation: conversation)
                guard table.providesOptions(for: parameter) else {
                    throw ExtensionFailure(.unknownParameter, "\(payload.name) provides no options for \"\(parameter)\".")
                }
                do {
                    return .provided(requestID: id, options: try await table.options(for: parameter, of: intent, with: handler))
                } catch {
                    // As on Apple's systems, an error means no options: the user is asked for a value.
                    FileHandle.standardError.write(Data("intents SDK: the options for \(parameter) failed: \(error)\n".utf8))
                    return .provided(requestID: id, options: [])
                }
            case .endConversation(let conversation):
                let responder = lock.withLock {
                    _ = handlers.removeValue(forKey: conversation)
                    return appIntents
                }
                _ = await responder?.answer(message)
                return nil
            case .assign:
                return nil
            }
        } catch let failure as ExtensionFailure {
            return .failed(requestID: message.requestID ?? 0, failure: failure)
        } catch {
            return .failed(requestID: message.requestID ?? 0, failure: ExtensionFailure(.badRequest, "\(error)"))
        }
    }

    private func intentClass(named name: String) throws -> INIntent.Type {
        if let known = lock.withLock({ intentClasses[name] }) { return known }
        guard let intentClass = lookup.intentClass(named: name) else {
            throw ExtensionFailure(.unknownIntent, "The extension has no intent class named \"\(name)\".")
        }
        lock.withLock { intentClasses[name] = intentClass }
        return intentClass
    }

    private func prepare(_ payload: IntentPayload, conversation: UInt64) throws
        -> (INIntent, any INIntentHandlingDispatching, Any) {
        let intentClass = try intentClass(named: payload.name)
        guard let table = IntentClassCache.shared.table(of: intentClass) else {
            throw ExtensionFailure(.unknownIntent, "The intent class \(payload.name) declares no handling table.")
        }
        let intent = try intentClass.make(from: payload)
        let handler = try handler(for: intent, conversation: conversation, table: table)
        return (intent, table, handler)
    }

    /// The handler of a conversation: `handler(for:)` is called once, on its first request, and
    /// what it returns is checked against the intent's handling protocol then, and again only if
    /// a later request of the conversation carries an intent of another class.
    private func handler(for intent: INIntent, conversation: UInt64, table: any INIntentHandlingDispatching) throws -> Any {
        let intentClass = ObjectIdentifier(type(of: intent))
        let existing = lock.withLock { handlers[conversation] }
        if let existing, existing.intentClass == intentClass { return existing.handler }
        let intentName = IntentClassCache.shared.name(of: type(of: intent))
        guard let handler = existing?.handler ?? principal.handler(for: intent) else {
            throw ExtensionFailure(.noHandler, "handler(for:) returned nil for \(intentName).")
        }
        guard table.accepts(handler) else {
            throw ExtensionFailure(.handlerDoesNotConform,
                                   "handler(for:) returned a \(type(of: handler)) for \(intentName), which does not conform to \(intentName)Handling.")
        }
        lock.withLock { handlers[conversation] = (handler, intentClass) }
        return handler
    }
}
