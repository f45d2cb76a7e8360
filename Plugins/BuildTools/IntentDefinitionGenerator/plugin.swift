import Foundation
import PackagePlugin

/// Generates Swift from each `.intentdefinition` file of a target, as Xcode does: add the file
/// to the target's folder and `plugins: ["IntentDefinitionGenerator"]` to the target.
@main
struct IntentDefinitionGenerator: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "intents-codegen")
        return target.sourceFiles(withSuffix: "intentdefinition").map { file in
            let output = context.pluginWorkDirectoryURL
                .appendingPathComponent(file.url.deletingPathExtension().lastPathComponent + "+Generated.swift")
            return .buildCommand(displayName: "Generating intents from \(file.url.lastPathComponent)",
                                 executable: tool.url, arguments: [file.url.path, "--output", output.path],
                                 inputFiles: [file.url, tool.url], outputFiles: [output])
        }
    }
}
