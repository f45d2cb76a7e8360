/// The App Intents metadata one Swift module's sources declare, as the build extracted it
/// (the `AppIntentsMetadata` build-tool plugin) and compiled into the module as data: the host
/// reads it from the library's `intents_appintents` section without loading the library, as
/// Apple's build writes `Metadata.appintents` beside the binary.
///
/// A library holds one record per module built with the plugin (an extension's own target
/// and each `AppIntentsPackage` it links); the linker concatenates them. Type names are
/// module-qualified where the module declares the type; a parameter, result, property or
/// shortcut that names a type of another module carries its bare name (no dot), which the
/// host resolves against the library's other records.
public struct CompiledAppIntents: Hashable, Sendable {
    /// The module the record was extracted from.
    public var module: String
    /// What its sources declare: intents, entities, enums, and App Shortcuts.
    public var metadata: AppIntentsMetadata
    /// The `AppShortcutsProvider` type declared in the module, module-qualified.
    public var shortcutsProvider: String?
    /// Module-qualified names of the declarations the extractor could not read whole (a
    /// computed title, shortcuts built in a loop): the host learns those from the sandboxed
    /// extension instead, as for a library built without the plugin.
    public var unresolved: [String]

    public init(module: String, metadata: AppIntentsMetadata = AppIntentsMetadata(), shortcutsProvider: String? = nil,
                unresolved: [String] = []) {
        self.module = module
        self.metadata = metadata
        self.shortcutsProvider = shortcutsProvider
        self.unresolved = unresolved
    }

    /// The section of the shared library holding the records.
    public static let sectionName = "intents_appintents"
    /// The eight bytes that open each record.
    public static let magic: [UInt8] = Array("INTSAIM1".utf8)
    /// More bytes than one module's metadata takes; a larger record is refused.
    public static let maximumRecordSize = 4 << 20

    /// The record as it is placed in the section: the magic, the payload's length (four bytes,
    /// little-endian), the payload in the wire coding, then zeros up to a multiple of eight.
    public var sectionBytes: [UInt8] {
        let payload = wireBytes
        var bytes = Self.magic
        let length = UInt32(payload.count)
        bytes += [UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 24)]
        bytes += payload
        while bytes.count % 8 != 0 { bytes.append(0) }
        return bytes
    }

    /// The records of a section's bytes, in order. Zeros between records (the linker's
    /// alignment) are skipped.
    /// - Parameter maximumRecords: more records than this are refused before they are decoded.
    /// - Throws: `ProtocolError` for bytes that are not records, a payload that does not decode,
    ///   or more than `maximumRecords` records.
    public static func records(inSection bytes: [UInt8], maximumRecords: Int = .max) throws -> [CompiledAppIntents] {
        var records: [CompiledAppIntents] = []
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] == 0 {
                offset += 1
                continue
            }
            guard records.count < maximumRecords else {
                throw ProtocolError(.undecodable, "the section \(sectionName) holds more than \(maximumRecords) records")
            }
            guard bytes.count - offset >= 12, Array(bytes[offset..<offset + 8]) == magic else {
                throw ProtocolError(.undecodable, "the section \(sectionName) holds bytes that are not a record at offset \(offset)")
            }
            let length = (0..<4).reduce(0) { $0 | Int(bytes[offset + 8 + $1]) << (8 * $1) }
            guard length <= maximumRecordSize, length <= bytes.count - offset - 12 else {
                throw ProtocolError(.undecodable, "a record of the section \(sectionName) at offset \(offset) says it is \(length) bytes long")
            }
            let payload = Array(bytes[offset + 12..<offset + 12 + length])
            var reader = WireReader(payload)
            let record: CompiledAppIntents
            do {
                record = try CompiledAppIntents(from: &reader)
            } catch let error as ProtocolError {
                // The wire coding's sentence, as a clause about this record's payload.
                var detail = error.message
                for prefix in ["A frame body could not be read: "] where detail.hasPrefix(prefix) { detail.removeFirst(prefix.count) }
                while detail.hasSuffix(".") { detail.removeLast() }
                throw ProtocolError(.undecodable, "the record at offset \(offset) of the section \(sectionName) does not decode: \(detail) of its payload")
            }
            guard reader.isAtEnd else {
                throw ProtocolError(.undecodable, "a record of the section \(sectionName) at offset \(offset) has bytes after its payload")
            }
            records.append(record)
            offset += 12 + length
        }
        return records
    }
}

extension CompiledAppIntents: WireCodable {
    public func write(to writer: inout WireWriter) {
        writer.string(module)
        writer.value(metadata)
        writer.optional(shortcutsProvider) { $0.string($1) }
        writer.array(unresolved) { $0.string($1) }
    }

    public init(from reader: inout WireReader) throws {
        self.init(module: try reader.string(), metadata: try reader.value(), shortcutsProvider: try reader.optional { try $0.string() },
                  unresolved: try reader.array { try $0.string() })
    }
}
