import AppIntentsMetadataExtraction
import ArgumentParser
import Foundation

/// `intents-appintents-metadata --module NAME --output FILE SOURCE...`: what the
/// AppIntentsMetadata build plugin runs on a target's Swift sources; also usable by hand.
@main
struct MetadataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intents-appintents-metadata",
        abstract: "Extracts a module's App Intents metadata from its Swift sources into a Swift file that places it in the library.",
        discussion: """
            Reads the literal declarations of the module's intents, entities, enums and App Shortcuts (as Apple's \
            build does) and writes a Swift file placing the record in the library's intents_appintents section. \
            What cannot be read is a warning (path:line:col: warning: ...) and is left for the host to learn \
            from the extension. The file is written only if it changed.
            """)

    @Option(help: "The module's name, which qualifies its type names.")
    var module: String

    @Option(help: "The Swift file to write.")
    var output: String

    @Argument(help: "The module's Swift source files.")
    var sources: [String] = []

    func run() throws {
        var texts: [SourceText] = []
        for path in sources {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw MetadataCommandError("The source file \(path) cannot be read.")
            }
            texts.append(SourceText(path: path, text: String(decoding: data, as: UTF8.self)))
        }
        let extraction = AppIntentsMetadataExtractor.extract(module: module, sources: texts)
        for warning in extraction.warnings {
            print(warning.description)
        }
        let source = Data(SectionSource.swift(for: extraction).utf8)
        let target = URL(fileURLWithPath: output)
        guard (try? Data(contentsOf: target)) != source else { return }
        do {
            try source.write(to: target, options: .atomic)
        } catch {
            throw MetadataCommandError("The generated file \(output) cannot be written: \((error as NSError).localizedDescription)")
        }
    }
}
