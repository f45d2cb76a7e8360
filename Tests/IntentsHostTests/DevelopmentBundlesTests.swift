import Foundation
import HostBundles
import Testing

/// Laying bundles out from an `Info/` folder takes nothing from a plist into a path it does not
/// name as a file of its own, and copies only regular files.
@Suite struct DevelopmentBundlesTests {
    let root = TemporaryFolder()

    func plist(_ entries: [String: Any], in name: String) throws {
        let folder = root.path + "/Info/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0).write(to: URL(fileURLWithPath: folder + "/Info.plist"))
    }

    @Test func anExecutableNameThatLeavesTheBundleIsSkippedAndLinksAreNotCopied() throws {
        let products = root.path + "/products", victim = root.path + "/victim.txt"
        try FileManager.default.createDirectory(atPath: products, withIntermediateDirectories: true)
        try "the user's".write(toFile: victim, atomically: true, encoding: .utf8)
        try "built".write(toFile: products + "/libGood.so", atomically: true, encoding: .utf8)
        try plist(["CFBundleIdentifier": "org.example.App"], in: "App")
        try plist(["CFBundleIdentifier": "org.example.App.Good", "CFBundleExecutable": "Good",
                   "NSExtension": ["NSExtensionPointIdentifier": "com.apple.intents-service"]], in: "Good")
        try plist(["CFBundleIdentifier": "org.example.App.Evil", "CFBundleExecutable": "../../../../victim.txt",
                   "NSExtension": ["NSExtensionPointIdentifier": "com.apple.intents-service"]], in: "Evil")
        try plist(["CFBundleIdentifier": "org.example.App.Kit", "CFBundleExecutable": "Good",
                   "EXAppExtensionAttributes": ["EXExtensionPointIdentifier": "com.apple.appintents-extension"]], in: "Kit")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/Info/App/secret", withDestinationPath: victim)
        let apps = root.path + "/Apps"
        try DevelopmentBundles.assemble(infoFolder: root.path + "/Info", productsFolder: products, into: apps)

        #expect(FileManager.default.fileExists(atPath: apps + "/App.app/PlugIns/Good.appex/libGood.so"))
        #expect(FileManager.default.fileExists(atPath: apps + "/App.app/Extensions/Kit.appex/libGood.so"))
        #expect(!FileManager.default.fileExists(atPath: apps + "/App.app/PlugIns/Evil.appex"))
        #expect(!FileManager.default.fileExists(atPath: apps + "/App.app/secret"))
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "the user's")
    }

    @Test func onlyRegularFilesOfBoundedSizeAreRead() throws {
        let fifo = root.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(DevelopmentBundles.regularFileContents(fifo, limit: 10) == nil)
        let file = root.path + "/file"
        try "12345".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(DevelopmentBundles.regularFileContents(file, limit: 5) == Data("12345".utf8))
        #expect(DevelopmentBundles.regularFileContents(file, limit: 4) == nil)
        try FileManager.default.createSymbolicLink(atPath: root.path + "/link", withDestinationPath: file)
        #expect(DevelopmentBundles.regularFileContents(root.path + "/link", limit: 10) == nil)
    }
}
