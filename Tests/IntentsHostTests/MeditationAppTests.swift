import Foundation
import SharedKit
import SystemStore
import Testing

/// The Meditation sample app (`meditation`): its sessions in the app group, its one-sentence
/// errors, and its model's calls to `updateAppShortcutParameters()`.
@Suite struct MeditationAppTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    func meditation(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runBuilt("meditation", arguments, apps: apps, state: state)
    }

    func json(_ arguments: [String]) async throws -> [String: Any] {
        let run = try await meditation(arguments + ["--json"])
        try #require(run.status == 0, "\(run.output)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
    }

    @Test func listShowsTheDefaultSessionsWithStableIdentifiers() async throws {
        let list = try await meditation(["list"])
        #expect(list.status == 0)
        #expect(list.output == "Walking\nCalming\nFocus\n")
        let first = try await json(["list"])["sessions"] as? [[String: String]]
        let again = try await json(["list"])["sessions"] as? [[String: String]]
        #expect(first?.map { $0["name"] } == ["Walking", "Calming", "Focus"])
        #expect(first?.compactMap { $0["id"].flatMap(UUID.init(uuidString:)) }.count == 3)
        #expect(first == again, "the defaults are stored once, so every process sees the same identifiers")
    }

    @Test func addedSessionIsListedAfterTheDefaults() async throws {
        let add = try await meditation(["add-session", "  Breathing "])
        #expect(add.status == 0)
        #expect(add.output == "Added the session Breathing.\n")
        #expect(try await meditation(["list"]).output == "Walking\nCalming\nFocus\nBreathing\n")
        let added = try await json(["add-session", "Body Scan"])
        #expect(added["name"] as? String == "Body Scan")
        let names = try await json(["list"])["sessions"] as? [[String: String]]
        #expect(names?.last == ["id": added["id"] as? String ?? "", "name": "Body Scan"])
    }

    @Test func badArgumentsExitWithTwoAndOneSentence() async throws {
        let empty = try await meditation(["add-session", "  "])
        #expect(empty.status == 2)
        #expect(empty.output == "meditation: A session needs a name; got an empty one.\n")
        let taken = try await meditation(["add-session", "walking"])
        #expect(taken.status == 2)
        #expect(taken.output == "meditation: There is already a session named \"Walking\"; `meditation list` lists them.\n")
        let twoLines = try await meditation(["add-session", "Walk\nRun"])
        #expect(twoLines.status == 2)
        #expect(twoLines.output == "meditation: A session name is one line of text, without control characters.\n")
        let missing = try await meditation(["add-session"])
        #expect(missing.status == 2)
        #expect(missing.output.hasPrefix("Error: Missing expected argument '<name>'"))
        let unknown = try await meditation(["meditate"])
        #expect(unknown.status == 2)
        #expect(try await meditation(["list"]).output == "Walking\nCalming\nFocus\n", "nothing was added")
    }

    @Test func helpShowsExamples() async throws {
        let help = try await runProgram(Package.products + "/meditation", ["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("meditation add-session Breathing"))
        #expect(help.output.contains("history"))
    }

    /// Sessions the extension started (written here as it writes them) are listed newest first.
    @Test func historyListsStartedSessionsNewestFirst() async throws {
        #expect(try await meditation(["history"]).output == "No sessions started yet.\n")
        #expect(try await json(["history"])["started"] as? [Any] != nil)

        struct Started: Codable { var id: UUID; var name: String; var date: Date }
        let store = try SharedStore(suiteName: "group.com.example.meditation",
                                    containers: AppGroupContainers(entitledGroups: ["group.com.example.meditation"], stateFolder: state.path))
        let now = Date()
        try store.set(codable: [Started(id: UUID(), name: "Walking", date: now.addingTimeInterval(-60)),
                                Started(id: UUID(), name: "Calming", date: now)], forKey: "started")
        let history = try await meditation(["history"])
        #expect(history.status == 0)
        let lines = history.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix("  Calming") == true)
        #expect(lines.last?.hasSuffix("  Walking") == true)
        let started = try await json(["history"])["started"] as? [[String: String]]
        #expect(started?.map { $0["name"] } == ["Calming", "Walking"])
    }

    /// Every launch makes the app's model, which calls `updateAppShortcutParameters()` once;
    /// adding a session changes the model's sessions, which calls it again.
    @Test func theModelAsksForItsShortcutParametersAtLaunchAndOnEachChange() async throws {
        func generation() throws -> Int {
            try SystemStore(stateFolder: state.path).appShortcutParameterGeneration(app: "com.example.Meditation")
        }
        #expect(try await meditation(["list"]).status == 0)
        #expect(try generation() == 1)
        #expect(try await meditation(["add-session", "Breathing"]).status == 0)
        #expect(try generation() == 3)
        #expect(try await meditation(["add-session", "Breathing"]).status == 2)
        #expect(try generation() == 4, "the launch counts, the refused change does not")
    }

    /// The third-party fixture's MindfulIntents: the article's code as written builds against the SDK.
    @Test func articleCodeBuildsAsAThirdPartyExtension() async throws {
        let build = try await ThirdPartyExtensionTests.buildFixture()
        try #require(build.status == 0, "swift build of the fixture failed:\n\(build.output)")
        #expect(FileManager.default.fileExists(atPath: ThirdPartyExtensionTests.scratch + "/debug/libMindfulIntents.so"))
    }
}
