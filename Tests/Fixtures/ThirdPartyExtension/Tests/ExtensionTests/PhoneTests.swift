import IntentsTesting
import Testing
@testable import PhoneIntents

/// Calls are a SiriKit domain the plist restricts while locked: the user must have authorized
/// the app, and the device must be unlocked.
@Suite struct PhoneTests {
    static func phone(lockState: LockState = .unlocked) async throws -> IntentsTestHost {
        try await IntentsTestHost(infoPlist: "Info/PhoneIntents/Info.plist", extension: IntentHandler(),
                                  lockState: lockState, authorization: .authorized)
    }

    @Test func asksWhichKikiThenContinuesInTheApp() async throws {
        let result = try await Self.phone().send("INStartCallIntent", parameters: [("contacts", "kiki")], answers: ["2"])
        #expect(result.prompts.map(\.choices) == [["Kiki Silva (+351 210 000 001)", "Kiki Moreira (+351 210 000 002)"]])
        #expect(result.code == "continueInApp")
        #expect(result.parameters["contacts"]?.displayString == "Kiki Moreira (+351 210 000 002)")
    }

    @Test(arguments: [LockState.locked, .lockedBeforeFirstUnlock])
    func isRefusedWhileLocked(_ lockState: LockState) async throws {
        let host = try await Self.phone(lockState: lockState)
        let error = await #expect(throws: HostError.self) {
            try await host.send("INStartCallIntent", parameters: [("contacts", "Bobo")])
        }
        #expect(error?.policyRule == .restrictedWhileLocked)
        #expect(host.extensionRequestCount == 0)
    }

    @Test(arguments: try await phone().policyCases(for: "INStartCallIntent"))
    func followsThePolicyMatrix(_ policyCase: PolicyCase) async throws {
        try await Self.phone().check(policyCase) { host in
            try await host.send("INStartCallIntent", parameters: [("contacts", "Bobo")])
        }
    }
}
