import AppIntentsMetadataExtraction
import ExtensionProtocol
import Testing

/// The generated Swift file: rows of words that hold the record's bytes, little-endian.
@Suite struct SectionSourceTests {
    @Test func theRowsHoldTheRecordsBytesWhichDecode() throws {
        let extraction = LibrarySources.extract()
        let source = SectionSource.swift(for: extraction)
        #expect(source.contains("@section(\"intents_appintents\") @used\nlet _appIntentsMetadata_Library: ("))
        let bytes = Self.bytes(ofWordsIn: source)
        #expect(bytes.count % (8 * SectionSource.wordsPerRow) == 0)
        #expect(Array(bytes.prefix(8)) == CompiledAppIntents.magic)
        #expect(try CompiledAppIntents.records(inSection: bytes) == [extraction.compiled])
        let record = extraction.compiled.sectionBytes
        #expect(Array(bytes.prefix(record.count)) == record)
        #expect(bytes.dropFirst(record.count).allSatisfy { $0 == 0 })
    }

    @Test func aModuleWithNoAppIntentsGetsAFileWithNoRecord() {
        let extraction = AppIntentsMetadataExtractor.extract(module: "Geometry", sources: [SourceText(path: "P.swift", text: "struct P {}")])
        let source = SectionSource.swift(for: extraction)
        #expect(!source.contains("@section"))
        #expect(source.split(separator: "\n").allSatisfy { $0.hasPrefix("//") })
    }

    /// The bytes of every `0x…` word literal in `source`, little-endian, in order.
    static func bytes(ofWordsIn source: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = Substring(source)
        while let start = rest.range(of: "0x") {
            let digits = rest[start.upperBound...].prefix { $0.isHexDigit }
            let word = UInt64(digits, radix: 16) ?? 0
            bytes += (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) }
            rest = rest[digits.endIndex...]
        }
        return bytes
    }
}
