import ArgumentParser
import BundleLayout
import Foundation

/// Lays a package's bundles out from its `Info/` plists and its build products: the tool the
/// `lay-out-bundles` command plugin runs.
@main
struct IntentsBundles: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intents-bundles",
        abstract: "Lay out <App>.app/PlugIns/<Extension>.appex from Info/ plists and built libraries.",
        discussion: """
        Each Info/<Name>/Info.plist with NSExtension is an extension (PlugIns/), one with
        EXAppExtensionAttributes an ExtensionKit extension (Extensions/), the others apps; an
        extension goes into the app whose bundle identifier prefixes its own, with the library
        lib<CFBundleExecutable>.so from the products folder. Nothing is deleted.

        Example:
          intents-bundles --info Info --products .build/debug --output .build/debug/Apps
        """)

    @Option(help: "The folder of <Name>/Info.plist files.") var info: String
    @Option(help: "The build's products folder (lib<Name>.so).") var products: String
    @Option(help: "The apps folder to write.") var output: String

    func run() throws {
        guard FileManager.default.fileExists(atPath: info) else {
            throw ValidationError("The Info folder \(info) does not exist.")
        }
        do {
            let apps = try DevelopmentBundles.assemble(infoFolder: info, productsFolder: products, into: output)
            let laidOut = (try? FileManager.default.contentsOfDirectory(atPath: apps))?.filter { $0.hasSuffix(".app") }.sorted() ?? []
            print("Laid out \(laidOut.isEmpty ? "no app" : laidOut.joined(separator: ", ")) in \(apps).")
        } catch let error as DevelopmentBundles.LayoutError {
            throw ValidationError(error.message)
        }
    }
}
