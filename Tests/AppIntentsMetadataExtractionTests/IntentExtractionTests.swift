import AppIntentsMetadataExtraction
import ExtensionProtocol
import Testing

/// Intents read from literal declarations: titles, descriptions, policies, parameters and
/// their arguments, parameter summaries, results.
@Suite struct IntentExtractionTests {
    let extraction = LibrarySources.extract()

    @Test func everyIntentOfTheModuleIsReadInSourceOrderExceptTheUnreadableOne() {
        #expect(extraction.compiled.module == "Library")
        #expect(extraction.compiled.metadata.intents.map(\.typeName) == [
            "Library.AddBookIntent", "Library.OpenShelfIntent", "Library.ImportBookIntent", "Library.CleanUpIntent", "Library.LogReadingIntent",
        ])
        #expect(extraction.compiled.metadata.intents.map(\.name) == ["AddBookIntent", "OpenShelfIntent", "ImportBookIntent", "CleanUpIntent", "LogReadingIntent"])
    }

    @Test func anIntentsStaticPropertiesAreRead() throws {
        let add = try #require(extraction.compiled.metadata.intent(named: "AddBookIntent"))
        #expect(add.title == "Add Book")
        #expect(add.description == "Adds a book to your reading list.")
        #expect(add.authenticationPolicy == .requiresAuthentication)
        #expect(add.openAppWhenRun == false)
        #expect(add.isDiscoverable)
        let open = try #require(extraction.compiled.metadata.intent(named: "OpenShelfIntent"))
        #expect(open.title == "Open Shelf")
        #expect(open.description == nil)
        #expect(open.authenticationPolicy == .alwaysAllowed)
        // An OpenIntent opens its app unless it declares otherwise, as the SDK's default has it.
        #expect(open.openAppWhenRun)
        let importing = try #require(extraction.compiled.metadata.intent(named: "ImportBookIntent"))
        #expect(importing.title == "Import Book")
        #expect(importing.description == "Imports an EPUB file.")
        let cleanUp = try #require(extraction.compiled.metadata.intent(named: "CleanUpIntent"))
        #expect(cleanUp.title == "Clean Up")
        #expect(cleanUp.isDiscoverable == false)
        let log = try #require(extraction.compiled.metadata.intent(named: "LogReadingIntent"))
        #expect(log.customIntentClassName == "LogReadingIntent")
        #expect(add.customIntentClassName == nil)
    }

    @Test func parametersKeepTheirOrderTypesAndArguments() throws {
        let add = try #require(extraction.compiled.metadata.intent(named: "AddBookIntent"))
        #expect(add.parameters == [
            AppParameterSchema(name: "name", title: "Title", kind: .string, requestValueDialog: "Which book?"),
            AppParameterSchema(name: "quantity", title: "Copies", kind: .integer, hasDefault: true, description: "How many copies to add.",
                               minimum: 1, maximum: 10),
            AppParameterSchema(name: "shelf", title: "Shelf", kind: .entity, typeName: "Library.ShelfEntity", isOptional: true,
                               requestDisambiguationDialog: "Which shelf do you mean?"),
            AppParameterSchema(name: "genres", title: "Genres", kind: .enumeration, typeName: "Library.Genre", isOptional: true, isList: true),
            AppParameterSchema(name: "note", title: "note", kind: .string, isOptional: true),
        ])
        let cleanUp = try #require(extraction.compiled.metadata.intent(named: "CleanUpIntent"))
        #expect(cleanUp.parameters == [
            AppParameterSchema(name: "before", title: "Before", kind: .date),
            AppParameterSchema(name: "link", title: "Link", kind: .url, isOptional: true),
            AppParameterSchema(name: "dryRun", title: "Dry run", kind: .boolean, hasDefault: true),
        ])
        let open = try #require(extraction.compiled.metadata.intent(named: "OpenShelfIntent"))
        #expect(open.parameters.map(\.kind) == [.entity, .enumeration])
        #expect(open.parameters.map(\.hasDefault) == [false, true])
        #expect(open.parameters[1].typeName == "Library.SortOrder")
    }

    @Test func anIntentFileParameterMakesOnlyItsIntentUnavailable() throws {
        let importing = try #require(extraction.compiled.metadata.intent(named: "ImportBookIntent"))
        #expect(importing.unavailableReason
            == "The parameter \"file\" of Library.ImportBookIntent is of type IntentFile, which App Intents on this host cannot carry.")
        #expect(importing.parameters == [AppParameterSchema(name: "rating", title: "Rating", kind: .double, isOptional: true, minimum: 0.5, maximum: 5)])
        #expect(extraction.compiled.metadata.intents.filter { $0.unavailableReason != nil }.map(\.name) == ["ImportBookIntent"])
    }

    @Test func summariesAreTemplatesAndWhenAndSwitchGiveTheirDefaultBranch() throws {
        let metadata = extraction.compiled.metadata
        #expect(metadata.intent(named: "AddBookIntent")?.parameterSummary == "Add ${name} to ${shelf}")
        #expect(metadata.intent(named: "OpenShelfIntent")?.parameterSummary == "Open ${target}")
        #expect(metadata.intent(named: "CleanUpIntent")?.parameterSummary == nil)
    }

    @Test func performsReturnedValueIsTheResultType() throws {
        let metadata = extraction.compiled.metadata
        #expect(metadata.intent(named: "AddBookIntent")?.returnType == AppValueTypeSchema(kind: .entity, typeName: "Library.ShelfEntity"))
        #expect(metadata.intent(named: "ImportBookIntent")?.returnType == AppValueTypeSchema(kind: .string, isList: true))
        #expect(metadata.intent(named: "LogReadingIntent")?.returnType == AppValueTypeSchema(kind: .integer))
        #expect(metadata.intent(named: "OpenShelfIntent")?.returnType == nil)
        #expect(metadata.intent(named: "CleanUpIntent")?.returnType == nil)
    }

    @Test func aConformanceInAnExtensionOrThroughARefiningProtocolCounts() {
        let names = extraction.compiled.metadata.intents.map(\.name)
        #expect(names.contains("CleanUpIntent"))
        #expect(names.contains("LogReadingIntent"))
        #expect(!names.contains("MigratedReadingIntent"))
    }

    @Test func aTypealiasOfTheModuleStandsForItsType() throws {
        let source = SourceText(path: "Aliases.swift", text: #"""
            typealias Minutes = Int
            enum Timer {
                typealias Tags = [String]
                struct Set: AppIntent {
                    static let title: LocalizedStringResource = "Set Timer"
                    @Parameter(title: "Length") var length: Minutes
                    @Parameter(title: "Tags") var tags: Tags?
                    @Parameter(title: "Bytes") var bytes: Payload
                }
            }
            typealias Payload = Data
            """#)
        let intent = try #require(AppIntentsMetadataExtractor.extract(module: "Kit", sources: [source]).compiled.metadata.intents.first)
        #expect(intent.parameters == [
            AppParameterSchema(name: "length", title: "Length", kind: .integer),
            AppParameterSchema(name: "tags", title: "Tags", kind: .string, isOptional: true, isList: true),
        ])
        #expect(intent.unavailableReason == "The parameter \"bytes\" of Kit.Timer.Set is of type Data, which App Intents on this host cannot carry.")
    }
}
