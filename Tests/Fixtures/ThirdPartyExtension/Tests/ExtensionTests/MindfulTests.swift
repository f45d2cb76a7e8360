import IntentsTesting
import Testing
@testable import MindfulIntents

/// The article's App Intent: `.alwaysAllowed` by default, so it runs in every lock state, asked
/// for directly or by its App Shortcut.
@Suite struct MindfulTests {
    @Test func asksWhichSessionThenSaysIt() async throws {
        let host = try await IntentsTestHost(appIntents: [StartMeditationIntent.self], shortcutsProvider: MeditationShortcuts.self,
                                             lockState: .locked)
        let result = try await host.send(StartMeditationIntent.self, answers: ["Calming"])
        #expect(result.prompts.map(\.text) == ["What session would you like?"])
        #expect(result.dialog == "Okay, starting a Calming meditation session.")
    }

    @Test(arguments: LockState.allCases)
    func theBundledDeclarationRunsInEveryLockState(_ lockState: LockState) async throws {
        let host = try await IntentsTestHost(infoPlist: "Info/MindfulIntents/Info.plist", lockState: lockState, source: .appShortcut)
        let result = try await host.send("StartMeditationIntent", answers: ["1"])
        #expect(result.dialog == "Okay, starting a Walking meditation session.")
        let mismatches = try await host.checkPolicy(for: "StartMeditationIntent") { try await $0.send("StartMeditationIntent", answers: ["2"]) }
        #expect(mismatches.isEmpty)
    }
}
