import ExtensionProtocol
import Foundation
import BundleLayout
import Synchronization

/// Where a test's host finds its apps, and the scratch folders it makes.
enum ScratchBundles {
    /// The folders laid out so far this process, by the `Info/` folder they came from.
    private static let laidOut = Mutex<[String: String]>([:])
    /// Scratch folders to remove when the test process exits.
    private static let removedAtExit = Mutex<[String]>([])

    /// The apps folders for `options`: given, else `INTENTS_APPS`, else the bundles laid out
    /// from the package's `Info/` (or `options.infoFolder`) and the build products.
    static func appsFolders(_ options: HostUnderTest.Options) throws -> [String] {
        if let given = options.appsFolders, !given.isEmpty { return given.map(absolute) }
        if options.infoFolder == nil, let listed = ProcessInfo.processInfo.environment["INTENTS_APPS"], !listed.isEmpty {
            return listed.split(separator: ":").map { absolute(String($0)) }
        }
        return [try layOut(infoFolder: options.infoFolder.map(absolute))]
    }

    /// Lays the bundles out once per process and `Info/` folder, into a scratch folder.
    static func layOut(infoFolder: String?) throws -> String {
        guard !ThisExecutable.isInFolderNotUTF8 else {
            throw HostUnderTestError(.notFound, "The test program runs from a folder whose path is not UTF-8, beside which its products cannot be named; build in a folder whose path is UTF-8, or set INTENTS_APPS.")
        }
        let products = productsFolder
        guard let info = infoFolder ?? DevelopmentBundles.sourceTree(above: products).map({ $0 + "/Info" }) else {
            throw HostUnderTestError(.notFound, "No apps to test: INTENTS_APPS is not set and no package with an Info/ folder is above the build products in \(products); set INTENTS_APPS or give HostUnderTest.Options(appsFolders:).")
        }
        return try laidOut.withLock { folders in
            if let done = folders[info] { return done }
            let apps = try scratchFolder("apps", removedAtExit: true)
            do {
                try DevelopmentBundles.assemble(infoFolder: info, productsFolder: products, into: apps)
            } catch {
                throw HostUnderTestError(.hostFailed, "The bundles of \(info) cannot be laid out in \(apps): \(error)")
            }
            folders[info] = apps
            return apps
        }
    }

    /// The folder of the running test program: the build's products.
    static var productsFolder: String {
        if let folder = ThisExecutable.folder() { return folder }
        return (absolute(CommandLine.arguments[0]) as NSString).deletingLastPathComponent
    }

    /// Where a host's state folder goes: in `INTENTS_STATE` when it is set, else in `TMPDIR`.
    static var stateParent: String {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["INTENTS_STATE"], !state.isEmpty { return absolute(state) }
        return environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// A new folder of this user's alone (mode 0700), in `base` (made when missing) or
    /// `TMPDIR`; removed when the process exits if `removedAtExit`.
    static func scratchFolder(_ purpose: String, in base: String? = nil, removedAtExit: Bool = false) throws -> String {
        let base = base ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var template = Array("\(base)/appintents-testing-\(purpose)-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw HostUnderTestError(.hostFailed, "No scratch folder can be made in \(base): \(String(cString: strerror(errno))).")
        }
        let folder = String(cString: made)
        if removedAtExit {
            let first = Self.removedAtExit.withLock { folders in
                folders.append(folder)
                return folders.count == 1
            }
            if first { atexit { ScratchBundles.removeScratchFolders() } }
        }
        return folder
    }

    private static func removeScratchFolders() {
        for folder in removedAtExit.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: folder) }
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
