import AppIntentsMetadataExtraction
import ExtensionProtocol
import Testing

/// What the extractor cannot read is a warning naming the file, line and declaration, and the
/// declaration is left to the extension: its name in `unresolved`, nothing of it guessed.
@Suite struct UnresolvedExtractionTests {
    @Test func aComputedTitleLeavesItsIntentToTheExtension() throws {
        let extraction = LibrarySources.extract()
        #expect(extraction.compiled.unresolved == ["Library.ReadingStatsIntent"])
        #expect(extraction.compiled.metadata.intent(named: "ReadingStatsIntent") == nil)
        let warning = try #require(extraction.warnings.first)
        #expect(extraction.warnings.count == 1)
        let (line, column) = try #require(Self.position(of: "LocalizedStringResource(stringLiteral:", in: LibrarySources.intents.text))
        #expect(warning.file == "Sources/Library/BookIntents.swift")
        #expect((warning.line, warning.column) == (line, column))
        #expect(warning.message == "the title `LocalizedStringResource(stringLiteral: StatsFormatter.tit...` of "
            + "Library.ReadingStatsIntent is not written as a literal the App Intents metadata extractor reads, "
            + "so the host will learn ReadingStatsIntent from the extension at run time")
        #expect(warning.description.hasPrefix("Sources/Library/BookIntents.swift:\(line):\(column): warning: the title "))
    }

    @Test func shortcutsBuiltWithALoopOrAHelperAreLeftToTheExtension() throws {
        for body in ["for kind in Kind.allCases { AppShortcut(intent: Go(kind: kind), phrases: [\"Go \\(.applicationName)\"]) }",
                     "AppShortcut(intent: Go(), phrases: Self.phrases)",
                     "if Flags.enabled { AppShortcut(intent: Go(), phrases: [\"Go \\(.applicationName)\"]) }",
                     "AppShortcut(intent: Go(), phrases: [\"Go to \\(destination) with \\(.applicationName)\"])"] {
            let source = SourceText(path: "Shortcuts.swift", text: """
                struct Go: AppIntent { static let title: LocalizedStringResource = "Go" }
                struct Shortcuts: AppShortcutsProvider {
                    static var appShortcuts: [AppShortcut] {
                        \(body)
                    }
                }
                """)
            let extraction = AppIntentsMetadataExtractor.extract(module: "Kit", sources: [source])
            #expect(extraction.compiled.shortcutsProvider == "Kit.Shortcuts")
            #expect(extraction.compiled.unresolved == ["Kit.Shortcuts"], "\(body)")
            #expect(extraction.compiled.metadata.shortcuts.isEmpty)
            #expect(extraction.warnings.map(\.line) == [4], "\(body)")
            #expect(extraction.compiled.metadata.intents.map(\.name) == ["Go"])
        }
    }

    @Test func aPhraseNamingNoParameterOfItsIntentIsLeftToTheExtension() {
        let source = SourceText(path: "Shortcuts.swift", text: #"""
            struct Go: AppIntent {
                static let title: LocalizedStringResource = "Go"
                @Parameter(title: "Place") var place: String
            }
            struct Shortcuts: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: Go(), phrases: ["Go to \(\.$destination) with \(.applicationName)"])
                }
            }
            """#)
        let extraction = AppIntentsMetadataExtractor.extract(module: "Kit", sources: [source])
        #expect(extraction.compiled.unresolved == ["Kit.Shortcuts"])
        #expect(extraction.warnings.first?.message.contains("names no parameter destination of Kit.Go") == true)
    }

    @Test func nonLiteralArgumentsAndMissingDeclarationsAreLeftToTheExtension() {
        let source = SourceText(path: "Odd.swift", text: #"""
            struct Later: AppIntent {
                static let title: LocalizedStringResource = "Later"
                @Parameter(title: "When", default: Date()) var when: Date
            }
            struct Untitled: AppIntent {}
            struct Policy: AppIntent {
                static let title: LocalizedStringResource = "Policy"
                static var authenticationPolicy = Settings.policy
            }
            struct Summarized: AppIntent {
                static let title: LocalizedStringResource = "Summarized"
                @Parameter(title: "Flag") var flag: Bool
                static var parameterSummary: some ParameterSummary {
                    When(\.$flag, .equalTo, true) { Summary("On") }
                }
            }
            struct Elsewhere: AppEntity {
                static let typeDisplayRepresentation: TypeDisplayRepresentation = "Elsewhere"
                static let defaultQuery = SharedQuery()
            }
            enum Mood: String, AppEnum {
                case calm
                static let typeDisplayRepresentation: TypeDisplayRepresentation = "Mood"
                static let caseDisplayRepresentations = Mood.titles()
            }
            enum Plain: AppEnum {
                case one
            }
            """#)
        let extraction = AppIntentsMetadataExtractor.extract(module: "Kit", sources: [source])
        #expect(extraction.compiled.unresolved == ["Kit.Later", "Kit.Untitled", "Kit.Policy", "Kit.Summarized", "Kit.Elsewhere", "Kit.Mood", "Kit.Plain"])
        #expect(extraction.warnings.map(\.line) == [3, 5, 8, 14, 19, 24, 26])
        #expect(extraction.compiled.metadata == AppIntentsMetadata())
        #expect(extraction.warnings.allSatisfy { $0.file == "Odd.swift" && $0.message.contains(" of Kit.") })
    }

    @Test func aModuleWithoutAppIntentsDeclaresNone() {
        let source = SourceText(path: "Plain.swift", text: "struct Point { var x = 0 }\nextension Point: Equatable {}\n")
        let extraction = AppIntentsMetadataExtractor.extract(module: "Geometry", sources: [source])
        #expect(!extraction.declaresAppIntents)
        #expect(extraction.warnings.isEmpty)
        #expect(LibrarySources.extract().declaresAppIntents)
    }

    /// The line and column (from 1) where `text` first appears in `source`.
    static func position(of text: String, in source: String) -> (Int, Int)? {
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return (number + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1) }
        }
        return nil
    }
}
