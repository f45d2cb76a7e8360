import ExtensionProtocol
import Foundation

/// Lays out app bundles from a source tree's `Info/` folder and a build's products, so that
/// `swift build` is all it takes to try the sample extensions.
///
/// Each `Info/<Name>/Info.plist` with an `NSExtension` key is an app extension (laid out in
/// the app's `PlugIns/`), one with `EXAppExtensionAttributes` an ExtensionKit extension (in
/// `Extensions/`); the others are apps. An extension goes into the app whose bundle identifier
/// prefixes its own, as Apple requires of embedded extensions. Its library,
/// `lib<CFBundleExecutable>.so`, is hard-linked from the products folder (copied across file
/// systems), and so is an app's `CFBundleExecutable` when the build made it: a bundle's files
/// must be its own, never links out of it. Other files beside an app's plist are copied into its bundle.
public enum DevelopmentBundles {
    /// Assembles bundles into `appsFolder` and returns it. Never deletes anything.
    /// - Throws: file-system errors; plist faults are left for `BundleScanner` to report.
    @discardableResult
    public static func assemble(infoFolder: String, productsFolder: String, into appsFolder: String) throws -> String {
        let fileManager = FileManager.default
        var apps: [(name: String, identifier: String, executable: String?)] = []
        var extensions: [(name: String, identifier: String, executable: String, folder: String)] = []
        for name in try fileManager.contentsOfDirectory(atPath: infoFolder).sorted() {
            let plistPath = "\(infoFolder)/\(name)/Info.plist"
            guard let data = regularFileContents(plistPath, limit: maximumPlistBytes),
                  let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                  let identifier = plist["CFBundleIdentifier"] as? String else { continue }
            if plist["NSExtension"] != nil || plist["EXAppExtensionAttributes"] != nil {
                // An ExtensionKit extension (EXAppExtensionAttributes) goes in Extensions/, as
                // Xcode builds it; an app extension (NSExtension) in PlugIns/.
                let folder = plist["NSExtension"] != nil ? "PlugIns" : "Extensions"
                let executable = plist["CFBundleExecutable"] as? String ?? name
                // A name that is no file name of its own (`../../x`) would reach a path out of the
                // bundle: such a bundle is left for BundleScanner to report.
                guard BundleName.problem(with: executable, as: .executable) == nil else { continue }
                extensions.append((name, identifier, executable, folder))
            } else {
                let executable = plist["CFBundleExecutable"] as? String
                if let executable, BundleName.problem(with: executable, as: .executable) != nil { continue }
                apps.append((name, identifier, executable))
            }
        }
        for app in apps {
            let appFolder = "\(appsFolder)/\(app.name).app"
            try copyContents(of: "\(infoFolder)/\(app.name)", into: appFolder)
            if let executable = app.executable, fileManager.fileExists(atPath: "\(productsFolder)/\(executable)") {
                try place("\(productsFolder)/\(executable)", at: "\(appFolder)/\(executable)")
            }
            for plugIn in extensions where plugIn.identifier.hasPrefix(app.identifier + ".") {
                let plugInFolder = "\(appFolder)/\(plugIn.folder)/\(plugIn.name).appex"
                try copyContents(of: "\(infoFolder)/\(plugIn.name)", into: plugInFolder)
                let library = "lib\(plugIn.executable).so"
                let built = "\(productsFolder)/\(library)"
                if fileManager.fileExists(atPath: built) {
                    try place(built, at: "\(plugInFolder)/\(library)")
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

    /// The largest plist read, and the largest file copied from an `Info/` folder into a bundle.
    static let maximumPlistBytes = 1 << 20
    static let maximumCopiedBytes = 16 << 20

    /// The regular files beside a plist (never a link, a folder or a device), copied.
    private static func copyContents(of source: String, into destination: String) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        for name in try fileManager.contentsOfDirectory(atPath: source) {
            guard let data = regularFileContents("\(source)/\(name)", limit: maximumCopiedBytes) else { continue }
            if fileManager.contents(atPath: "\(destination)/\(name)") != data {
                try data.write(to: URL(fileURLWithPath: "\(destination)/\(name)"), options: .atomic)
            }
        }
    }

    /// Puts the file `source` (or the file it links to) at `path`, as a hard link (a copy across
    /// file systems), unless `path` already is that file; the new one replaces the old
    /// atomically (a rename over it).
    /// - Throws: `DevelopmentBundles.LayoutError` naming both paths.
    public static func place(_ source: String, at path: String) throws {
        var wanted = stat(), current = stat()
        guard stat(source, &wanted) == 0 else {
            throw LayoutError(message: "Cannot read \(source.quotedForDisplay): \(String(cString: strerror(errno))).")
        }
        if lstat(path, &current) == 0, current.st_mode & S_IFMT == S_IFREG,
           (current.st_dev == wanted.st_dev && current.st_ino == wanted.st_ino)
            || (current.st_size == wanted.st_size && current.st_mtim.tv_sec == wanted.st_mtim.tv_sec
                && current.st_mtim.tv_nsec == wanted.st_mtim.tv_nsec) {
            return
        }
        let temporary = "\(path).\(getpid()).new"
        unlink(temporary)
        if linkat(AT_FDCWD, source, AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) != 0 {
            do {
                // The file itself, never a link to it: a bundle's files must be its own.
                try FileManager.default.copyItem(atPath: RealPath.of(source) ?? source, toPath: temporary)
            } catch {
                throw LayoutError(message: "Cannot put \(source.quotedForDisplay) at \(path.quotedForDisplay): \(Self.reason(error)).")
            }
            // The copy carries the source's modification time, by which it is known up to date.
            var times = [wanted.st_atim, wanted.st_mtim]
            _ = utimensat(AT_FDCWD, temporary, &times, 0)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw LayoutError(message: "Cannot put \(source.quotedForDisplay) at \(path.quotedForDisplay): \(reason).")
        }
    }

    /// The bytes of the regular file at `path`, when it is one (not a link, a FIFO, a device or
    /// a folder) of at most `limit` bytes; nil otherwise. Reads without blocking on a FIFO
    /// swapped in meanwhile.
    public static func regularFileContents(_ path: String, limit: Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        guard total <= limit else { return nil }
        return Data(bytes[..<total])
    }

    /// Why a file could not be put in a bundle: one sentence naming the paths.
    public struct LayoutError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The system's reason for a file error (its POSIX error's text when it has one).
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
