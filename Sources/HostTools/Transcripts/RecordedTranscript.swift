import Foundation
import HostBundles
import Yams

/// A transcript read from a file, with the line of each value a replay compares, so that a
/// difference names the line to look at.
public struct RecordedTranscript: Sendable {
    /// The file, as it was named.
    public var file: String
    public var transcript: Transcript
    /// Lines by path: `exitStatus`, `result.code`, `result.outputs.waitTime`, `conversation.1.text`...
    var lines: [String: Int]

    /// The largest transcript read: a conversation is a few kilobytes.
    public static let maximumSize = 1 << 20

    /// The line of the first of `paths` the file has, else 1.
    func line(_ paths: String...) -> Int {
        paths.lazy.compactMap { lines[$0] }.first ?? 1
    }

    /// Reads and checks the transcript at `path`.
    /// - Throws: `TranscriptFormatError` naming the file (and the line and key, when its
    ///   content is the problem): no such file, not a regular file, too large, not UTF-8,
    ///   not YAML, or not a transcript of a version this build reads.
    public static func read(file path: String) throws -> RecordedTranscript {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw TranscriptFormatError(file: path, line: nil, "there is no such transcript (\(String(cString: strerror(errno)))).")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw TranscriptFormatError(file: path, line: nil, "it is not a regular file.") }
        guard status.st_size <= maximumSize else {
            throw TranscriptFormatError(file: path, line: nil, "it has \(status.st_size) bytes, more than a transcript may have (\(maximumSize)).")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw TranscriptFormatError(file: path, line: nil, "it cannot be read: \(HostError.reason(error)).")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw TranscriptFormatError(file: path, line: nil, "it is not UTF-8 text.") }
        return try RecordedTranscript(yaml: text, file: path)
    }

    /// Parses `yaml`, named `file` in errors.
    /// - Throws: `TranscriptFormatError`, as `read(file:)`.
    public init(yaml: String, file: String) throws {
        // The parser holds the anchors, which nodes reference weakly: it lives while the nodes
        // are read, so that the reader sees the anchors and aliases it refuses.
        let parser: Parser
        let root: Node?
        do {
            parser = try Parser(yaml: yaml)
            root = try parser.singleRoot()
        } catch let error as YamlError {
            throw TranscriptFormatError(file: file, line: error.line, "it is not YAML: \(error.problem).")
        } catch {
            throw TranscriptFormatError(file: file, line: nil, "it is not YAML: \(error).")
        }
        guard let root else { throw TranscriptFormatError(file: file, line: 1, "it is empty; a transcript is a mapping with a version.") }
        var reader = TranscriptNodeReader(file: file)
        self.transcript = try withExtendedLifetime(parser) { try reader.transcript(root) }
        self.file = file
        self.lines = reader.lines
    }
}
