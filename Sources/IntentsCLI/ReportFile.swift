import ExtensionProtocol
import ArgumentParser
import Foundation
import IntentsHost
import HostBundles

/// A file a command writes besides its output (`--record`'s transcript, `--junit`'s report):
/// its folder is checked before the command runs, and the file is written whole, atomically
/// (a new file renamed into place), once the command is done.
struct ReportFile {
    let path: String

    /// Checks that `path`, the value of `option`, names a file in an existing folder.
    /// - Throws: `ValidationError` naming the option and the path.
    init(_ path: String, option: String) throws {
        guard !path.isEmpty, !path.hasSuffix("/") else { throw ValidationError("\(option) needs a file name; got \(path.quotedForDisplay).") }
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("\(option) \(path.quotedForDisplay): there is no folder \((folder.isEmpty ? "." : folder).quotedForDisplay) to write it in.")
        }
        self.path = path
    }

    /// Writes `text` as the file's whole content.
    /// - Throws: `HostError` (`.badState`) naming the file and the reason.
    func write(_ text: String, what: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw HostError(.badState, "The \(what) cannot be written to \(path.quotedForDisplay): \(HostError.reason(error)).")
        }
    }
}
