import Foundation
import PackagePlugin

/// `swift package lay-out-bundles`: builds the package, then lays out each app of its `Info/`
/// folder with its extensions' libraries, so that `intents` runs them with no hand copying:
///
///     swift package lay-out-bundles
///     INTENTS_APPS=.build/debug/Apps intents apps
///
/// Options: `--configuration debug|release` (debug), `--output FOLDER` (the products folder's `Apps`).
@main
struct LayOutBundles: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let configuration = extractor.extractOption(named: "configuration").last ?? "debug"
        let output = extractor.extractOption(named: "output").last
        guard extractor.remainingArguments.isEmpty else {
            throw LayOutError("lay-out-bundles takes --configuration debug|release and --output FOLDER; not \(extractor.remainingArguments.joined(separator: " ")).")
        }
        guard configuration == "debug" || configuration == "release" else {
            throw LayOutError("--configuration \(configuration) is neither debug nor release.")
        }
        let info = context.package.directoryURL.appending(path: "Info")
        guard FileManager.default.fileExists(atPath: info.path) else {
            throw LayOutError("\(context.package.displayName) has no Info/ folder of <Name>/Info.plist files to lay out.")
        }
        let built = try packageManager.build(.all(includingTests: false),
                                             parameters: .init(configuration: configuration == "release" ? .release : .debug, logging: .concise))
        guard built.succeeded else {
            throw LayOutError("The build failed:\n\(built.logText)")
        }
        guard let products = built.builtArtifacts.first?.url.deletingLastPathComponent() else {
            throw LayOutError("The build made no product to lay out (declare the extension as a .dynamic library product).")
        }
        let apps = output.map { URL(fileURLWithPath: $0, relativeTo: context.package.directoryURL).standardizedFileURL }
            ?? products.appending(path: "Apps")
        let tool = try context.tool(named: "intents-bundles")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["--info", info.path, "--products", products.path, "--output", apps.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LayOutError("intents-bundles could not lay the bundles out (exit \(process.terminationStatus)).")
        }
        print("Run them: INTENTS_APPS=\(apps.path) intents apps")
    }
}

struct LayOutError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
