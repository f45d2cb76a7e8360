import Foundation
import IntentsHost
@testable import IntentsCLI
import Testing
import HostTools

/// Transcripts as data: YAML written and read back, malformed files refused in one sentence,
/// replays compared with the line of each difference, JUnit XML escaped. No process runs here
/// (TranscriptTests replay real extensions).
@Suite struct TranscriptFormatTests {
    /// A transcript as `send --record` would write it for the MonkeyChat disambiguation.
    static let disambiguation = Transcript(
        invocation: .send(intent: "INSendMessageIntent", app: nil,
                          parameters: [.init(name: "recipients", value: "Bobo"), .init(name: "content", value: "Please send more bananas")]),
        lockState: .unlocked, authorization: .authorized, source: .direct, agreesToSystemConfirmation: false,
        conversation: [
            TranscriptPrompt(Prompt(kind: .choice, parameter: "recipients", text: "Which recipient do you mean?",
                                    choices: ["Bobo (@bobo.banana)", "Bobo (@bobo.jungle)"], answer: "2")),
            TranscriptPrompt(Prompt(kind: .confirmation, parameter: nil, text: "Ready to send it?", choices: ["yes", "no"], answer: "yes")),
        ],
        result: .response(.init(extensionBundle: "com.example.MonkeyChat.Intents", code: "success", step: "handle",
                                outputs: ["waitTime": .integer(30), "note": .string("yes")])),
        exitStatus: 0)

    func read(_ yaml: String) throws -> RecordedTranscript {
        try RecordedTranscript(yaml: yaml, file: "t.yaml")
    }

    /// The 1-based line of the first line of `yaml` containing `text`.
    func line(of text: String, in yaml: String) throws -> Int {
        try #require(yaml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }) + 1
    }

    @Test func writtenYAMLReadsBackAsTheSameTranscriptWithSortedKeys() throws {
        let yaml = try Self.disambiguation.yaml()
        #expect(try read(yaml).transcript == Self.disambiguation)
        #expect(yaml == (try Self.disambiguation.yaml()), "stable: the same transcript writes the same text")
        let topLevel = yaml.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("-") }.map { String($0.split(separator: ":")[0]) }
        #expect(topLevel == topLevel.sorted())
        #expect(topLevel == ["agreesToSystemConfirmation", "authorization", "conversation", "exitStatus", "invocation", "lockState",
                             "result", "source", "version"])
        // Text that reads as another type stays text: the answer "2", the output "yes".
        #expect(yaml.contains("answer: '2'") && yaml.contains("note: 'yes'") && yaml.contains("waitTime: 30"))
    }

    /// Whatever an extension says reads back as it said it: control characters, line breaks,
    /// and text that looks like another YAML type or like YAML's own syntax.
    @Test func hostileTextReadsBackExactly() throws {
        let texts = ["a\u{1b}[31m\nb\u{2028}c\r\td", "\u{0}", "", "~", "null", "yes", "No", "1.5", "0x10", "12:30", " lead", "trail ",
                     "- dash", "key: value", "#hash", "&anchor", "*alias", "!tag", "'quoted'", "\"double\"", "{}", "[]", "%", "@", "`", "|", ">",
                     "é 漢字 🐒", "line\n\nbreaks\n"]
        var transcript = Self.disambiguation
        transcript.conversation = texts.map { TranscriptPrompt(Prompt(kind: .value, parameter: $0, text: $0, choices: [$0], answer: $0)) }
        transcript.result = .response(.init(extensionBundle: "b", code: "c", step: "handle",
                                            outputs: Dictionary(uniqueKeysWithValues: texts.enumerated().map { ("o\($0.offset)", .string($0.element)) }),
                                            dialog: texts[0], snippet: texts[1], failure: texts[2]))
        let yaml = try transcript.yaml()
        #expect(!yaml.contains("\u{1b}") && !yaml.contains("\u{2028}"), "control characters are escaped in the file")
        #expect(try read(yaml).transcript == transcript)
    }

    @Test func aMatchingReplayHasNoDifferences() throws {
        let recorded = try read(try Self.disambiguation.yaml())
        #expect(recorded.differences(from: Self.disambiguation).isEmpty)
    }

    @Test func eachDifferenceNamesTheLineOfTheExpectedValue() throws {
        let yaml = try Self.disambiguation.yaml()
        let recorded = try read(yaml)
        var replay = Self.disambiguation
        replay.conversation[0].prompt.choices.append("Bobo (@bobo.moon)")
        replay.conversation[1].prompt.text = "Send it?"
        replay.result = .response(.init(extensionBundle: "com.example.MonkeyChat.Intents", code: "failure", step: "handle",
                                        outputs: ["waitTime": .integer(45), "note": .string("yes")]))
        replay.exitStatus = 4
        let found = recorded.differences(from: replay).map { $0.located(in: "t.yaml") }
        #expect(found == [
            "t.yaml:\(try line(of: "choices:", in: yaml)): expected choices [\"Bobo (@bobo.banana)\", \"Bobo (@bobo.jungle)\"], got [\"Bobo (@bobo.banana)\", \"Bobo (@bobo.jungle)\", \"Bobo (@bobo.moon)\"]",
            "t.yaml:\(try line(of: "text: Ready to send it?", in: yaml)): expected prompt text \"Ready to send it?\", got \"Send it?\"",
            "t.yaml:\(try line(of: "exitStatus:", in: yaml)): expected exit status 0, got 4",
            "t.yaml:\(try line(of: "code: success", in: yaml)): expected code success, got failure",
            "t.yaml:\(try line(of: "waitTime:", in: yaml)): expected output waitTime 30, got 45",
        ])
    }

    @Test func anExtraPromptAndAPromptNeverAskedAreDifferences() throws {
        let yaml = try Self.disambiguation.yaml()
        let recorded = try read(yaml)
        let content = TranscriptPrompt(Prompt(kind: .value, parameter: "content", text: "What should the content be?"))
        var extra = Self.disambiguation
        extra.conversation.insert(content, at: 1)
        #expect(recorded.differences(from: extra).map { $0.located(in: "t.yaml") } == [
            "t.yaml:\(try line(of: "conversation:", in: yaml)): expected no more prompts, got value prompt \"What should the content be?\" for content",
        ])
        var skipped = Self.disambiguation
        skipped.conversation.removeFirst()
        #expect(recorded.differences(from: skipped).map { $0.located(in: "t.yaml") } == [
            "t.yaml:\(try line(of: "- answer: '2'", in: yaml)): expected choice prompt \"Which recipient do you mean?\" for recipients, got none: it was never asked",
        ])
        var replaced = Self.disambiguation
        replaced.conversation[0] = content
        #expect(recorded.differences(from: replaced).map { $0.located(in: "t.yaml") } == [
            "t.yaml:\(try line(of: "- answer: '2'", in: yaml)): expected choice prompt \"Which recipient do you mean?\" for recipients, got value prompt \"What should the content be?\" for content",
        ])
    }

    @Test func looseMatchingComparesKindParameterAndChoicesButNotText() throws {
        var loose = Self.disambiguation
        loose.conversation[0].matching = .loose
        let yaml = try loose.yaml()
        #expect(yaml.contains("match: loose"))
        let recorded = try read(yaml)
        var reworded = Self.disambiguation
        reworded.conversation[0].prompt.text = "Which Bobo?"
        #expect(recorded.differences(from: reworded).isEmpty)
        reworded.conversation[0].prompt.choices.removeLast()
        #expect(recorded.differences(from: reworded).map(\.message) == [
            "expected choices [\"Bobo (@bobo.banana)\", \"Bobo (@bobo.jungle)\"], got [\"Bobo (@bobo.banana)\"]",
        ])
        let exact = try read(try Self.disambiguation.yaml())
        reworded = Self.disambiguation
        reworded.conversation[0].prompt.text = "Which Bobo?"
        #expect(exact.differences(from: reworded).map(\.message) == ["expected prompt text \"Which recipient do you mean?\", got \"Which Bobo?\""])
    }

    @Test func aRefusalAndAResponseDifferOnTheResultLine() throws {
        var refused = Self.disambiguation
        refused.conversation = []
        refused.result = .error(.refusedByPolicy, policyRule: .restrictedWhileLocked, message: "restricted")
        refused.exitStatus = 3
        let yaml = try refused.yaml()
        #expect(yaml.contains("policyRule: restricted-while-locked") && yaml.contains("error: refusedByPolicy"))
        let recorded = try read(yaml)
        #expect(recorded.transcript == refused)
        #expect(recorded.differences(from: Self.disambiguation).map { $0.located(in: "t.yaml") } == [
            "t.yaml:\(try line(of: "conversation:", in: yaml)): expected no more prompts, got choice prompt \"Which recipient do you mean?\" for recipients",
            "t.yaml:\(try line(of: "conversation:", in: yaml)): expected no more prompts, got confirmation prompt \"Ready to send it?\"",
            "t.yaml:\(try line(of: "exitStatus:", in: yaml)): expected exit status 3, got 0",
            "t.yaml:\(try line(of: "error:", in: yaml)): expected error refusedByPolicy, got code success from com.example.MonkeyChat.Intents",
        ])
        var otherRule = refused
        otherRule.result = .error(.refusedByPolicy, policyRule: .notAuthorized, message: "another sentence")
        #expect(recorded.differences(from: otherRule).map(\.message) == ["expected policy rule restricted-while-locked, got not-authorized"])
    }

    /// A malformed transcript is one sentence naming the file, the line and the key or value.
    @Test(arguments: [
        ("version: 1\ninvocation: [\n", "t.yaml:3: it is not YAML:"),
        ("version: 2\nlockState: locked\n", "t.yaml:1: version \"2\" is not one this build reads (1)."),
        ("lockState: locked\n", "t.yaml:1: it has no version; this build reads version 1."),
        ("- 1\n- 2\n", "t.yaml:1: a transcript is a mapping with a version, not a list."),
        ("", "t.yaml:1: it is empty; a transcript is a mapping with a version."),
        ("version: 1\nlockstate: locked\n", "t.yaml:2: the transcript has an unknown key \"lockstate\"; its keys are agreesToSystemConfirmation, authorization, conversation, disallowedCalls, exitStatus, expectNoMatch, invocation, lockState, result, source, version."),
    ]) func malformedTranscriptsAreOneSentence(yaml: String, expected: String) throws {
        let error = try #require(throws: TranscriptFormatError.self) { try read(yaml) }
        #expect(error.description.hasPrefix(expected), "\(error)")
        #expect(!error.description.contains("\n"))
        #expect(error.hostError.code == .usage)
    }

    @Test func wrongTypesAndUnknownNamesAreRefusedWithTheirLine() throws {
        let good = try Self.disambiguation.yaml()
        let cases: [(String, String, String)] = [
            ("lockState: unlocked", "lockState: sideways", "lockState \"sideways\" is not one of unlocked, locked, lockedBeforeFirstUnlock."),
            ("exitStatus: 0", "exitStatus: zero", "exitStatus \"zero\" is not an exit status, a number from 0 to 255."),
            ("exitStatus: 0", "exitStatus: 300", "exitStatus \"300\" is not an exit status, a number from 0 to 255."),
            ("authorization: authorized", "authorization: yes please", "authorization \"yes please\" is not one of notDetermined, restricted, denied, authorized."),
            ("agreesToSystemConfirmation: false", "agreesToSystemConfirmation: maybe", "agreesToSystemConfirmation \"maybe\" is neither true nor false."),
            ("kind: choice", "kind: riddle", "conversation.1.kind \"riddle\" is not one of value, choice, confirmation, notice."),
            ("command: send", "command: shout", "invocation.command \"shout\" is neither send nor say."),
            ("step: handle", "step: [handle]", "result.step is a list, not text."),
            ("source: direct", "source: telepathy", "source \"telepathy\" is not one of direct, voiceShortcut, appShortcut, agent."),
            ("text: Ready to send it?", "text: Ready to send it?\n  match: sloppy", "conversation.2.match \"sloppy\" is not one of exact, loose."),
        ]
        for (old, new, reason) in cases {
            let yaml = good.replacingOccurrences(of: old, with: new)
            let error = try #require(throws: TranscriptFormatError.self) { try read(yaml) }
            let expectedLine = try line(of: new.split(separator: "\n").last.map(String.init) ?? new, in: yaml)
            #expect(error.description == "t.yaml:\(expectedLine): \(reason)")
        }
    }

    @Test func anchorsAndAliasesAreRefused() throws {
        let yaml = try Self.disambiguation.yaml().replacingOccurrences(of: "lockState: unlocked", with: "lockState: &state unlocked")
            .replacingOccurrences(of: "source: direct", with: "source: *state")
        let error = try #require(throws: TranscriptFormatError.self) { try read(yaml) }
        #expect(error.reason == "anchors and aliases (&name, *name) are not used in transcripts.")
    }

    @Test func hostileTextIsEscapedInDifferencesAndJUnit() throws {
        let recorded = try read(try Self.disambiguation.yaml())
        var replay = Self.disambiguation
        replay.conversation[1].prompt.text = "Ready?\n\u{1b}[31mPASS forged"
        let message = try #require(recorded.differences(from: replay).first?.message)
        #expect(message == "expected prompt text \"Ready to send it?\", got \"Ready?\\n\\u{1b}[31mPASS forged\"")
        let results = [TranscriptTestResult(file: "a&b<c>\"d'.yaml", differences: [TranscriptDifference(line: 3, message: message + " \u{7}")]),
                       TranscriptTestResult(file: "ok.yaml", differences: [])]
        let xml = JUnitReport.xml(results)
        #expect(xml.contains("name=\"a&amp;b&lt;c&gt;&quot;d&apos;.yaml\""))
        #expect(xml.contains("\\u{7}") && !xml.contains("\u{7}") && !xml.contains("\u{1b}"))
        #expect(xml.contains("<testsuites name=\"intents test\" tests=\"2\" failures=\"1\" errors=\"0\">"))
    }
}
