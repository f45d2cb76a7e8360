import Foundation
import Testing

/// The fixture's own test targets, written as an extension author writes tests:
/// `Tests/ExtensionTests` with `IntentsTesting` (in process) and `Tests/AppIntentsTests` with
/// `AppIntentsTesting` (out of process, against the bundles laid out from the fixture's build,
/// through this build's `intents-host`). Built with the fixture's scratch path and run there, so
/// that a failure inside them fails this suite.
extension ThirdPartyExtensionTests {
    /// How many tests and suites the fixture's test target holds; a test that did not run is a failure.
    static let fixtureTests = (tests: 18, suites: 6)

    /// The test target's build, after the libraries' (one SwiftPM at a time in a scratch folder).
    private static let testsBuild = Task {
        let libraries = try await buildFixture()
        guard libraries.status == 0 else { return libraries }
        return try await runProgram("/usr/bin/env", ["swift", "build", "--build-tests", "--package-path", Package.root + "/Tests/Fixtures/ThirdPartyExtension",
                                                     "--scratch-path", scratch, "--disable-build-manifest-caching"])
    }

    @Test func theFixturesOwnTestsWrittenWithIntentsTestingPass() async throws {
        let build = try await Self.testsBuild.value
        try #require(build.status == 0, "swift build --build-tests of the fixture failed:\n\(build.output)")
        let run = try await shell(["INTENTS_HOST_EXECUTABLE=\(Package.products)/intents-host", "swift", "test", "--skip-build",
                                   "--package-path", fixture, "--scratch-path", Self.scratch])
        #expect(run.status == 0, "\(run.output)")
        let summary = try #require(run.output.firstMatch(of: #/Test run with (\d+) tests? in (\d+) suites? (passed|failed)/#),
                                   "no Swift Testing summary in:\n\(run.output)")
        #expect(summary.3 == "passed", "\(run.output)")
        #expect(Int(summary.1) == Self.fixtureTests.tests && Int(summary.2) == Self.fixtureTests.suites, "\(run.output)")
    }

    /// The reference's "Testing your extension" (in the article "Writing an extension") shows the
    /// fixture's code: each of its Swift blocks is a passage of the fixture's test files or
    /// manifest (indentation aside), which the test above compiles and runs.
    @Test func theReferencesTestingExamplesAreTheFixturesCode() throws {
        let article = try String(contentsOfFile: Package.root + "/Sources/IntentsCLI/IntentsCLI.docc/WritingAnExtension.md", encoding: .utf8)
        let start = try #require(article.range(of: "## Testing your extension"))
        let section = article[start.upperBound...]
        let blocks = section.matches(of: #/```swift\n(?<code>(?s:.*?))```/#).map { String($0.code) }
        #expect(blocks.count >= 3)
        let folder = fixture + "/Tests/ExtensionTests"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 } + [fixture + "/Package.swift"]
        let sources = try files.map { Self.unindented(try String(contentsOfFile: $0, encoding: .utf8)) }
        for block in blocks {
            #expect(sources.contains { $0.contains(Self.unindented(block)) }, "the article's example is not in the fixture's tests:\n\(block)")
        }
    }

    private static func unindented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " } }.joined(separator: "\n")
    }
}
