// A reading app's App Intents extension: its @main type registers the library its intents use,
// as App Intents extensions do; the intents adopt the protocols apps adopt beside AppIntent.
import AppIntents
import Foundation

@main
struct ReaderExtension: AppIntentsExtension {
    init() {
        AppDependencyManager.shared.add(dependency: BookLibrary.shared)
    }
}

final class BookLibrary: Sendable {
    static let shared = BookLibrary()

    let books = [
        Book(id: "dune", title: "Dune", pages: 412),
        Book(id: "emma", title: "Emma", pages: 474),
    ]
}

struct Book: AppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Book"
    static var defaultQuery = BookQuery()

    var id: String

    @Property(title: "Title")
    var title: String

    @Property(title: "Pages")
    var pages: Int

    init(id: String, title: String, pages: Int) {
        self.id = id
        self.title = title
        self.pages = pages
    }

    var displayRepresentation: DisplayRepresentation { "\(title)" }
}

struct BookQuery: EntityStringQuery {
    @Dependency var library: BookLibrary

    func entities(for identifiers: [Book.ID]) async throws -> [Book] {
        library.books.filter { identifiers.contains($0.id) }
    }

    func entities(matching string: String) async throws -> [Book] {
        library.books.filter { $0.title.localizedCaseInsensitiveContains(string) }
    }

    func suggestedEntities() async throws -> [Book] {
        library.books
    }
}

/// What reading a book produced: made by an intent, never looked up again.
struct ReadingSession: TransientAppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Reading Session"

    @Property(title: "Pages Read")
    var pagesRead: Int

    init() {
        pagesRead = 0
    }

    var displayRepresentation: DisplayRepresentation { "\(pagesRead) pages" }
}
