import AppIntentsMetadataExtraction
import ExtensionProtocol
import Testing

/// App Shortcuts: the provider's result builder body, its phrases as `${…}` templates.
@Suite struct ShortcutsExtractionTests {
    @Test func shortcutsKeepTheirOrderWithParameterizedPhrases() {
        let compiled = LibrarySources.extract().compiled
        #expect(compiled.shortcutsProvider == "Library.LibraryShortcuts")
        #expect(compiled.metadata.shortcuts == [
            AppShortcutSchema(intent: "Library.AddBookIntent",
                              phrases: ["Add a book to ${applicationName}", "Add a book to my ${shelf} shelf in ${applicationName}"],
                              shortTitle: "Add Book", systemImageName: "book"),
            AppShortcutSchema(intent: "Library.OpenShelfIntent", phrases: ["Open ${target} in ${applicationName}"],
                              shortTitle: "Open Shelf", systemImageName: "books.vertical"),
            // Declared by another module of the library: its bare name, which the host resolves.
            AppShortcutSchema(intent: "StartMeditationIntent", phrases: ["Breathe with ${applicationName}"]),
        ])
    }

    @Test func aTypeOfAnotherModuleIsWrittenByItsBareName() throws {
        let source = SourceText(path: "Kit/Intents.swift", text: #"""
            import AppIntents
            import MeditationKit

            struct TimedMeditationIntent: AppIntent {
                static let title: LocalizedStringResource = "Timed Meditation"
                @Parameter(title: "Session") var session: MeditationKit.MeditationSession
                @Parameter(title: "Minutes") var minutes: Swift.Int
            }
            """#)
        let extraction = AppIntentsMetadataExtractor.extract(module: "Timer", sources: [source])
        let intent = try #require(extraction.compiled.metadata.intents.first)
        #expect(intent.typeName == "Timer.TimedMeditationIntent")
        #expect(intent.parameters.map(\.typeName) == ["MeditationSession", nil])
        #expect(intent.parameters.map(\.kind) == [.entity, .integer])
        #expect(extraction.warnings.isEmpty)
    }

    @Test func nestedTypesAreQualifiedByTheirEnclosingTypes() throws {
        let source = SourceText(path: "Nested.swift", text: #"""
            enum Reading {
                struct Start: AppIntent {
                    static let title: LocalizedStringResource = "Start Reading"
                    @Parameter(title: "Book") var book: Book
                }
                struct Book: AppEntity {
                    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Book"
                    static let defaultQuery = Query()
                    struct Query: EntityStringQuery {}
                }
            }
            """#)
        let metadata = AppIntentsMetadataExtractor.extract(module: "Kit", sources: [source]).compiled.metadata
        #expect(metadata.intents.map(\.typeName) == ["Kit.Reading.Start"])
        #expect(metadata.intents.first?.name == "Start")
        #expect(metadata.intents.first?.parameters.first?.typeName == "Kit.Reading.Book")
        #expect(metadata.entities.map(\.matchesStrings) == [true])
    }
}
