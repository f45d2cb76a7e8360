import ExtensionProtocol
import Foundation
import HostBundles
import Intents
import IntentsHost
import IntentsTesting
import Testing

/// Every resolution-result kind, driven by the host's conversation with a scripted user.
@Suite struct ConversationTests {
    let probe = ProbeExtension()

    func host(timeout: Duration = .seconds(10)) throws -> IntentsTestHost {
        try IntentsTestHost(extension: probe, supporting: ["ProbeIntent"], stepTimeout: timeout)
    }

    @Test func disambiguationAsksForAChoiceByNumberThenResolvesAgain() async throws {
        probe.script.item = { intent in
            intent.item?.identifier == nil ? .disambiguation(with: [object("pepperoni"), object("pepperoni-picante")])
                                           : .success(with: intent.item!)
        }
        let result = try await host().send(ProbeIntent(), answers: ["2"])
        #expect(result.outcome.intent.parameters["item"] == .object(ObjectValue(identifier: "pepperoni-picante", display: "Pepperoni-Picante")))
        #expect(result.outcome.prompts.map(\.kind) == [.choice])
        #expect(result.outcome.prompts[0].choices == ["Pepperoni", "Pepperoni-Picante"])
        #expect(probe.script.calls == ["item", "item", "count", "friends", "confirm", "handle"])
        #expect(result.outcome.response.codeName == "success")
    }

    /// Handle ends a conversation: the extension lets its handler go when it answers, with no
    /// `endConversation` from the host after it.
    @Test func aConversationThatReachedHandleHoldsNoHandler() async throws {
        let result = try await host().send(ProbeIntent())
        #expect(result.outcome.step == .handle)
        #expect(probe.handlerRequests == 1)
        #expect(probe.lastHandler == nil, "the extension still holds the handler of a conversation that ended")
    }

    @Test func choiceMayBeAnsweredByNameAndABadAnswerIsExplained() async throws {
        probe.script.item = { intent in
            intent.item?.identifier == nil ? .disambiguation(with: [object("funghi"), object("margherita")]) : .success(with: intent.item!)
        }
        let result = try await host().send(ProbeIntent(), answers: ["7", "margherita"])
        #expect(result.outcome.intent.parameters["item"]?.displayString == "Margherita")
        let notices = result.outcome.prompts.filter { $0.kind == .notice }.map(\.text)
        #expect(notices == ["\"7\" is not one of the choices; answer with a number from 1 to 2 or a name from the list."])
    }

    @Test func confirmationYesSettlesTheValueEvenIfAskedAgain() async throws {
        probe.script.count = { _ in .confirmationRequired(with: 7) }
        let result = try await host().send(ProbeIntent(), answers: ["yes"])
        #expect(result.outcome.intent.parameters["count"] == .integer(7))
        #expect(result.outcome.prompts.map(\.text) == ["Did you mean 7 for count?"])
        #expect(probe.script.calls.filter { $0 == "count" }.count == 2)
    }

    @Test func confirmationNoAsksForAnotherValue() async throws {
        probe.script.count = { intent in
            intent.count?.intValue == 2 ? .success(with: 2) : .confirmationRequired(with: 7)
        }
        let result = try await host().send(ProbeIntent(), answers: ["no", "2"])
        #expect(result.outcome.intent.parameters["count"] == .integer(2))
        #expect(result.outcome.prompts.map(\.kind) == [.confirmation, .value])
    }

    @Test func needsValueAsksAndParsesByTheParameterType() async throws {
        probe.script.count = { intent in intent.count == nil ? .needsValue() : .success(with: intent.count!.intValue) }
        let result = try await host().send(ProbeIntent(), answers: ["three", "3"])
        #expect(result.outcome.intent.parameters["count"] == .integer(3))
        #expect(result.outcome.prompts.contains { $0.text == "Parameter count of ProbeIntent expects a whole number; \"three\" is not one." })
    }

    @Test func unsupportedTellsTheReasonAndAsksAgain() async throws {
        probe.script.item = { intent in
            intent.item?.displayString == "Calzone" ? ProbeItemResolutionResult.unsupported(forReason: .soldOut) : .success(with: intent.item!)
        }
        let intent = ProbeIntent()
        intent.item = INObject(identifier: nil, display: "Calzone")
        let result = try await host().send(intent, answers: ["Funghi"])
        #expect(result.outcome.prompts.map(\.text) == ["\"Calzone\" cannot be used for item: That item is sold out.", "What should the item be?"])
        #expect(result.outcome.intent.parameters["item"]?.displayString == "Funghi")
    }

    @Test func unsupportedWithoutADescriptionWordsTheReasonName() async throws {
        probe.script.item = { intent in intent.item?.displayString == "x" ? ProbeItemResolutionResult.unsupported(forReason: .unknownToUs) : .success(with: intent.item!) }
        let intent = ProbeIntent()
        intent.item = INObject(identifier: nil, display: "x")
        let result = try await host().send(intent, answers: ["y"])
        #expect(result.outcome.prompts.first?.text == "\"x\" cannot be used for item: unknown to us.")
    }

    @Test func notRequiredStopsResolvingWithoutAsking() async throws {
        probe.script.count = { _ in .notRequired() }
        let result = try await host().send(ProbeIntent())
        #expect(result.outcome.prompts.isEmpty)
        #expect(result.outcome.intent.parameters["count"] == nil)
    }

    @Test func unresolvedParameterKeepsTheGivenValue() async throws {
        let intent = ProbeIntent()
        intent.count = 4
        let result = try await host().send(intent)
        #expect(result.outcome.intent.parameters["count"] == .integer(4))
    }

    /// A list parameter the handler does not resolve keeps every element it was given (it was
    /// cut to its first element), and an empty list may be answered with no results at all.
    @Test func anUnresolvedListKeepsEveryElement() async throws {
        let intent = ProbeIntent()
        intent.friends = [person("Kiki", "@kiki"), person("Bobo", "@bobo")]
        let result = try await host().send(intent)
        #expect(result.outcome.intent.parameters["friends"]?.elements.map(\.displayString) == ["Kiki (@kiki)", "Bobo (@bobo)"])
        probe.script.friends = { _ in [] }
        let empty = ProbeIntent()
        empty.friends = []
        #expect(try await host().send(empty).outcome.intent.parameters["friends"]?.elements.isEmpty != false)
    }

    @Test func listParameterReplacesOnlyTheElementInQuestion() async throws {
        probe.script.friends = { intent in
            (intent.friends ?? []).map { friend in
                friend.displayName == "Bobo" && friend.contactIdentifier == nil
                    ? .disambiguation(with: [person("Bobo", "@a"), person("Bobo", "@b")]) : .success(with: friend)
            }
        }
        let intent = ProbeIntent()
        intent.friends = [person("Kiki", "@kiki"), person("Bobo")]
        let result = try await host().send(intent, answers: ["Bobo (@b)"])
        let friends = result.outcome.intent.parameters["friends"]?.elements.map(\.displayString)
        #expect(friends == ["Kiki (@kiki)", "Bobo (@b)"])
    }

    @Test func nobodyToAskIsAClearError() async throws {
        probe.script.item = { _ in .disambiguation(with: [object("a"), object("b")]) }
        let error = await #expect(throws: HostError.self) { try await host().send(ProbeIntent()) }
        #expect(error?.code == .inputRequired)
        // In the test's words: its answers ran out (not the command line's --answer).
        #expect(error?.message == "The host asked \"Which item do you mean?\" and the test's answers: had none left for it. Choices: 1) A, 2) B. Add one to the answers: of send(_:answers:).")
    }

    @Test func failureAtConfirmEndsTheConversationBeforeHandle() async throws {
        probe.script.confirm = { _ in ProbeResponse(code: .failureOutOfStock, userActivity: nil) }
        let result = try await host().send(ProbeIntent())
        #expect(result.outcome.step == .confirm)
        #expect(result.outcome.response.code == 100)
        #expect(result.outcome.response.codeName == "failureOutOfStock")
        #expect(result.isFailure)
        #expect(!probe.script.calls.contains("handle"))
    }

    @Test func outputAndUserActivityReachTheHost() async throws {
        probe.script.handle = { _ in
            let activity = NSUserActivity(activityType: "com.example.probe.receipt")
            activity.userInfo = ["order": 12]
            let response = ProbeResponse(code: .successWithReceipt, userActivity: activity)
            response.receipt = "R-12"
            return response
        }
        let response = try await host().send(ProbeIntent()).outcome.response
        #expect(response.category == .success)
        #expect(response.output == [NamedValue(name: "receipt", value: .string("R-12"))])
        #expect(response.userActivity == UserActivityPayload(activityType: "com.example.probe.receipt", userInfo: ["order": .integer(12)]))
    }

    @Test func theHostGivesEachIntentAnIdentifier() async throws {
        var seen: [String?] = []
        probe.script.handle = { intent in
            seen.append(intent.identifier)
            return ProbeResponse(code: .success, userActivity: nil)
        }
        _ = try await host().send(ProbeIntent())
        _ = try await host().send(ProbeIntent())
        #expect(seen.count == 2 && seen.allSatisfy { UUID(uuidString: $0 ?? "") != nil })
        #expect(seen[0] != seen[1])
        // As `UUID().uuidString` writes a random (version 4) one: upper-case hex, 8-4-4-4-12.
        for identifier in seen.compactMap({ $0 }) {
            let characters = Array(identifier)
            #expect(characters.count == 36 && [8, 13, 18, 23].allSatisfy { characters[$0] == "-" }, "\(identifier)")
            #expect(characters[14] == "4" && "89AB".contains(characters[19]), "\(identifier)")
            #expect(identifier == identifier.uppercased())
        }
    }

    @Test func responseWithoutActivityGetsOneNamedAfterTheIntent() async throws {
        let response = try await host().send(ProbeIntent()).outcome.response
        #expect(response.userActivity?.activityType == "ProbeIntent")
    }

    @Test func handlerIsAskedForOncePerConversation() async throws {
        probe.script.count = { intent in intent.count == nil ? .needsValue() : .success(with: 1) }
        _ = try await host().send(ProbeIntent(), answers: ["1"])
        #expect(probe.handlerRequests == 1)
    }

    @Test func extensionThatKeepsAskingIsStopped() async throws {
        probe.script.count = { _ in .needsValue() }
        let error = await #expect(throws: HostError.self) {
            try await host().send(ProbeIntent(), answers: Array(repeating: "1", count: 20))
        }
        #expect(error?.message == "The extension kept asking about count after 12 rounds of resolving.")
    }

}
