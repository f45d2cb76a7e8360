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
        if let existing = try? fileManager.contentsOfDirectory(atPath: folder), !existing.isEmpty {
            throw HostError(.usage, "\(folder.quotedForDisplay) is not empty (it holds \(existing.sorted()[0].quotedForDisplay)); give a new or empty folder with --output.")
        }
        for file in template.files {
            let path = folder + "/" + file.path
            do {
                try fileManager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                guard fileManager.createFile(atPath: path, contents: Data(file.contents.utf8)) else {
                    throw HostError(.badState, "\(path.quotedForDisplay) cannot be written.")
                }
            } catch let error as HostError {
                throw error
            } catch {
                throw HostError(.badState, "\(path.quotedForDisplay) cannot be written: \(HostError.reason(error)).")
            }
        }
        printLine("Created \(template.kind == .appIntents ? "an App Intents" : "a SiriKit") extension, \(template.extensionName), for the app \(name) in \(folder):")
        for file in template.files { printLine("  \(file.path)") }
        printLine("Next: cd \(folder) && swift build && swift test")
    }

    private func makeTemplate() throws -> ExtensionTemplate {
        guard let kind = ExtensionTemplate.Kind(rawValue: kind) else {
            throw HostError(.usage, "--kind \(kind.quotedForDisplay) is neither app-intents nor sirikit.")
        }
        guard name.utf8.count <= 64, let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else {
            throw HostError(.usage, "The name \(name.quotedForDisplay) is not a Swift identifier of ASCII letters and digits, starting with a letter (at most 64).")
        }
        let identifier = bundleIdentifier ?? "org.example.\(name)"
        if let problem = BundleName.problem(with: identifier, as: .bundleIdentifier) {
            throw HostError(.usage, "--bundle-identifier \(identifier.quotedForDisplay) \(problem).")
        }
        let sdkPath = try sdk.map(absolute) ?? DevelopmentBundles.sourceTree(above: HostConfiguration.executableFolder) ?? {
            throw HostError(.usage, "This intents is not run from a checkout of the SDK; name one with --sdk PATH.")
        }()
        guard FileManager.default.fileExists(atPath: sdkPath + "/Package.swift"), !sdkPath.contains("\"") && !sdkPath.contains("\\") else {
            throw HostError(.usage, "--sdk \(sdkPath.quotedForDisplay) is not a checkout of the intents SDK (it has no Package.swift).")
        }
        return ExtensionTemplate(name: name, bundleIdentifier: identifier, kind: kind, sdkPath: sdkPath)
    }

    private func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        return expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
    }
}
