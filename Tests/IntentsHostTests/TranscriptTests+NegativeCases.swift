import Foundation
import HostTools
import Testing

/// Negative cases in transcripts: a call a phrase must not make (it collides with another
/// app's phrase), and a phrase that must match nothing.
extension TranscriptTests {
    func write(_ yaml: String, _ name: String) throws -> String {
        let file = files.path + "/" + name
        try yaml.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func aDisallowedCallFailsTheReplayAtItsLineAndAnotherAppsIsAllowed() async throws {
        let file = files.path + "/meditation.yaml"
        #expect(try await run("intents", ["say", "Start a Meditation", "--answer", "2", "--record", file]).status == 0)
        let recorded = try read(file)
        let forbidding = try write(recorded + "disallowedCalls:\n- intent: StartMeditationIntent\n  app: com.example.Meditation\n", "forbidding.yaml")
        let failed = try await run("intents", ["test", forbidding])
        #expect(failed.status != 0)
        let line = try line(of: "disallowedCalls:", in: forbidding)
        #expect(failed.output.contains("forbidding.yaml:\(line): the phrase ran StartMeditationIntent of com.example.Meditation, which disallowedCalls forbids"),
                "\(failed.output)")

        let otherApp = try write(recorded + "disallowedCalls:\n- intent: StartMeditationIntent\n  app: org.example.Other\n", "other.yaml")
        let passed = try await run("intents", ["test", otherApp])
        #expect(passed.status == 0, "\(passed.output)")
    }

    @Test func aPhraseThatMustMatchNothingPassesUnmatchedAndFailsWhenItMatches() async throws {
        let nothing = try write("""
            version: 1
            invocation:
              command: say
              phrase: Order a pizza with anchovies please now
            lockState: unlocked
            authorization: notDetermined
            expectNoMatch: true
            """, "nothing.yaml")
        let passed = try await run("intents", ["test", nothing])
        #expect(passed.status == 0, "\(passed.output)")

        let matching = try write("""
            version: 1
            invocation:
              command: say
              phrase: Start a Meditation
            lockState: unlocked
            authorization: notDetermined
            expectNoMatch: true
            """, "matching.yaml")
        let failed = try await run("intents", ["test", matching])
        #expect(failed.status != 0)
        #expect(failed.output.contains("matching.yaml:7: expected the phrase to match nothing, got StartMeditationIntent of com.example.Meditation"),
                "\(failed.output)")
    }

    @Test func negativeChecksInTheWrongPlaceAreRefusedNamingTheKeyAndLine() throws {
        func refusal(_ yaml: String) -> String {
            do {
                _ = try RecordedTranscript(yaml: yaml, file: "t.yaml")
                return "read without error"
            } catch {
                return "\(error)"
            }
        }
        let onSend = refusal("""
            version: 1
            invocation: {command: send, intent: INSendMessageIntent}
            lockState: unlocked
            authorization: authorized
            result: {extension: x, code: success, step: handle}
            exitStatus: 0
            disallowedCalls: [{intent: X}]
            """)
        #expect(onSend.contains("t.yaml:7") && onSend.contains("disallowedCalls checks what a phrase runs"), "\(onSend)")
        let withResult = refusal("""
            version: 1
            invocation: {command: say, phrase: hello}
            lockState: unlocked
            authorization: authorized
            expectNoMatch: true
            result: {extension: x, code: success, step: handle}
            """)
        #expect(withResult.contains("t.yaml:6") && withResult.contains("result has no place in a transcript whose phrase must match nothing"), "\(withResult)")
        let unknownKey = refusal("""
            version: 1
            invocation: {command: say, phrase: hello}
            lockState: unlocked
            authorization: authorized
            expectNoMatch: true
            disallowedCalls: [{intent: X, colour: red}]
            """)
        #expect(unknownKey.contains("disallowedCalls has no place"), "\(unknownKey)")
        let misspelled = refusal("""
            version: 1
            invocation: {command: say, phrase: hello}
            lockState: unlocked
            authorization: authorized
            result: {extension: x, code: success, step: perform}
            exitStatus: 0
            disallowedCalls: [{intent: "Delete Note"}]
            """)
        // A name no intent can have would never match: the check would pass unseen.
        #expect(misspelled.contains("t.yaml:7") && misspelled.contains("disallowedCalls.1.intent \"Delete Note\""), "\(misspelled)")
    }

    @Test func negativeChecksSurviveAWriteAndARead() throws {
        var transcript = try RecordedTranscript(yaml: """
            version: 1
            invocation: {command: say, phrase: hello}
            lockState: unlocked
            authorization: authorized
            expectNoMatch: true
            """, file: "t.yaml").transcript
        #expect(transcript.expectsNoMatch)
        #expect(try RecordedTranscript(yaml: try transcript.yaml(), file: "again.yaml").transcript == transcript)
        transcript.expectsNoMatch = false
        transcript.disallowedCalls = [Transcript.DisallowedCall(intent: "A", app: "org.example.B"), Transcript.DisallowedCall(intent: "C")]
        #expect(try RecordedTranscript(yaml: try transcript.yaml(), file: "again.yaml").transcript.disallowedCalls == transcript.disallowedCalls)
    }
}
