import Foundation

/// Lays out app bundles from a source tree's `Info/` folder and a build's products, so that
/// `swift build` is all it takes to try the sample extensions.
///
/// Each `Info/<Name>/Info.plist` with an `NSExtension` key is an extension; the others are
/// apps. An extension goes into the app whose bundle identifier prefixes its own, as Apple
/// requires of embedded extensions. Its library, `lib<CFBundleExecutable>.so`, is linked
/// from the products folder, and so is an app's `CFBundleExecutable` when the build made it.
/// Other files beside an app's plist are copied into its bundle.
public enum DevelopmentBundles {
    /// Assembles bundles into `appsFolder` and returns it. Never deletes anything.
    /// - Throws: file-system errors; plist faults are left for `BundleScanner` to report.
    @discardableResult
    public static func assemble(infoFolder: String, productsFolder: String, into appsFolder: String) throws -> String {
        let fileManager = FileManager.default
        var apps: [(name: String, identifier: String, executable: String?)] = []
        var extensions: [(name: String, identifier: String, executable: String)] = []
        for name in try fileManager.contentsOfDirectory(atPath: infoFolder).sorted() {
            let plistPath = "\(infoFolder)/\(name)/Info.plist"
            guard let data = fileManager.contents(atPath: plistPath),
                  let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                  let identifier = plist["CFBundleIdentifier"] as? String else { continue }
            if plist["NSExtension"] != nil {
                extensions.append((name, identifier, plist["CFBundleExecutable"] as? String ?? name))
            } else {
                apps.append((name, identifier, plist["CFBundleExecutable"] as? String))
            }
        }
        for app in apps {
            let appFolder = "\(appsFolder)/\(app.name).app"
            try copyContents(of: "\(infoFolder)/\(app.name)", into: appFolder)
            if let executable = app.executable, fileManager.fileExists(atPath: "\(productsFolder)/\(executable)") {
                try replaceLink(at: "\(appFolder)/\(executable)", pointingTo: "\(productsFolder)/\(executable)")
            }
            for plugIn in extensions where plugIn.identifier.hasPrefix(app.identifier + ".") {
                let plugInFolder = "\(appFolder)/PlugIns/\(plugIn.name).appex"
                try copyContents(of: "\(infoFolder)/\(plugIn.name)", into: plugInFolder)
                let library = "lib\(plugIn.executable).so"
                let built = "\(productsFolder)/\(library)"
                if fileManager.fileExists(atPath: built) {
                    try replaceLink(at: "\(plugInFolder)/\(library)", pointingTo: built)
                }
            }
        }
        return appsFolder
    }

    /// The source tree above `folder` that has `Package.swift` and `Info/`, if any.
    public static func sourceTree(above folder: String) -> String? {
        var current = folder
        while current != "/" && !current.isEmpty {
            if FileManager.default.fileExists(atPath: current + "/Package.swift"),
               FileManager.default.fileExists(atPath: current + "/Info") {
                return current
            }
            current = (current as NSString).deletingLastPathComponent
        }
        return nil
    }

    private static func copyContents(of source: String, into destination: String) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        for name in try fileManager.contentsOfDirectory(atPath: source) {
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: "\(source)/\(name)", isDirectory: &isFolder), !isFolder.boolValue,
                  let data = fileManager.contents(atPath: "\(source)/\(name)") else { continue }
            if fileManager.contents(atPath: "\(destination)/\(name)") != data {
                try data.write(to: URL(fileURLWithPath: "\(destination)/\(name)"), options: .atomic)
            }
        }
    }

    /// Points `path` at `target`, replacing an old link atomically (a rename over it).
    private static func replaceLink(at path: String, pointingTo target: String) throws {
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == target { return }
        let temporary = "\(path).\(getpid()).link"
        try? FileManager.default.removeItem(atPath: temporary)
        try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: target)
        guard rename(temporary, path) == 0 else {
            throw HostError(.badState, "Cannot link \(path) to \(target): \(String(cString: strerror(errno))).")
        }
    }
}
