import AppIntentsMetadataExtraction
import ExtensionProtocol
import Testing

/// Entities and enums: display names, what the default query can do, properties, cases.
@Suite struct EntityExtractionTests {
    let metadata = LibrarySources.extract().compiled.metadata

    @Test func anEntitysQueryIsFoundByItsDeclarationWithItsExtensions() throws {
        #expect(metadata.entities.map(\.typeName) == ["Library.ShelfEntity", "Library.ReadingStats", "Library.Author"])
        let shelf = try #require(metadata.entity(typeName: "Library.ShelfEntity"))
        #expect(shelf.displayName == "Shelf")
        #expect(shelf.matchesStrings)
        #expect(!shelf.isEnumerable)
        #expect(!shelf.isTransient)
        let author = try #require(metadata.entity(typeName: "Library.Author"))
        #expect(author.displayName == "Author")
        #expect(author.isEnumerable)
        #expect(!author.matchesStrings)
    }

    @Test func propertiesHaveTheirTitlesAndTypes() throws {
        let shelf = try #require(metadata.entity(typeName: "Library.ShelfEntity"))
        #expect(shelf.properties == [
            AppEntityPropertySchema(name: "name", title: "Name", type: AppValueTypeSchema(kind: .string)),
            AppEntityPropertySchema(name: "bookCount", title: "Book Count", type: AppValueTypeSchema(kind: .integer)),
            AppEntityPropertySchema(name: "genres", title: "Genres", type: AppValueTypeSchema(kind: .enumeration, typeName: "Library.Genre", isList: true)),
        ])
    }

    @Test func aTransientEntityHasNoQuery() throws {
        #expect(metadata.entity(typeName: "Library.ReadingStats") == AppEntitySchema(
            typeName: "Library.ReadingStats", displayName: "Reading Stats",
            properties: [AppEntityPropertySchema(name: "pages", title: "Pages", type: AppValueTypeSchema(kind: .integer))], isTransient: true))
    }

    @Test func enumCasesAreTheirRawValuesWithTheirTitles() {
        #expect(metadata.enums == [
            AppEnumSchema(typeName: "Library.Genre", displayName: "Genre", cases: [
                AppEnumCase(identifier: "fiction", title: "Fiction"), AppEnumCase(identifier: "poetry", title: "Poetry"),
                AppEnumCase(identifier: "science-fiction", title: "Science Fiction"),
            ]),
            // Int raw values count on from the last one written; a case with no title is shown by its raw value.
            AppEnumSchema(typeName: "Library.SortOrder", displayName: "Sort Order", cases: [
                AppEnumCase(identifier: "1", title: "Title"), AppEnumCase(identifier: "2", title: "2"),
                AppEnumCase(identifier: "10", title: "Recently Added"),
            ]),
        ])
    }
}
