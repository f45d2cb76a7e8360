import ExtensionProtocol
import Foundation

/// Reads the App Intents metadata a build compiled into an extension's library (the
/// `intents_appintents` section the `AppIntentsMetadata` plugin fills), without loading it.
///
/// The library is hostile input: the section is bounds-checked, its size is capped, and its
/// records decode with the wire coding's limits, so a malformed one is a fault, never a crash.
public enum CompiledAppIntentsSection {
    /// Larger than the metadata of any app (a few kilobytes per module); a larger section is refused.
    public static let maximumSize = 1 << 20
    /// More modules than one extension links intents from.
    public static let maximumRecords = 64
    /// More declarations (intents, parameters, entities, properties, enums, cases, shortcuts,
    /// phrases) than any app has, in all records together: what a section may make the host hold.
    public static let maximumDeclarations = 20_000

    /// The records of the library open at `descriptor` (a regular file, read with `pread` from
    /// any offset); nil when it has no such section.
    /// - Throws: `CompiledAppIntentsSection.Failure` when the file is not a regular 64-bit
    ///   little-endian ELF file this host reads, the section is larger than `maximumSize`, its
    ///   bytes are not records, or they hold more than `maximumRecords` records or
    ///   `maximumDeclarations` declarations.
    public static func records(inLibrary descriptor: Int32) throws -> [CompiledAppIntents]? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(reason: "it is not a regular file")
        }
        guard let file = ELFFile(length: UInt64(status.st_size), read: ELFFile.reader(of: descriptor)) else { throw Failure(reason: "it is not a 64-bit little-endian ELF file whose sections this host can read") }
        guard let section = file.section(named: CompiledAppIntents.sectionName) else { return nil }
        guard section.size <= UInt64(maximumSize) else {
            throw Failure(reason: "its \(CompiledAppIntents.sectionName) section has \(section.size) bytes, more than \(maximumSize)")
        }
        guard let bytes = file.bytes(at: section.offset, count: Int(section.size)) else {
            throw Failure(reason: "its \(CompiledAppIntents.sectionName) section lies outside the file")
        }
        let records: [CompiledAppIntents]
        do {
            records = try CompiledAppIntents.records(inSection: bytes, maximumRecords: maximumRecords)
        } catch let error as ProtocolError {
            // The records' own sentences, written as clauses (`the record at offset ...`).
            throw Failure(reason: error.message)
        }
        let declarations = records.reduce(0) { $0 + $1.declarationCount }
        guard declarations <= maximumDeclarations else {
            throw Failure(reason: "its \(CompiledAppIntents.sectionName) section declares \(declarations) things, more than the \(maximumDeclarations) any app has")
        }
        return records
    }

    /// Why a library's compiled App Intents metadata cannot be read: the end of a sentence
    /// ("its ... section does not decode: ...").
    public struct Failure: Error, Hashable, Sendable {
        public var reason: String

        public init(reason: String) {
            self.reason = reason
        }
    }
}

extension CompiledAppIntents {
    /// How many declarations the record holds: what decoding it made the host hold.
    var declarationCount: Int {
        let intents = metadata.intents.reduce(0) { $0 + 1 + $1.parameters.count }
        let entities = metadata.entities.reduce(0) { $0 + 1 + $1.properties.count }
        let enums = metadata.enums.reduce(0) { $0 + 1 + $1.cases.count }
        let shortcuts = metadata.shortcuts.reduce(0) { $0 + 1 + $1.phrases.count }
        return intents + entities + enums + shortcuts + unresolved.count
    }
}
