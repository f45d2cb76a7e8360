import Foundation

/// Reads and validates one `.appex` folder without loading its library.
enum ExtensionBundleReader {
    static let intentsExtensionPoint = "com.apple.intents-service"
    static let intentsUIExtensionPoint = "com.apple.intents-ui-service"

    /// - Throws: `BundleFault`, naming `Info.plist` and the key at fault.
    static func read(at folder: String, appBundleIdentifier: String?) throws -> ExtensionBundle {
        let plist = try PropertyListFile(path: folder + "/Info.plist")
        let identifier = try plist.string(["CFBundleIdentifier"])
        if let appBundleIdentifier, !identifier.hasPrefix(appBundleIdentifier + ".") {
            throw plist.fault(.bundleIdentifierNotPrefixed, ["CFBundleIdentifier"],
                              "In \(plist.path), CFBundleIdentifier \"\(identifier)\" must begin with its app's identifier \"\(appBundleIdentifier).\".")
        }
        let point = try plist.string(["NSExtension", "NSExtensionPointIdentifier"])
        guard point == intentsExtensionPoint else {
            let detail = point == intentsUIExtensionPoint
                ? "is an Intents UI extension, which this host does not run"
                : "is not \(intentsExtensionPoint)"
            throw plist.fault(.unsupportedExtensionPoint, ["NSExtension", "NSExtensionPointIdentifier"],
                              "In \(plist.path), NSExtension > NSExtensionPointIdentifier \"\(point)\" \(detail).")
        }
        let principal = try plist.string(["NSExtension", "NSExtensionPrincipalClass"])
        let parts = principal.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty }) else {
            throw plist.fault(.invalidValue, ["NSExtension", "NSExtensionPrincipalClass"],
                              "In \(plist.path), NSExtension > NSExtensionPrincipalClass \"\(principal)\" must be module-qualified, like \"MyIntents.IntentHandler\".")
        }
        let attributes = ["NSExtension", "NSExtensionAttributes"]
        _ = try plist.dictionary(attributes)
        let supported = try plist.strings(attributes + ["IntentsSupported"]) ?? []
        guard !supported.isEmpty else {
            throw plist.fault(.missingKey, attributes + ["IntentsSupported"],
                              "In \(plist.path), NSExtension > NSExtensionAttributes > IntentsSupported must list at least one intent.")
        }
        let locked = try restrictedSubset(plist, attributes + ["IntentsRestrictedWhileLocked"], of: supported)
        let protected = try restrictedSubset(plist, attributes + ["IntentsRestrictedWhileProtectedDataUnavailable"], of: supported)
        let library = try libraryPath(plist, folder: folder)
        let name = try plist.optionalString(["CFBundleDisplayName"]) ?? (folder as NSString).lastPathComponent
        return ExtensionBundle(path: folder, bundleIdentifier: identifier, displayName: name, principalClass: principal,
                               libraryPath: library, intentsSupported: supported, restrictedWhileLocked: locked,
                               restrictedWhileProtectedDataUnavailable: protected, appBundleIdentifier: appBundleIdentifier,
                               entitlements: try Entitlements.read(in: folder), requestedLimits: try requestedLimits(plist))
    }

    private static func restrictedSubset(_ plist: PropertyListFile, _ keyPath: [String], of supported: [String]) throws -> [String] {
        let restricted = try plist.strings(keyPath) ?? []
        let strays = restricted.filter { !supported.contains($0) }
        guard strays.isEmpty else {
            throw plist.fault(.restrictedIntentsNotSupportedByExtension, keyPath,
                              "In \(plist.path), \(keyPath.joined(separator: " > ")) lists \(strays.joined(separator: ", ")), which IntentsSupported does not (restrictedIntentsNotSupportedByExtension).")
        }
        return restricted
    }

    /// The library named by `CFBundleExecutable`: that file, or `lib<name>.so`, in the bundle.
    private static func libraryPath(_ plist: PropertyListFile, folder: String) throws -> String {
        let executable = try plist.string(["CFBundleExecutable"])
        let candidates = [folder + "/" + executable, folder + "/lib" + executable + ".so"]
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw plist.fault(.missingLibrary, ["CFBundleExecutable"],
                              "In \(plist.path), CFBundleExecutable \"\(executable)\" names a library that is not in the bundle (looked for \(candidates.map { ($0 as NSString).lastPathComponent }.joined(separator: " and "))).")
        }
        let handle = FileHandle(forReadingAtPath: path)
        let magic = try? handle?.read(upToCount: 4)
        try? handle?.close()
        guard magic == Data([0x7F, 0x45, 0x4C, 0x46]) else {
            throw plist.fault(.notASharedLibrary, ["CFBundleExecutable"],
                              "\(path), named by CFBundleExecutable in \(plist.path), is not an ELF shared library.")
        }
        return path
    }
}
