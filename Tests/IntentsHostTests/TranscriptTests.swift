import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import IntentsHost
import Testing
import HostTools

/// `send --record`, `say --record` and `intents test` end to end: real commands, real
/// extension processes, the sample apps and a fresh state folder per test.
@Suite struct TranscriptTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()
    /// Where the tests write transcripts and reports.
    let files = TemporaryFolder()

    func run(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runBuilt(program, arguments, apps: apps, state: state)
    }

    /// The MonkeyChat disambiguation of the README's first command, recorded to `name`.
    func recordDisambiguation(_ name: String = "bobo.yaml") async throws -> String {
        #expect(try await run("intents", ["authorize", "MonkeyChat", "grant"]).status == 0)
        let file = files.path + "/" + name
        let sent = try await run("intents", ["send", "INSendMessageIntent", "--param", "recipients=Bobo", "--param", "content=Please send more bananas",
                                             "--answer", "2", "--answer", "yes", "--record", file])
        #expect(sent.status == 0, "\(sent.output)")
        return file
    }

    func read(_ file: String) throws -> String {
        try String(contentsOfFile: file, encoding: .utf8)
    }

    /// The 1-based line of the first line of `file` that contains `text`.
    func line(of text: String, in file: String) throws -> Int {
        try #require(try read(file).split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }) + 1
    }

    /// The acceptance: the disambiguation replays green; once the extension answers
    /// differently (its app added a fourth Bobo to the contacts it disambiguates among), the
    /// replay fails and names the line of the prompt that changed.
    @Test func theDisambiguationReplaysGreenAndFailsAtThePromptsLineOnceTheExtensionAnswersDifferently() async throws {
        let file = try await recordDisambiguation()
        let yaml = try read(file)
        for expected in ["command: send", "intent: INSendMessageIntent", "- name: recipients\n    value: Bobo", "lockState: unlocked",
                         "authorization: authorized", "source: direct", "agreesToSystemConfirmation: false", "text: Which recipient do you mean?",
                         "- Bobo (@bobo.jungle)", "answer: '2'", "text: Ready to send it?", "code: success", "exitStatus: 0"] {
            #expect(yaml.contains(expected), "\(expected) not in:\n\(yaml)")
        }
        let green = try await run("intents", ["test", file])
        #expect(green.status == 0, "\(green.output)")
        #expect(green.output.hasSuffix("PASS \(file)\n1 passed, 0 failed\n"), "\(green.output)")

        #expect(try await run("monkeychat", ["add-contact", "c-bobo-moon", "Bobo", "@bobo.moon"]).status == 0)
        let red = try await run("intents", ["test", file])
        #expect(red.status == 1, "\(red.output)")
        let choices = try line(of: "choices:", in: file)
        #expect(red.output.hasSuffix("""
            FAIL \(file)
            \(file):\(choices): expected choices ["Bobo (@bobo.banana)", "Bobo (@bobo.jungle)", "Bobo (@bobo.treetop)"], got ["Bobo (@bobo.banana)", "Bobo (@bobo.jungle)", "Bobo (@bobo.treetop)", "Bobo (@bobo.moon)"]
            0 passed, 1 failed

            """), "\(red.output)")
    }

    /// A replay runs in the transcript's lock state and authorization; the device's own stay
    /// as they were.
    @Test func replaysUseTheRecordedLockStateAndAuthorizationAndLeaveTheDevicesAlone() async throws {
        let unlocked = try await recordDisambiguation()
        #expect(try await run("intents", ["lock"]).status == 0)
        let locked = files.path + "/locked.yaml"
        let refused = try await run("intents", ["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=hi", "--record", locked])
        #expect(refused.status == 3, "\(refused.output)")
        let yaml = try read(locked)
        for expected in ["lockState: locked", "error: refusedByPolicy", "policyRule: restricted-while-locked", "exitStatus: 3", "conversation: []"] {
            #expect(yaml.contains(expected), "\(expected) not in:\n\(yaml)")
        }
        #expect(try await run("intents", ["authorize", "MonkeyChat", "deny"]).status == 0)
        // Locked and denied now: the unlocked, authorized conversation still replays as recorded.
        let both = try await run("intents", ["test", unlocked, locked])
        #expect(both.status == 0, "\(both.output)")
        #expect(both.output.hasSuffix("2 passed, 0 failed\n"))
        let status = try await run("intents", ["status", "--json"])
        #expect(status.output.contains("\"lockState\":\"locked\""), "\(status.output)")
        #expect(try await run("intents", ["authorize"]).output.contains("denied"))
        #expect(try await run("intents", ["unlock"]).status == 0)
        #expect(try await run("intents", ["test", unlocked, locked]).status == 0)
    }

    @Test func aChangedCodeAndAChangedOutputAreReportedWithTheirLines() async throws {
        let file = files.path + "/pizza.yaml"
        let ordered = try await run("intents", ["send", "OrderPizzaIntent", "--param", "kind=margherita", "--param", "quantity=3",
                                                "--param", "deliveryTime=19:30", "--record", file])
        #expect(ordered.status == 0, "\(ordered.output)")
        #expect(try read(file).contains("waitTime: 30"))
        // The transcript expects another output.
        let edited = files.path + "/pizza-45.yaml"
        try read(file).replacingOccurrences(of: "waitTime: 30", with: "waitTime: 45").write(toFile: edited, atomically: true, encoding: .utf8)
        let output = try await run("intents", ["test", edited])
        #expect(output.status == 1)
        #expect(output.output.contains("FAIL \(edited)\n\(edited):\(try line(of: "waitTime:", in: edited)): expected output waitTime 45, got 30\n0 passed, 1 failed"),
                "\(output.output)")
        // The extension answers another code: its app closed the pizzeria.
        #expect(try await run("pizza", ["close"]).status == 0)
        let code = try await run("intents", ["test", file])
        #expect(code.status == 1)
        #expect(code.output.contains("""
            FAIL \(file)
            \(file):\(try line(of: "exitStatus:", in: file)): expected exit status 0, got 4
            \(file):\(try line(of: "code: success", in: file)): expected code success, got failurePizzeriaClosed
            \(file):\(try line(of: "waitTime:", in: file)): expected output waitTime 30, got none
            \(file):\(try line(of: "step: handle", in: file)): expected step handle, got confirm
            """), "\(code.output)")
    }

    @Test func aRewordedPromptFailsExactlyAndPassesWhenMatchedLoosely() async throws {
        let file = try await recordDisambiguation()
        let reworded = try read(file).replacingOccurrences(of: "text: Which recipient do you mean?", with: "text: Which Bobo?")
        try reworded.write(toFile: file, atomically: true, encoding: .utf8)
        let exact = try await run("intents", ["test", file])
        #expect(exact.status == 1)
        #expect(exact.output.contains("\(file):\(try line(of: "text: Which Bobo?", in: file)): expected prompt text \"Which Bobo?\", got \"Which recipient do you mean?\""),
                "\(exact.output)")
        try reworded.replacingOccurrences(of: "  text: Which Bobo?", with: "  match: loose\n  text: Which Bobo?")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let loose = try await run("intents", ["test", file])
        #expect(loose.status == 0, "\(loose.output)")
    }

    @Test func sayRecordsThePhraseWhatItMatchedAndItsSource() async throws {
        let file = files.path + "/meditation.yaml"
        let said = try await run("intents", ["say", "Start a Meditation", "--answer", "2", "--record", file])
        #expect(said.status == 0, "\(said.output)")
        let recorded = try RecordedTranscript.read(file: file).transcript
        #expect(recorded.invocation == .say(phrase: "Start a Meditation", matched: Transcript.Match(intent: "StartMeditationIntent", app: "com.example.Meditation")))
        #expect(recorded.source == .appShortcut)
        #expect(recorded.conversation.map(\.prompt.choices) == [["Walking", "Calming", "Focus"]])
        guard case .response(let response) = recorded.result else { throw TranscriptFailure("not a response: \(recorded.result)") }
        #expect(response.dialog == "Okay, starting a Calming meditation session.")
        #expect(response.step == "perform")
        let replayed = try await run("intents", ["test", file, "--json"])
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(replayed.output.contains("\"failed\":0") && replayed.output.contains("\"passed\":1"))
    }

    @Test func junitXMLIsWellFormedAndCountsFailures() async throws {
        let good = try await recordDisambiguation()
        let bad = files.path + "/a&b <bad>.yaml"
        try read(good).replacingOccurrences(of: "exitStatus: 0", with: "exitStatus: 4").write(toFile: bad, atomically: true, encoding: .utf8)
        let report = files.path + "/report.xml"
        let tested = try await run("intents", ["test", good, bad, "--junit", report])
        #expect(tested.status == 1, "\(tested.output)")
        let parsed = try JUnitDocument(path: report)
        #expect(parsed.attributes["testsuites"]?["tests"] == "2")
        #expect(parsed.attributes["testsuites"]?["failures"] == "1")
        #expect(parsed.attributes["testsuite"]?["failures"] == "1")
        #expect(parsed.testCases == [good, bad])
        #expect(parsed.failures == ["\(bad):\(try line(of: "exitStatus:", in: bad)): expected exit status 4, got 0"])
    }

    @Test func malformedTranscriptsAreAUsageErrorInOneSentenceAndNothingIsReplayed() async throws {
        let good = try await recordDisambiguation()
        let bad = files.path + "/bad.yaml"
        try read(good).replacingOccurrences(of: "lockState: unlocked", with: "lockState: sideways").write(toFile: bad, atomically: true, encoding: .utf8)
        let tested = try await run("intents", ["test", good, bad])
        #expect(tested.status == 2)
        #expect(tested.output == "error: \(bad):\(try line(of: "lockState:", in: bad)): lockState \"sideways\" is not one of unlocked, locked, lockedBeforeFirstUnlock.\n")
        try "version: 1\nresult: [\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let yaml = try await run("intents", ["test", bad])
        #expect(yaml.status == 2)
        #expect(yaml.output.hasPrefix("error: \(bad):") && yaml.output.contains("it is not YAML") && yaml.output.split(separator: "\n").count == 1,
                "\(yaml.output)")
        let missing = try await run("intents", ["test", files.path + "/nothing.yaml"])
        #expect(missing.status == 2)
        #expect(missing.output == "error: There is no transcript or folder \"\(files.path)/nothing.yaml\".\n")
        let empty = TemporaryFolder()
        #expect(try await run("intents", ["test", empty.path]).output == "error: The folder \"\(empty.path)\" holds no transcript (*.yaml, *.yml).\n")
    }

    /// What CI runs: the sample apps' transcripts, from a fresh state folder.
    @Test func theSampleAppsTranscriptsReplayGreen() async throws {
        let folders = ["MonkeyChatIntents", "PizzaIntents", "MeditationIntents"].map { Package.root + "/Plugins/Samples/\($0)/Transcripts" }
        let tested = try await run("intents", ["test"] + folders)
        #expect(tested.status == 0, "\(tested.output)")
        #expect(tested.output.hasSuffix("4 passed, 0 failed\n"), "\(tested.output)")
        #expect(!tested.output.contains("FAIL"))
    }

    /// Served, `--record`'s relative path is the client's: the server writes it there.
    @Test func aServedCommandRecordsBesideTheClient() async throws {
        let folder = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [folder], state: state.path)
        let ordered = try await runProgram(Package.cli, ["--apps", folder, "--state", state.path, "send", "OrderPizzaIntent", "--param", "kind=funghi",
                                                         "--param", "quantity=1", "--param", "deliveryTime=12:00", "--record", "served.yaml"],
                                           environment: ["PATH": "/usr/bin:/bin", "HOME": state.path], currentDirectory: files.path)
        #expect(ordered.status == 0, "\(ordered.output)")
        #expect(server.servedCount == 1, "\(server.log)")
        #expect(try read(files.path + "/served.yaml").contains("code: success"))
    }
}

struct TranscriptFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What a test reads of a JUnit report: it must parse as XML.
final class JUnitDocument: NSObject, XMLParserDelegate {
    private(set) var attributes: [String: [String: String]] = [:]
    private(set) var testCases: [String] = []
    private(set) var failures: [String] = []
    private var text: String?

    init(path: String) throws {
        super.init()
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = self
        guard parser.parse() else { throw TranscriptFailure("not well-formed XML: \(String(describing: parser.parserError))") }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        self.attributes[name] = self.attributes[name] ?? attributes
        if name == "testcase", let file = attributes["name"] { testCases.append(file) }
        if name == "failure" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure", let text { failures.append(text) }
        if name == "failure" { text = nil }
    }
}
