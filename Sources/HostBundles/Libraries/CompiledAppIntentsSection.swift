import ExtensionProtocol
import Foundation

/// Reads the App Intents metadata a build compiled into an extension's library (the
/// `intents_appintents` section the `AppIntentsMetadata` plugin fills), without loading it.
///
/// The library is hostile input: the section is bounds-checked, its size is capped, and its
/// records decode with the wire coding's limits, so a malformed one is a fault, never a crash.
public enum CompiledAppIntentsSection {
    /// Larger than the metadata of any app (a few kilobytes per module); a larger section is refused.
    public static let maximumSize = 8 << 20

    /// The records of the library open at `descriptor` (read with `pread`, from any offset);
    /// nil when it has no such section or is not an ELF file.
    /// - Throws: `CompiledAppIntentsSection.Failure` when the section is larger than
    ///   `maximumSize` or its bytes are not records.
    public static func records(inLibrary descriptor: Int32) throws -> [CompiledAppIntents]? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let file = ELFFile(length: UInt64(status.st_size)) { offset, count in
            var buffer = [UInt8](repeating: 0, count: count)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return read == count ? buffer : nil
        }
        guard let file, let section = file.section(named: CompiledAppIntents.sectionName) else { return nil }
        guard section.size <= UInt64(maximumSize) else {
            throw Failure(reason: "its \(CompiledAppIntents.sectionName) section has \(section.size) bytes, more than \(maximumSize)")
        }
        guard let bytes = file.bytes(at: section.offset, count: Int(section.size)) else {
            throw Failure(reason: "its \(CompiledAppIntents.sectionName) section lies outside the file")
        }
        do {
            return try CompiledAppIntents.records(inSection: bytes)
        } catch let error as ProtocolError {
            throw Failure(reason: "its \(CompiledAppIntents.sectionName) section does not decode: \(error.message)")
        }
    }

    /// The records of the library at `path` (not followed if a symlink); nil as for `records(inLibrary:)`.
    /// - Throws: as `records(inLibrary:)`.
    public static func records(atPath path: String) throws -> [CompiledAppIntents]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return try records(inLibrary: descriptor)
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
