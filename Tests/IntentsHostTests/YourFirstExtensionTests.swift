import Foundation
import Testing

/// The tutorial "Your first extension" shows `intents new`'s files whole: each of its Swift and
/// XML blocks is a file `intents new` writes (with the SDK's path as the tutorial writes it).
/// CI runs its shell blocks from an empty folder (`.ci/run-tutorial`).
@Suite struct YourFirstExtensionTests {
    let folder = TemporaryFolder()

    func newPackage(_ arguments: [String]) async throws -> [String: String] {
        let made = try await runProgram(Package.cli, ["new"] + arguments + ["--sdk", Package.root])
        try #require(made.status == 0, "\(made.output)")
        let output = try #require(arguments.firstIndex(of: "--output").map { arguments[$0 + 1] })
        var files: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: output))
        while let path = enumerator.nextObject() as? String {
            guard let text = try? String(contentsOfFile: output + "/" + path, encoding: .utf8) else { continue }
            files[path] = text.replacingOccurrences(of: Package.root, with: "/path/to/intents")
        }
        return files
    }

    @Test func theTutorialsFilesAreTheTemplatesFiles() async throws {
        let notes = try await newPackage(["Notes", "--output", folder.path + "/Notes"])
        let tasks = try await newPackage(["Tasks", "--kind", "sirikit", "--output", folder.path + "/Tasks"])
        #expect(Set(notes.keys) == ["Package.swift", "Sources/NotesIntents/NotesIntents.swift", "Info/Notes/Info.plist",
                                    "Info/NotesIntents/Info.plist", "Tests/NotesIntentsTests/NotesIntentsTests.swift", ".gitignore"])
        let article = try String(contentsOfFile: Package.root + "/Sources/IntentsCLI/IntentsCLI.docc/YourFirstExtension.md", encoding: .utf8)
        let blocks = article.matches(of: #/```(?:swift|xml)\n(?<code>(?s:.*?))```/#).map { String($0.code) }
        #expect(blocks.count == 8)
        let generated = Array(notes.values) + Array(tasks.values)
        for block in blocks {
            #expect(generated.contains(block), "the tutorial shows a file intents new does not write:\n\(block)")
        }
    }

    @Test func newRefusesWhatWouldOverwriteOrBreakThePackage() async throws {
        let target = folder.path + "/Existing"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try "mine".write(toFile: target + "/notes.txt", atomically: true, encoding: .utf8)
        let refused = try await runProgram(Package.cli, ["new", "Notes", "--output", target, "--sdk", Package.root])
        #expect(refused.status == 2)
        #expect(refused.output.contains("is not empty (it holds \"notes.txt\")"), "\(refused.output)")
        #expect(try String(contentsOfFile: target + "/notes.txt", encoding: .utf8) == "mine")

        for (arguments, message) in [
            (["new", "Not\"es"], "is not a Swift identifier"),
            (["new", "Notes", "--kind", "widget"], "--kind \"widget\" is neither app-intents nor sirikit."),
            (["new", "Notes", "--bundle-identifier", "org.example.<Notes>"], "--bundle-identifier"),
            (["new", "Notes", "--sdk", folder.path], "is not a checkout of the intents SDK"),
            (["new", "Echo"], "would make a target EchoIntents, which the intents SDK's package has already"),
        ] {
            let run = try await runProgram(Package.cli, arguments + ["--output", folder.path + "/x"])
            #expect(run.status == 2 && run.output.contains(message), "\(arguments): \(run.output)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x"))
    }
}
