import AppIntentsTesting
import Testing

/// The reading app: a query that needs the extension's dependency, and a transient result.
@Suite(.hostUnderTest(infoFolder: fixtureInfo))
struct ReaderIntentTests {
    let defs = IntentDefinitions(bundleIdentifier: "org.thirdparty.Reader")

    @Test func loggingPagesReturnsTheSession() async throws {
        let result = try await defs.intents["LogReadingIntent"].makeIntent(book: "dune", pages: 20).run()
        let pages: Int = try result.value.pagesRead
        #expect(pages == 20)
        let session = try result.value.as(defs.transientEntities["ReadingSession"])
        let read: Int = try session.pagesRead
        #expect(read == 20)
    }

    @Test func booksAreFoundByTheirQuery() async throws {
        let emma = try await defs.entities["Book"].entities(identifiers: ["emma"])
        let title: String = try emma[0].title
        let pages: Int = try emma[0].pages
        #expect(title == "Emma")
        #expect(pages == 474)
    }
}
