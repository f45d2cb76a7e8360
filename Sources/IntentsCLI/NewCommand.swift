import ArgumentParser
import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost

/// `intents new`: a new package with an app and one extension, its plists and its tests.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a package with an app, an App Intents or SiriKit extension, its plists and its tests.",
        discussion: """
        Writes Package.swift, Sources/<Name>Intents/, Info/<Name>/Info.plist, \
        Info/<Name>Intents/Info.plist and Tests/<Name>IntentsTests/ into FOLDER (default: ./<Name>), \
        which must be empty or new: nothing is overwritten. The package depends on this intents \
        checkout by path (--sdk to name another). Then, in FOLDER: swift build, intents send, swift test.

        Examples:
          intents new Notes                       # App Intents: AddNoteIntent, tested with AppIntentsTesting
          intents new Tasks --kind sirikit        # SiriKit: INAddTasksIntent, tested with IntentsTesting
          intents new Notes --bundle-identifier com.acme.Notes --output ~/src/notes
        """)

    @Argument(help: "The app's name, a Swift identifier (the extension is <Name>Intents).")
    var name: String

    @Option(help: "app-intents or sirikit.")
    var kind: String = ExtensionTemplate.Kind.appIntents.rawValue

    @Option(help: "The app's bundle identifier (default: org.example.<Name>); the extension's is it plus .Intents.")
    var bundleIdentifier: String?

    @Option(help: "The folder to write (default: ./<Name>).")
    var output: String?

    @Option(help: "The intents SDK's checkout the package depends on (default: this build's).")
    var sdk: String?

    func run() throws {
        let template = try makeTemplate()
        let folder = absolute(output ?? name)
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: folder) {
            guard let existing = try? fileManager.contentsOfDirectory(atPath: folder) else {
                throw HostError(.usage, "\(folder.quotedForDisplay) cannot be listed (or is not a folder); give a new or empty folder with --output.")
            }
            if let first = existing.sorted().first {
                throw HostError(.usage, "\(folder.quotedForDisplay) is not empty (it holds \(first.quotedForDisplay)); give a new or empty folder with --output.")
            }
        }
        for file in template.files {
            let path = folder + "/" + file.path
            do {
                try fileManager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            } catch {
                throw HostError(.badState, "\((path as NSString).deletingLastPathComponent.quotedForDisplay) cannot be made: \(HostError.reason(error)).")
            }
            try Self.writeNew(file.contents, to: path)
        }
        printLine("Created \(template.kind == .appIntents ? "an App Intents" : "a SiriKit") extension, \(template.extensionName), for the app \(name) in \(folder):")
        for file in template.files { printLine("  \(file.path)") }
        printLine("Next: cd \(folder) && swift build && swift test")
    }

    /// Writes `contents` to a file that must not exist yet: nothing of anyone's is overwritten,
    /// not even a file made between the check of the folder and now.
    private static func writeNew(_ contents: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw HostError(.badState, "\(path.quotedForDisplay) cannot be made: \(String(cString: strerror(errno))); nothing was overwritten.")
        }
        defer { close(descriptor) }
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw HostError(.badState, "\(path.quotedForDisplay) cannot be written: \(String(cString: strerror(errno))).") }
            written += count
        }
    }

    /// Names whose package would clash with a target of the SDK's package (SwiftPM wants target
    /// names unique across the package graph): `<Name>Intents` and its tests.
    static let takenNames: Set<String> = ["App", "Sample", "MonkeyChat", "Pizza", "Meditation", "SandboxTester", "Faulty", "Echo",
                                          "MainThread", "SharedFramework", "FixtureNotes", "Intents"]

    private func makeTemplate() throws -> ExtensionTemplate {
        guard let kind = ExtensionTemplate.Kind(rawValue: kind) else {
            throw HostError(.usage, "--kind \(kind.quotedForDisplay) is neither app-intents nor sirikit.")
        }
        guard name.utf8.count <= 64, let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else {
            throw HostError(.usage, "The name \(name.quotedForDisplay) is not a Swift identifier of ASCII letters and digits, starting with a letter (at most 64).")
        }
        guard !Self.takenNames.contains(name) else {
            throw HostError(.usage, "The name \(name.quotedForDisplay) would make a target \(name)Intents, which the intents SDK's package has already; choose another name.")
        }
        let identifier = bundleIdentifier ?? "org.example.\(name)"
        // The extension's is the app's with ".Intents": both must be bundle identifiers.
        if let problem = BundleName.problem(with: identifier + ".Intents", as: .bundleIdentifier) {
            throw HostError(.usage, "--bundle-identifier \(identifier.quotedForDisplay) \(problem.replacingOccurrences(of: ".Intents", with: "")).")
        }
        if let problem = BundleName.problem(with: identifier, as: .bundleIdentifier) {
            throw HostError(.usage, "--bundle-identifier \(identifier.quotedForDisplay) \(problem).")
        }
        let sdkPath = try sdk.map(absolute) ?? DevelopmentBundles.sourceTree(above: HostConfiguration.executableFolder) ?? {
            throw HostError(.usage, "This intents is not run from a checkout of the SDK; name one with --sdk PATH.")
        }()
        // The path goes into Package.swift as a string literal: no character may end or escape it.
        if let bad = sdkPath.unicodeScalars.first(where: { $0 == "\"" || $0 == "\\" || $0.properties.generalCategory == .control }) {
            throw HostError(.usage, "--sdk \(sdkPath.quotedForDisplay) has the character \(String(bad).debugDescription), which a package manifest cannot take in a path; move the checkout.")
        }
        guard FileManager.default.fileExists(atPath: sdkPath + "/Package.swift") else {
            throw HostError(.usage, "--sdk \(sdkPath.quotedForDisplay) is not a checkout of the intents SDK (it has no Package.swift).")
        }
        return ExtensionTemplate(name: name, bundleIdentifier: identifier, kind: kind, sdkPath: sdkPath)
    }

    private func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        return expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
    }
}
