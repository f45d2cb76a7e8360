import Foundation
import IntentsClient
import LocalAPI
import Testing

/// What a test's own server (`--test-control`) lets its clients do, and the user's server does
/// not let any program but the `intents` command do: name a run's invocation source, play a
/// phrase, list the bundles with their paths. These tests are such a program.
@Suite struct TestControlGatesTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    @Test func theUsersServerRefusesAnotherProgramASourceAPhraseAndThePaths() async throws {
        let samples = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [samples], state: state.path)
        defer { _ = server }
        let client = clientOfRunningServer(stateFolder: state.path)

        let asShortcut = await #expect(throws: IntentsClientError.self) {
            try await client.run(RunRequest(intent: "StartMeditationIntent", interactive: false, source: .appShortcut))
        }
        #expect(asShortcut?.code == .refusedByPolicy)
        #expect(asShortcut?.message.contains("Only a test's own server (started with --test-control) runs an intent as if from a appShortcut") == true)

        let said = await #expect(throws: IntentsClientError.self) {
            try await client.say(SayRequest(phrase: "Start a Meditation", interactive: false), spoken: { _ in })
        }
        #expect(said?.code == .refusedByPolicy)
        let listed = await #expect(throws: IntentsClientError.self) { try await client.apps() }
        #expect(listed?.code == .refusedByPolicy)
        // A direct run is still a run.
        let direct = try await client.run(RunRequest(intent: "StartMeditationIntent", text: [TextParameter(name: "session", value: "Walking")],
                                                     interactive: false, source: .direct))
        #expect(direct.status == .success)
    }

    @Test func aTestsOwnServerLetsItsClientNameTheSourceAndPlayAPhrase() async throws {
        let samples = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [samples], state: state.path, arguments: ["--test-control"])
        defer { _ = server }
        let client = clientOfRunningServer(stateFolder: state.path)
        let run = try await client.run(RunRequest(intent: "StartMeditationIntent", text: [TextParameter(name: "session", value: "Calming")],
                                                  interactive: false, source: .appShortcut))
        #expect(run.status == .success)
        let spoken = try await client.say(SayRequest(phrase: "Start a Walking session with Meditation", interactive: false), spoken: { _ in })
        guard case .conversation(let result) = spoken else { throw TranscriptFailure("the phrase ran no conversation: \(spoken)") }
        #expect(result.status == .success)
        #expect(try await client.apps().apps.contains { $0.bundleIdentifier == "com.example.Meditation" })
    }
}
