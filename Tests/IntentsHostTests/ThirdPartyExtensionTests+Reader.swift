import Foundation
import Testing

/// Reader: App Intents that adopt the protocols apps adopt beside `AppIntent` (`OpenIntent`,
/// `ForegroundContinuableIntent`, `ProgressReportingIntent`, `CustomIntentMigratedAppIntent`,
/// `DeprecatedAppIntent`), a `TransientAppEntity` result, `@Dependency` values its `@main`
/// extension type registers when its process starts, in an Intents extension's layout whose
/// plist lists no App Intent (its build's metadata declares them). Real extension processes.
extension ThirdPartyExtensionTests {
    func reader(_ state: TemporaryFolder, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await shell([Package.cli, "--apps", apps.path, "--state", state.path] + arguments)
    }

    @Test func readersIntentsRunWithTheirDependenciesAndProtocols() async throws {
        let build = try await Self.buildFixture()
        try #require(build.status == 0, "swift build of the fixture failed:\n\(build.output)")
        try bundle(app: "Reader", extension: "ReaderIntents")
        let state = TemporaryFolder()

        // The dependency the extension's init() registered serves the intent and the book query;
        // the pages are asked by an awaited requestValue; the value is a transient entity.
        let logged = try await reader(state, ["send", "LogReadingIntent", "--param", "book=dune", "--answer", "12", "--json"])
        #expect(logged.status == 0, "\(logged.output)")
        let loggedJSON = try Self.lastJSON(logged.output)
        #expect(loggedJSON["dialog"] as? String == "Logged 12 pages of Dune; 400 to go in a library of 2.", "\(logged.output)")
        #expect((loggedJSON["prompts"] as? [[String: Any]])?.first?["text"] as? String == "How many pages did you read?")
        #expect((loggedJSON["value"] as? [String: Any])?["display"] as? String == "12 pages", "\(logged.output)")

        // An open intent opens its app.
        let opened = try await reader(state, ["send", "OpenBookIntent", "--param", "target=emma", "--json"])
        #expect(opened.status == 0, "\(opened.output)")
        #expect(try Self.lastJSON(opened.output)["opensApp"] as? Bool == true, "\(opened.output)")

        // Continuing in the foreground: the app is asked for, with the intent's dialog.
        let aloud = try await reader(state, ["send", "ReadAloudIntent", "--param", "book=emma", "--json"])
        let aloudJSON = try Self.lastJSON(aloud.output)
        #expect(aloudJSON["opensApp"] as? Bool == true, "\(aloud.output)")
        #expect(aloud.output.contains("Reading Emma aloud continues in Reader."), "\(aloud.output)")
        #expect(aloud.status == 0, "\(aloud.output)")

        // A deprecated intent still runs; a migrated one says which SiriKit intent it replaces.
        let deprecated = try await reader(state, ["send", "LogPagesIntent", "--json"])
        #expect(try Self.lastJSON(deprecated.output)["dialog"] as? String == "Use Log Reading instead.", "\(deprecated.output)")
        let listing = try await reader(state, ["apps", "--json"])
        let app = try #require((try Self.lastJSON(listing.output)["apps"] as? [[String: Any]])?.first)
        let intents = try #require((app["extensions"] as? [[String: Any]])?.first?["appIntents"] as? [[String: Any]], "\(listing.output)")
        let log = try #require(intents.first { $0["name"] as? String == "LogReadingIntent" })
        #expect(log["customIntentClassName"] as? String == "LogReadingIntent")
        #expect((log["returnType"] as? [String: Any])?["type"] as? String == "ReaderIntents.ReadingSession")
        #expect(log["description"] as? String == "Logs the pages you read today.")
    }
}
