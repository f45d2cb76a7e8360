import AppIntents
import IntentsTesting
import Testing

/// App Intents through the in-process host: described in process, checked as any description,
/// and run through the dispatcher's App Intent path with their `authenticationPolicy`.
@Suite struct InProcessAppIntentsTests {
    static func home(_ state: LockState = .unlocked) async throws -> IntentsTestHost {
        try await IntentsTestHost(appIntents: [OpenDoorIntent.self, CheckWeatherIntent.self], shortcutsProvider: HomeShortcuts.self,
                                  lockState: state)
    }

    @Test(arguments: [LockState.locked, .lockedBeforeFirstUnlock])
    func requiresAuthenticationIsRefusedWhileLockedAndAlwaysAllowedRuns(_ state: LockState) async throws {
        let host = try await Self.home(state)
        let refused = await #expect(throws: HostError.self) { try await host.send(OpenDoorIntent.self, parameters: [("door", "front")]) }
        #expect(refused?.policyRule == .authenticationPolicy)
        #expect(refused?.message.contains("OpenDoorIntent requires authentication while the device is locked") == true)
        #expect(host.extensionRequestCount == 0)

        let weather = try await host.send(CheckWeatherIntent.self)
        #expect(weather.code == "success")
        #expect(weather.dialog == "It is sunny.")
        #expect(weather.value == .string("sunny"))
        #expect(host.extensionRequestCount > 0)
    }

    @Test func anUnlockedHostAsksForTheMissingValueAndSaysTheDialog() async throws {
        let result = try await Self.home().send(OpenDoorIntent.self, answers: ["front"])
        #expect(result.prompts.map(\.text) == ["Which door?"])
        #expect(result.code == "success")
        #expect(result.dialog == "Opened the front door.")
        #expect(result.parameters["door"] == .string("front"))
        #expect(result.performError == nil)
    }

    /// App Intents take no voice shortcut; their App Shortcuts add a column; authorization is never asked.
    @Test func policyCasesFollowTheAuthenticationPolicyAndTheAppShortcuts() async throws {
        let host = try await Self.home()
        let cases = try host.policyCases(for: "OpenDoorIntent")
        #expect(cases.count == 12)
        #expect(Set(cases.map(\.context.source)) == [.direct, .appShortcut])
        #expect(cases.filter { $0.verdict == .allowed }.allSatisfy { $0.context.lockState == .unlocked })
        #expect(cases.filter { $0.verdict == .refused(.authenticationPolicy) }.count == 8)
        #expect(try host.policyCases(for: "CheckWeatherIntent").allSatisfy { $0.verdict == .allowed })

        let mismatches = try await host.checkPolicy(for: "OpenDoorIntent") { try await $0.send(OpenDoorIntent.self, answers: ["back"]) }
        #expect(mismatches.isEmpty)
    }

    /// The description is checked as the host checks a sandboxed extension's: the intent an App
    /// Shortcut runs must be declared.
    @Test func aDescriptionTheHostWouldRefuseFailsTheHost() async throws {
        let error = await #expect(throws: HostError.self) {
            try await IntentsTestHost(appIntents: [CheckWeatherIntent.self], shortcutsProvider: HomeShortcuts.self)
        }
        #expect(error?.code == .extensionFailed)
        #expect(error?.message == "The App Intents metadata of test.IntentsTests is not usable: it describes \"IntentsTests.OpenDoorIntent\", which the plist's AppIntents does not list.")
    }
}
