import AppIntents
import Foundation

struct OpenBookIntent: OpenIntent {
    static var title: LocalizedStringResource = "Open Book"
    static var description = IntentDescription("Opens a book in Reader.")

    @Parameter(title: "Book")
    var target: Book

    func perform() async throws -> some IntentResult {
        .result()
    }
}

/// The SiriKit intent this replaces was `LogReadingIntent`: its donations and shortcuts run this.
struct LogReadingIntent: CustomIntentMigratedAppIntent, ProgressReportingIntent {
    static let intentClassName = "LogReadingIntent"
    static var title: LocalizedStringResource = "Log Reading"
    static var description = IntentDescription("Logs the pages you read today.")

    @Parameter(title: "Book")
    var book: Book

    @Parameter(title: "Pages", inclusiveRange: (1, 500))
    var pages: Int?

    @Dependency var library: BookLibrary

    func perform() async throws -> some IntentResult & ReturnsValue<ReadingSession> & ProvidesDialog {
        progress.totalUnitCount = 1
        let read = if let pages { pages } else { try await $pages.requestValue("How many pages did you read?") }
        let session = ReadingSession()
        session.pagesRead = read
        progress.completedUnitCount = 1
        let left = max(book.pages - read, 0)
        return .result(value: session, dialog: "Logged \(read) pages of \(book.title); \(left) to go in a library of \(library.books.count).")
    }
}

struct ReadAloudIntent: ForegroundContinuableIntent {
    static var title: LocalizedStringResource = "Read Aloud"

    @Parameter(title: "Book")
    var book: Book

    func perform() async throws -> some IntentResult & ProvidesDialog {
        guard book.pages < 100 else {
            throw needsToContinueInForegroundError("Reading \(book.title) aloud continues in Reader.")
        }
        return .result(dialog: "Reading \(book.title) aloud.")
    }
}

struct LogPagesIntent: DeprecatedAppIntent {
    static var title: LocalizedStringResource = "Log Pages"
    static var deprecation: IntentDeprecation<LogReadingIntent> {
        IntentDeprecation(message: "Use Log Reading.", replacedBy: LogReadingIntent.self)
    }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "Use Log Reading instead.")
    }
}
