import Foundation
import SystemStore
import Testing

/// The Meditation sample end to end: the host runs its App Intent through the sandboxed
/// extension, by name (`send`) and by its App Shortcut phrases (`say`), and the app sees the
/// sessions started.
///
/// The expected texts follow the article.
@Suite struct MeditationSampleTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    func run(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runBuilt(program, arguments, apps: apps, state: state)
    }

    /// `send --json`'s object.
    func sendJSON(_ arguments: [String]) async throws -> (status: Int32, json: [String: Any]) {
        let sent = try await run("intents", ["send", "StartMeditationIntent", "--json"] + arguments)
        let line = sent.output.split(separator: "\n").last { $0.hasPrefix("{") }
        let json = line.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return (sent.status, try #require(json, "no JSON in:\n\(sent.output)"))
    }

    /// The names `meditation history` lists, newest first.
    func history() async throws -> [String] {
        let started = try await run("meditation", ["history", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(started.output.utf8)) as? [String: Any]
        return (json?["started"] as? [[String: String]])?.compactMap { $0["name"] } ?? []
    }

    /// The acceptance: no setup, "Start a Meditation" asks which session, the answer picks one
    /// and the dialog names it; a session's phrase starts it directly with no app process ever
    /// started (the host asks the extension's `suggestedEntities()` itself); a session added in
    /// the app (which calls `updateAppShortcutParameters()`) works in the phrases.
    @Test func theArticlesConversationWithNoSetup() async throws {
        let said = try await run("intents", ["say", "Start a Meditation", "--answer", "2", "--json"])
        #expect(said.status == 0, "\(said.output)")
        let object = try #require(jsonObject(said.output))
        #expect(object["dialog"] as? String == "Okay, starting a Calming meditation session.")
        #expect((object["matched"] as? [String: Any])?["kind"] as? String == "appShortcut")
        let prompts = try #require(object["prompts"] as? [[String: Any]])
        #expect(prompts.map { $0["kind"] as? String } == ["choice"])
        #expect(prompts.first?["choices"] as? [String] == ["Walking", "Calming", "Focus"])
        let snippet = try #require(object["snippet"] as? [String: String])
        #expect(snippet["format"] == "text")

        // An App Intent of the app ran: its phrase values are to be gathered again, as after
        // updateAppShortcutParameters() (which the extension need not call).
        let store = try makeDispatcher([], state: state).openSystemStore()
        #expect(try store.appShortcutParameterGeneration(app: "com.example.Meditation") == 1)
        // No app process has run: the host gathered the sessions from the extension's query itself.
        let walking = try await run("intents", ["say", "Start a walking session with Meditation", "--json", "--non-interactive"])
        #expect(walking.status == 0, "\(walking.output)")
        #expect(try #require(jsonObject(walking.output))["dialog"] as? String == "Okay, starting a Walking meditation session.")
        #expect(try await run("meditation", ["add-session", "Body scan"]).status == 0)
        let scan = try await run("intents", ["say", "Begin a body scan session with Meditation", "--non-interactive"])
        #expect(scan.status == 0, "\(scan.output)")
        #expect(scan.output.contains("Okay, starting a Body scan meditation session."))
        #expect(try await history() == ["Body scan", "Walking", "Calming"])
    }

    @Test func whatCanIDoListsTheAppShortcutsByPrimaryPhraseAndShortcutsListsThem() async throws {
        let help = try await run("intents", ["say", "What can I do with Meditation?"])
        #expect(help.status == 0, "\(help.output)")
        #expect(help.output.contains("You can ask Meditation:\n  \"Start a Meditation\""))
        let here = try await run("intents", ["say", "what can I do here", "--json"])
        let listed = try #require(jsonObject(here.output)?["shortcuts"] as? [[String: Any]])
        #expect(listed.contains { $0["app"] as? String == "com.example.Meditation" && $0["phrase"] as? String == "Start a Meditation" })
        let shortcuts = try await run("intents", ["shortcuts", "list"])
        #expect(shortcuts.output.contains("App Shortcuts (no setup needed):"))
        #expect(shortcuts.output.contains("\"Start a Meditation\"  com.example.Meditation: StartMeditationIntent (6 phrases)"))
        let validate = try await run("intents", ["validate", apps.path + "/Apps/Meditation.app"])
        #expect(validate.status == 0, "\(validate.output)")
    }

    func jsonObject(_ output: String) -> [String: Any]? {
        let line = output.split(separator: "\n").last { $0.hasPrefix("{") }
        return line.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Spoken text for the session is matched through EntityStringQuery.entities(matching:):
    /// several matches are a choice, none is said and the suggestions offered.
    @Test func textForTheSessionIsMatchedByItsQuery() async throws {
        #expect(try await run("meditation", ["add-session", "Walking fast"]).status == 0)
        let several = try await sendJSON(["--param", "session=walk", "--answer", "2"])
        #expect(several.status == 0, "\(several.json)")
        let prompts = try #require(several.json["prompts"] as? [[String: Any]])
        #expect(prompts.map { $0["text"] as? String } == ["Which Session Type do you mean?"])
        #expect(prompts.first?["choices"] as? [String] == ["Walking", "Walking fast"])
        #expect(try await history() == ["Walking fast"])
        let none = try await sendJSON(["--param", "session=underwater", "--answer", "Focus"])
        #expect(none.status == 0, "\(none.json)")
        let told = try #require(none.json["prompts"] as? [[String: Any]])
        #expect(told.map { $0["kind"] as? String } == ["notice", "choice"])
        #expect((told.first?["text"] as? String)?.contains("\"underwater\"") == true)
        #expect(try await history() == ["Focus", "Walking fast"])
    }

    @Test func sendWithASessionStartsItInTheExtension() async throws {
        let sent = try await sendJSON(["--param", "session=calm"])
        #expect(sent.status == 0, "\(sent.json)")
        #expect(sent.json["extension"] as? String == "com.example.Meditation.Intents")
        let session = (sent.json["parameters"] as? [String: Any])?["session"] as? [String: Any]
        #expect(session?["display"] as? String == "Calming", "spoken text is matched by the query's entities(matching:)")
        #expect(try await history() == ["Calming"])
    }

    @Test func sendWithoutASessionAsksWhichOne() async throws {
        let sent = try await sendJSON(["--answer", "2"])
        #expect(sent.status == 0, "\(sent.json)")
        let prompts = try #require(sent.json["prompts"] as? [[String: Any]])
        #expect(prompts.first?["text"] as? String == "What session would you like?")
        #expect(prompts.first?["choices"] as? [String] == ["Walking", "Calming", "Focus"])
        #expect(try await history() == ["Calming"])
        let unattended = try await run("intents", ["send", "StartMeditationIntent", "--non-interactive"])
        #expect(unattended.status == 2)
    }

    @Test func sessionAddedInTheAppCanBeSent() async throws {
        #expect(try await run("meditation", ["add-session", "Breathing"]).status == 0)
        let sent = try await sendJSON(["--param", "session=breathing"])
        #expect(sent.status == 0, "\(sent.json)")
        #expect(try await history() == ["Breathing"])
    }

    @Test
    func sendSaysTheDialogAndShowsTheSnippet() async throws {
        let sent = try await run("intents", ["send", "StartMeditationIntent", "--param", "session=walking"])
        #expect(sent.status == 0, "\(sent.output)")
        #expect(sent.output.contains("Okay, starting a Walking meditation session."))
        #expect(sent.output.contains("Walking meditation session, started."))
    }

    @Test(arguments: ["Start a Walking session with Meditation", "Begin a walking session with Meditation",
                      "Meditate on Walking with Meditation"])
    func parameterizedPhrasesStartTheSessionNamed(phrase: String) async throws {
        _ = try await run("meditation", ["list"])  // the app has run: its parameters are known
        let said = try await run("intents", ["say", phrase])
        #expect(said.status == 0, "\(said.output)")
        #expect(try await history() == ["Walking"])
    }

    @Test
    func phraseWithoutASessionAsksWhichOne() async throws {
        let said = try await run("intents", ["say", "Start a Meditation", "--answer", "Focus"])
        #expect(said.status == 0, "\(said.output)")
        #expect(said.output.contains("What session would you like?"))
        #expect(try await history() == ["Focus"])
    }

    /// A session added in the app works in the phrases once the app has told the system
    /// (`updateAppShortcutParameters()`, which its model calls when the sessions change).
    @Test
    func sessionAddedInTheAppWorksInThePhrases() async throws {
        _ = try await run("meditation", ["list"])
        let before = try await run("intents", ["say", "Meditate on Breathing with Meditation"])
        #expect(before.status == 2, "no such session yet: no phrase matches")
        #expect(try await run("meditation", ["add-session", "Breathing"]).status == 0)
        let after = try await run("intents", ["say", "Meditate on Breathing with Meditation"])
        #expect(after.status == 0, "\(after.output)")
        #expect(try await history() == ["Breathing"])
    }
}

/// The article's code as written, in a third party's package (the fixture's MindfulIntents).
@Suite struct MindfulExtensionTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    /// Lays out Mindful.app with its extension, built by the fixture's package.
    func bundle() async throws {
        let build = try await ThirdPartyExtensionTests.buildFixture()
        try #require(build.status == 0, "swift build of the fixture failed:\n\(build.output)")
        let fixture = Package.root + "/Tests/Fixtures/ThirdPartyExtension"
        let appex = apps.path + "/Mindful.app/PlugIns/MindfulIntents.appex"
        try FileManager.default.createDirectory(atPath: appex, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture + "/Info/Mindful/Info.plist", toPath: apps.path + "/Mindful.app/Info.plist")
        try FileManager.default.copyItem(atPath: fixture + "/Info/MindfulIntents/Info.plist", toPath: appex + "/Info.plist")
        try FileManager.default.copyItem(atPath: ThirdPartyExtensionTests.scratch + "/debug/libMindfulIntents.so",
                                        toPath: appex + "/libMindfulIntents.so")
    }

    func intents(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runProgram(Package.cli, ["--apps", apps.path, "--state", state.path] + arguments)
    }

    @Test func articleCodeIsValidAndRuns() async throws {
        try await bundle()
        let validate = try await runProgram(Package.cli, ["validate", apps.path + "/Mindful.app"])
        #expect(validate.status == 0, "\(validate.output)")
        let sent = try await intents(["send", "StartMeditationIntent", "--answer", "Calming", "--json"])
        #expect(sent.status == 0, "\(sent.output)")
        #expect(sent.output.contains(#""text":"What session would you like?""#))
        #expect(sent.output.contains(#""display":"Calming""#))
    }

    @Test
    func articlePhrasesRun() async throws {
        try await bundle()
        // Mindful has no app to launch, so only its phrases without a parameter are sure to be known.
        let said = try await intents(["say", "Start a Mindful", "--answer", "Calming"])
        #expect(said.status == 0, "\(said.output)")
    }
}
