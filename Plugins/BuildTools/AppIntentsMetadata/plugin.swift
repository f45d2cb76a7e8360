import Foundation
import PackagePlugin

/// Extracts a target's App Intents metadata from its Swift sources at build time, as Xcode's
/// build does (`Metadata.appintents`), and compiles it into the target as data: the host reads
/// it from the library's `intents_appintents` section without loading the library. Add
/// `plugins: [.plugin(name: "AppIntentsMetadata", package: "intents")]` to each target that
/// declares App Intents (the extension's and each shared package's it links).
@main
struct AppIntentsMetadata: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "intents-appintents-metadata")
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name)+AppIntentsMetadata.swift")
        return [.buildCommand(displayName: "Extracting the App Intents metadata of \(target.name)",
                              executable: tool.url,
                              arguments: ["--module", target.moduleName, "--output", output.path] + sources.map(\.path),
                              inputFiles: sources + [tool.url], outputFiles: [output])]
    }
}
