import ExtensionProtocol
import Intents
import Testing

/// An extension's request handler in this process, with no App Intents of its own besides the
/// ones this test target defines: the SDK finds `AppIntents.AppIntentsResponder` by name, as
/// in an extension's library.
struct TestHost {
    let handler = IntentRequestHandler(principal: INExtension(), principalClassName: "Intents.INExtension")

    func send(_ message: HostToExtensionMessage) async -> ExtensionToHostMessage? {
        await handler.answer(message)
    }

    func describe(_ intents: [String], provider: String? = nil) async throws -> AppIntentsMetadata {
        let reply = await send(.describeAppIntents(requestID: 1, intents: intents, shortcutsProvider: provider))
        guard case .appIntentsDescribed(1, let metadata)? = reply else { throw UnexpectedReply(reply) }
        return metadata
    }

    func query(_ entity: String, _ request: EntityQueryRequest) async throws -> [IntentValue] {
        let reply = await send(.queryEntities(requestID: 2, entity: entity, request: request))
        guard case .entities(2, let entities)? = reply else { throw UnexpectedReply(reply) }
        return entities
    }

    /// The failure `message` got.
    func failure(_ message: HostToExtensionMessage) async throws -> ExtensionFailure {
        let reply = await send(message)
        guard case .failed(let id, let failure)? = reply, id == message.requestID else { throw UnexpectedReply(reply) }
        return failure
    }

    func perform(_ typeName: String, conversation: UInt64, id: UInt64 = 3, _ parameters: [String: IntentValue] = [:]) async -> Step {
        Step(await send(.perform(requestID: id, conversation: conversation, typeName: typeName,
                                 intent: IntentPayload(name: typeName, parameters: parameters))), id: id)
    }

    func answer(_ answer: AppIntentAnswer, conversation: UInt64, id: UInt64 = 4) async -> Step {
        Step(await send(.answer(requestID: id, conversation: conversation, answer: answer)), id: id)
    }
}

/// The reply to `perform` or `answer`, checked against the request's id.
struct Step {
    let reply: ExtensionToHostMessage?
    let id: UInt64

    init(_ reply: ExtensionToHostMessage?, id: UInt64) {
        self.reply = reply
        self.id = id
    }

    var question: AppIntentQuestion {
        get throws {
            guard case .asks(let requestID, let question)? = reply, requestID == id else { throw UnexpectedReply(reply) }
            return question
        }
    }

    var result: AppIntentResultPayload {
        get throws {
            guard case .performed(let requestID, let result)? = reply, requestID == id else { throw UnexpectedReply(reply) }
            return result
        }
    }

    var failure: ExtensionFailure {
        get throws {
            guard case .failed(let requestID, let failure)? = reply, requestID == id else { throw UnexpectedReply(reply) }
            return failure
        }
    }
}

struct UnexpectedReply: Error, CustomStringConvertible {
    let reply: ExtensionToHostMessage?

    init(_ reply: ExtensionToHostMessage?) {
        self.reply = reply
    }

    var description: String { "Unexpected reply: \(reply.map { "\($0)" } ?? "none")" }
}

/// Module-qualified names of the fixtures, as an extension's plist lists them.
enum Names {
    static let start = "AppIntentsTests.StartMeditationIntent"
    static let count = "AppIntentsTests.CountBreathsIntent"
    static let end = "AppIntentsTests.EndSessionIntent"
    static let book = "AppIntentsTests.BookTeacherIntent"
    static let bell = "AppIntentsTests.RingBellIntent"
    static let session = "AppIntentsTests.MeditationSession"
    static let teacher = "AppIntentsTests.Teacher"
    static let sessionType = "AppIntentsTests.SessionType"
    static let shortcuts = "AppIntentsTests.MeditationShortcuts"
    static let confirm = "AppIntentsTests.ConfirmSessionIntent"
    static let schedule = "AppIntentsTests.ScheduleSessionIntent"
}

extension MeditationSession {
    /// The entity as it crosses the boundary.
    var wire: IntentValue { .object(ObjectValue(identifier: id.uuidString, display: name)) }
}
