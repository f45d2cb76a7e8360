import ExtensionProtocol
import Foundation
import HostBundles
import Intents
import IntentsHost
import IntentsTesting
import Testing

/// `confirm` answering `userConfirmationRequired` (as `INStartCallIntent`'s may): the host asks
/// the user, and goes on to `handle` only on a yes.
@Suite struct UserConfirmationTests {
    let probe = ProbeExtension()

    init() {
        probe.script.confirm = { _ in
            let response = ProbeResponse()
            response.setResponseCode(StartCallLikeResponseCode.userConfirmationRequired)
            return response
        }
    }

    func host() throws -> IntentsTestHost {
        try IntentsTestHost(extension: probe, supporting: ["ProbeIntent"])
    }

    @Test func yesGoesOnToHandle() async throws {
        let result = try await host().send(ProbeIntent(), answers: ["yes"], agreesToSystemConfirmation: false)
        #expect(result.outcome.prompts.map(\.text) == ["Go ahead with ProbeIntent?"])
        #expect(result.outcome.step == .handle && result.outcome.response.codeName == "success")
        #expect(probe.script.calls.suffix(2) == ["confirm", "handle"])
    }

    @Test func noEndsAtConfirmWithoutHandling() async throws {
        let result = try await host().send(ProbeIntent(), answers: ["no"], agreesToSystemConfirmation: false)
        #expect(result.outcome.step == .confirm)
        #expect(result.outcome.response.category == .userConfirmationRequired && result.outcome.response.code == 3)
        #expect(!result.isFailure)
        #expect(result.outcome.declinedByUser)
        #expect(!probe.script.calls.contains("handle"))
    }

    @Test func nobodyToAskIsInputRequired() async throws {
        let error = await #expect(throws: HostError.self) { try await host().send(ProbeIntent(), agreesToSystemConfirmation: false) }
        #expect(error?.code == .inputRequired)
        #expect(error?.message.contains("\"Go ahead with ProbeIntent?\"") == true)
        #expect(!probe.script.calls.contains("handle"))
    }
}
