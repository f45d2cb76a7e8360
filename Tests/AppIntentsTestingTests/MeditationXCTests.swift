import AppIntentsTesting
import XCTest

/// The sample Meditation app, tested as Apple's article writes an XCTest UI test: the shared
/// host (the package's own bundles, laid out from Info/ and the build), no scope.
final class MeditationXCTests: XCTestCase {
    let defs = IntentDefinitions(bundleIdentifier: "com.example.Meditation")

    override func setUp() async throws {
        XCUIApplication(bundleIdentifier: "com.example.Meditation").launch()
    }

    func testFindASessionThenStartIt() async throws {
        let hits = try await defs.entities["MeditationSession"].entities(matching: "walk")
        XCTAssertEqual(hits.count, 1)
        // The sample's session keeps its name in a plain property, not an @Property: the
        // system (and so a test) cannot read it.
        XCTAssertThrowsError(try { let _: String = try hits[0].name }())

        var start = defs.intents["StartMeditationIntent"].makeIntent()
        start.session = hits[0]
        let result = try await start.run()
        XCTAssertNil(result.value)
    }

    func testAStringNamesTheSession() async throws {
        try await defs.intents["StartMeditationIntent"].makeIntent(session: "Calming").run()
    }
}
