import Foundation
import PackagePlugin

/// Generates the SDK's system intents (messaging, calls, lists and notes, payments...) from the
/// SiriKit domain data in `Sources/SiriKitDomains`, which the generator links: a change to the
/// data rebuilds the generator, and so regenerates the classes.
@main
struct SiriKitDomainGenerator: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "intents-codegen")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("SiriKitDomains+Generated.swift")
        return [.buildCommand(displayName: "Generating the SiriKit domains' intents",
                              executable: tool.url, arguments: ["--system-domains", "--output", output.path],
                              inputFiles: [tool.url], outputFiles: [output])]
    }
}
