import ExtensionProtocol
import Foundation
import HostBundles
@testable import Intents
import IntentsHost
import IntentsTesting
import Testing

@Suite struct IntentSchemaTests {
    /// In the order of Apple's initializer; `attachments` cannot cross the boundary, so it is no
    /// parameter; an enum parameter offers its cases but `unknown`, which means no value.
    @Test func sendMessageParametersAreInApplesOrder() {
        let schema = INSendMessageIntent.schema
        #expect(schema.name == "INSendMessageIntent")
        #expect(schema.parameters.map(\.name) == ["recipients", "outgoingMessageType", "content", "speakableGroupName",
                                                  "conversationIdentifier", "serviceName", "sender"])
        #expect(schema.parameters[0].type == .person && schema.parameters[0].isList)
        #expect(schema.parameters[1].enumerationCases.map(\.name) == ["outgoingMessageText", "outgoingMessageAudio"])
        #expect(schema.parameters[1].enumerationCases.map(\.display) == ["outgoing message text", "outgoing message audio"])
    }

    /// A person typed by name has no handle, as on Apple's systems, not a handle with no value.
    @Test func aPersonKnownByNameHasNoHandle() throws {
        let named = try #require(INPerson.fromIntentValue(.person(PersonValue(displayName: "Kiki"))))
        #expect(named.personHandle == nil)
        #expect(named.displayName == "Kiki")
        let handled = try #require(INPerson.fromIntentValue(.person(PersonValue(displayName: "Kiki", handle: "@kiki", handleType: 0))))
        #expect(handled.personHandle?.value == "@kiki")
        #expect(INPerson.fromIntentValue(named.intentValue)?.personHandle == nil, "round-trips")
    }

    @Test func intentRoundTripsThroughItsPayload() throws {
        let intent = INSendMessageIntent(recipients: [person("Bobo", "@b")], outgoingMessageType: .outgoingMessageText,
                                         content: "bananas", speakableGroupName: nil, conversationIdentifier: nil,
                                         serviceName: nil, sender: nil, attachments: nil)
        let copy = try INSendMessageIntent.make(from: intent.payload)
        #expect(copy.recipients?.first?.contactIdentifier == "@b")
        #expect(copy.content == "bananas")
        #expect(copy.outgoingMessageType == .outgoingMessageText)
    }

    final class DerivedProbeIntent: ProbeIntent {
        @IntentParameter(title: "note") var note: String?
    }

    @Test func subclassParametersComeAfterTheirBaseAndDecodeByName() throws {
        #expect(DerivedProbeIntent.schema.parameters.map(\.name) == ["item", "count", "friends", "note"])
        let payload = IntentPayload(name: "DerivedProbeIntent", parameters: ["note": .string("n"), "count": .integer(2),
                                                                           "item": .object(ObjectValue(identifier: "i", display: "I"))])
        let intent = try DerivedProbeIntent.make(from: payload)
        #expect(intent.note == "n" && intent.count == 2 && intent.item?.identifier == "i" && intent.friends == nil)
        #expect(intent.payload.parameters == payload.parameters)
    }

    @Test func payloadWithAValueOfTheWrongKindIsRefusedByName() {
        let payload = IntentPayload(name: "INSendMessageIntent", parameters: ["content": .integer(3)])
        #expect(throws: ExtensionFailure(.badRequest, "Parameter \"content\" of INSendMessageIntent cannot hold the value \"3\".")) {
            _ = try INSendMessageIntent.make(from: payload)
        }
    }
}

@Suite struct ResolutionResultTests {
    @Test func factoriesCarryTheirKindAndValue() {
        #expect(INPersonResolutionResult.success(with: person("Kiki")).resolution == .success(value: person("Kiki").intentValue))
        #expect(INStringResolutionResult.disambiguation(with: ["a", "b"]).resolution == .disambiguation(choices: [.string("a"), .string("b")]))
        #expect(INIntegerResolutionResult.confirmationRequired(with: 6).resolution == .confirmationRequired(value: .integer(6)))
        // Apple's Swift signatures take Int?, Double? and Bool?, not NSNumber?.
        let count: Int? = 3, price: Double? = 9.5, extra: Bool? = true
        #expect(INIntegerResolutionResult.confirmationRequired(with: count).resolution == .confirmationRequired(value: .integer(3)))
        #expect(INDoubleResolutionResult.confirmationRequired(with: price).resolution == .confirmationRequired(value: .double(9.5)))
        #expect(INBooleanResolutionResult.confirmationRequired(with: extra).resolution == .confirmationRequired(value: .boolean(true)))
        #expect(INIntegerResolutionResult.confirmationRequired(with: nil).resolution == .confirmationRequired(value: nil))
        #expect(INBooleanResolutionResult.needsValue().resolution == .needsValue)
        #expect(INDateComponentsResolutionResult.notRequired().resolution == .notRequired)
        #expect(INObjectResolutionResult.unsupported().resolution == .unsupported(reason: nil))
    }

    @Test func typedFactoriesKeepTheirSubclass() {
        let result = INSendMessageRecipientResolutionResult.unsupported(forReason: .noAccount)
        #expect(type(of: result) == INSendMessageRecipientResolutionResult.self)
        #expect(result.resolution == .unsupported(reason: UnsupportedReason(code: 1, name: "noAccount", message: "The recipient has no account.")))
        #expect(type(of: INSendMessageRecipientResolutionResult.disambiguation(with: [])) == INSendMessageRecipientResolutionResult.self)
    }
}

/// Handlers may implement the completion-handler form or the async form; both work.
@Suite struct HandlerFormTests {
    final class CompletionHandler: NSObject, INSendMessageIntentHandling {
        func resolveContent(for intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
            completion(intent.content == nil ? .needsValue() : .success(with: intent.content!))
        }
        func handle(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
            completion(INSendMessageIntentResponse(code: .success, userActivity: nil))
            completion(INSendMessageIntentResponse(code: .failure, userActivity: nil))
        }
    }

    final class AsyncHandler: NSObject, INSendMessageIntentHandling {
        func resolveContent(for intent: INSendMessageIntent) async -> INStringResolutionResult {
            intent.content == nil ? .needsValue() : .success(with: intent.content!)
        }
        func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
            INSendMessageIntentResponse(code: .success, userActivity: nil)
        }
    }

    final class NoHandleHandler: NSObject, INSendMessageIntentHandling {}

    final class NeverCompletingHandler: NSObject, INSendMessageIntentHandling {
        func handle(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {}
    }

    final class Provider: INExtension {
        var make: () -> Any? = { nil }
        override func handler(for intent: INIntent) -> Any? { make() }
    }

    func run(_ handler: @escaping () -> Any?, answers: [String] = ["hello"], timeout: Duration = .seconds(10)) async throws -> SendResult {
        let provider = Provider()
        provider.make = handler
        return try await IntentsTestHost(extension: provider, supporting: ["INSendMessageIntent"], stepTimeout: timeout)
            .send("INSendMessageIntent", parameters: [], answers: answers)
    }

    @Test func handlerThatNeverCompletesTimesOut() async throws {
        let error = await #expect(throws: HostError.self) { try await run({ NeverCompletingHandler() }, timeout: .seconds(1)) }
        #expect(error?.code == .requestTimedOut)
        #expect(error?.message.hasSuffix("within 1.0 seconds (requestTimedOut).") == true)
    }

    @Test func completionFormWorksAndASecondCompletionIsIgnored() async throws {
        let result = try await run { CompletionHandler() }
        #expect(result.outcome.response.codeName == "success")
        #expect(result.outcome.intent.parameters["content"] == .string("hello"))
    }

    @Test func asyncFormWorks() async throws {
        let result = try await run { AsyncHandler() }
        #expect(result.outcome.response.codeName == "success")
        #expect(result.outcome.prompts.map(\.text) == ["What should the message be?", "Ready to send it?"])
        #expect(result.outcome.prompts.last?.answer == "yes (--yes)", "the test host agrees to the system's confirmation, as --yes")
    }

    @Test func handlerWithoutHandleIsReported() async throws {
        let error = await #expect(throws: HostError.self) { try await run { NoHandleHandler() } }
        #expect(error?.message.hasSuffix("implements neither form of handle(intent:) for INSendMessageIntent.") == true)
    }

    @Test func nilHandlerIsReported() async throws {
        let error = await #expect(throws: HostError.self) { try await run { nil } }
        #expect(error?.message == "test.Provider could not resolve recipients: handler(for:) returned nil for INSendMessageIntent.")
    }

    @Test func handlerOfTheWrongTypeIsReported() async throws {
        let error = await #expect(throws: HostError.self) { try await run { "not a handler" } }
        #expect(error?.message.contains("handler(for:) returned a String for INSendMessageIntent, which does not conform to INSendMessageIntentHandling.") == true)
    }
}

@Suite struct LockPolicyInProcessTests {
    @Test func restrictedIntentIsRefusedBeforeTheExtensionStarts() async throws {
        let host = try IntentsTestHost(extension: ProbeExtension(), supporting: ["ProbeIntent"],
                                       restrictedWhileLocked: ["ProbeIntent"], lockState: .locked)
        let error = await #expect(throws: HostError.self) { try await host.send(ProbeIntent()) }
        #expect(error?.code == .refusedByPolicy)
        // Awaited outside #expect: in this Swift 5-mode target, `#expect(await actor.property == 0)`
        // aborts in swift_deallocClassInstance (Swift 6.3.1).
        let launches = await host.dispatcher.supervisor.launchCount
        #expect(launches == 0)
    }
}
