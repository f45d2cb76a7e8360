import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost

/// The transcripts `intents test` names: files as given, and in folders every `*.yaml` and
/// `*.yml`, recursively, sorted by path.
enum TranscriptFiles {
    static let extensions: Set<String> = ["yaml", "yml"]

    /// The transcript files `paths` name, in order, each once.
    /// - Throws: `HostError` (`.usage`) naming a path that does not exist, or a folder that holds
    ///   no transcript.
    static func find(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw HostError(.usage, "There is no transcript or folder \(path.quotedForDisplay).")
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let found = inFolder(path)
            guard !found.isEmpty else { throw HostError(.usage, "The folder \(path.quotedForDisplay) holds no transcript (*.yaml, *.yml).") }
            files += found
        }
        var seen = Set<String>()
        return files.filter { seen.insert($0).inserted }
    }

    /// The transcripts under `folder`, sorted; hidden files and folders are skipped.
    private static func inFolder(_ folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let enumerator = FileManager.default.enumerator(atPath: base)
        var found: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator?.skipDescendants()
                continue
            }
            guard extensions.contains((name as NSString).pathExtension.lowercased()) else { continue }
            let path = base + "/" + relative
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }
}
