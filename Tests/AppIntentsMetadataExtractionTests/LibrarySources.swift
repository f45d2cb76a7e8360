import AppIntentsMetadataExtraction

/// A reading app's App Intents, written the way shipping apps write them (Apple's sample code
/// and WWDC sessions), in three files of the module `Library`. They are parsed, never compiled.
enum LibrarySources {
    static let intents = SourceText(path: "Sources/Library/BookIntents.swift", text: #"""
        import AppIntents
        import Foundation

        /// Adds a book, asking for its title.
        struct AddBookIntent: AppIntent {
            static var title: LocalizedStringResource = "Add Book"
            static var description = IntentDescription("Adds a book to your reading list.",
                                                       categoryName: "Reading", searchKeywords: ["book", "read"])
            static let authenticationPolicy: IntentAuthenticationPolicy = .requiresAuthentication
            static var openAppWhenRun = false

            @Parameter(title: "Title", requestValueDialog: IntentDialog("Which book?"))
            var name: String

            @Parameter(title: "Copies", description: "How many copies to add.", default: 1, inclusiveRange: (1, 10))
            var quantity: Int

            @Parameter(title: "Shelf", requestDisambiguationDialog: "Which shelf do you mean?")
            var shelf: ShelfEntity?

            @Parameter(title: "Genres")
            var genres: [Genre]?

            @Parameter var note: String?

            static var parameterSummary: some ParameterSummary {
                When(\.$quantity, .greaterThan, 1) {
                    Summary("Add \(\.$quantity) copies of \(\.$name)") {
                        \.$shelf
                    }
                } otherwise: {
                    Summary("Add \(\.$name) to \(\.$shelf)")
                }
            }

            func perform() async throws -> some IntentResult & ReturnsValue<ShelfEntity> & ProvidesDialog {
                let shelf = try await ShelfStore.shared.add(name, copies: quantity, to: shelf)
                return .result(value: shelf, dialog: "Added \(name).")
            }
        }

        struct OpenShelfIntent: OpenIntent {
            static let title = LocalizedStringResource("Open Shelf")

            @Parameter(title: "Shelf")
            var target: ShelfEntity

            @Parameter(title: "Sort by", default: .title)
            var order: SortOrder

            static var parameterSummary: some ParameterSummary {
                Switch(\.$order) {
                    Case(.recent) {
                        Summary("Open \(\.$target) by date")
                    }
                    DefaultCase {
                        Summary("Open \(\.$target)")
                    }
                }
            }

            @MainActor
            func perform() async throws -> some IntentResult {
                Navigator.shared.open(target)
                return .result()
            }
        }

        struct ImportBookIntent: AppIntent {
            static var title: LocalizedStringResource { "Import Book" }
            static var description: IntentDescription = "Imports an EPUB file."

            @Parameter(title: "File", supportedContentTypes: [.epub])
            var file: IntentFile

            @Parameter(title: "Rating", inclusiveRange: (0.5, 5))
            var rating: Double?

            func perform() async throws -> some IntentResult & ReturnsValue<[String]> {
                .result(value: try await Importer.import(file))
            }
        }

        struct CleanUpIntent {
            static var title: LocalizedStringResource {
                return "Clean Up"
            }
            static var isDiscoverable: Bool = false

            @Parameter(title: "Before")
            var before: Date

            @Parameter(title: "Link")
            var link: URL?

            @Parameter(title: "Dry run", default: true)
            var dryRun: Bool
        }

        extension CleanUpIntent: AppIntent {
            func perform() async throws -> some IntentResult {
                .result()
            }
        }

        /// The intents that replaced the app's SiriKit custom intents.
        protocol MigratedReadingIntent: AppIntent, CustomIntentMigratedAppIntent {}

        struct LogReadingIntent: MigratedReadingIntent {
            static let intentClassName = "LogReadingIntent"
            static let title: LocalizedStringResource = "Log Reading"

            @Parameter(title: "Minutes", requestValueDialog: "How long did you read?")
            var minutes: Int

            func perform() async throws -> some IntentResult & ProvidesDialog & ReturnsValue<Int> {
                .result(value: minutes, dialog: "Logged.")
            }
        }

        struct ReadingStatsIntent: AppIntent {
            static var title: LocalizedStringResource { LocalizedStringResource(stringLiteral: StatsFormatter.title(for: .now)) }

            func perform() async throws -> some IntentResult & ReturnsValue<ReadingStats> {
                .result(value: ReadingStats(pages: 12))
            }
        }
        """#)

    static let entities = SourceText(path: "Sources/Library/Shelf.swift", text: #"""
        import AppIntents

        struct ShelfEntity: AppEntity {
            static var typeDisplayRepresentation = TypeDisplayRepresentation(name: "Shelf", numericFormat: "\(placeholder: .int) shelves")
            static var defaultQuery = ShelfQuery()

            var id: String

            @Property(title: "Name")
            var name: String

            @Property(title: "Book Count")
            var bookCount: Int

            @Property(title: "Genres")
            var genres: [Genre]

            var displayRepresentation: DisplayRepresentation {
                DisplayRepresentation(title: "\(name)", subtitle: "\(bookCount) books")
            }
        }

        struct ShelfQuery: EntityQuery {
            func entities(for identifiers: [ShelfEntity.ID]) async throws -> [ShelfEntity] {
                ShelfStore.shared.shelves(identifiers)
            }

            func suggestedEntities() async throws -> [ShelfEntity] {
                ShelfStore.shared.all
            }
        }

        extension ShelfQuery: EntityStringQuery {
            func entities(matching string: String) async throws -> [ShelfEntity] {
                ShelfStore.shared.all.filter { $0.name.localizedCaseInsensitiveContains(string) }
            }
        }

        struct ReadingStats: TransientAppEntity {
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Reading Stats"

            @Property(title: "Pages")
            var pages: Int

            var displayRepresentation: DisplayRepresentation { "\(pages) pages" }

            init() {}
            init(pages: Int) { self.pages = pages }
        }

        struct Author: AppEntity {
            struct Query: EnumerableEntityQuery {
                func allEntities() async throws -> [Author] { [] }
                func entities(for identifiers: [String]) async throws -> [Author] { [] }
            }

            static let typeDisplayName: LocalizedStringResource = "Author"
            static let defaultQuery = Query()
            var id: String
            var displayRepresentation: DisplayRepresentation { "\(id)" }
        }

        enum Genre: String, AppEnum {
            case fiction, poetry
            case sciFi = "science-fiction"

            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Genre"
            static var caseDisplayRepresentations: [Genre: DisplayRepresentation] = [
                .fiction: "Fiction",
                .poetry: DisplayRepresentation(title: "Poetry", subtitle: "Verse"),
                Genre.sciFi: .init(title: "Science Fiction", image: .init(systemName: "sparkles")),
            ]
        }

        enum SortOrder: Int, AppEnum {
            case title = 1, author
            case recent = 10

            static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Sort Order")
            static var caseDisplayRepresentations: [SortOrder: DisplayRepresentation] {
                [.title: "Title", .recent: "Recently Added"]
            }
        }
        """#)

    static let shortcuts = SourceText(path: "Sources/Library/LibraryShortcuts.swift", text: #"""
        import AppIntents

        struct LibraryShortcuts: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(
                    intent: AddBookIntent(),
                    phrases: [
                        "Add a book to \(.applicationName)",
                        "Add a book to my \(\.$shelf) shelf in \(.applicationName)",
                    ],
                    shortTitle: "Add Book",
                    systemImageName: "book"
                )
                AppShortcut(intent: OpenShelfIntent(), phrases: ["Open \(\.$target) in \(.applicationName)"],
                            shortTitle: "Open Shelf", systemImageName: "books.vertical")
                AppShortcut(intent: StartMeditationIntent(), phrases: ["Breathe with \(.applicationName)"])
            }
        }
        """#)

    static let all = [intents, entities, shortcuts]

    static func extract(_ sources: [SourceText] = all, module: String = "Library") -> AppIntentsExtraction {
        AppIntentsMetadataExtractor.extract(module: module, sources: sources)
    }
}
