import ExtensionProtocol
import Foundation

/// Reads and validates one `.appex` folder without loading its library.
enum ExtensionBundleReader {
    static let intentsExtensionPoint = "com.apple.intents-service"
    static let intentsUIExtensionPoint = "com.apple.intents-ui-service"
    /// Xcode's App Intents extension (an ExtensionKit extension, iOS 16 and later).
    static let appIntentsExtensionPoint = "com.apple.appintents-extension"

    /// - Parameter appFolder: the real path of the containing app, which the extension's folder
    ///   must resolve inside; nil for an extension validated on its own.
    /// - Parameter inProcess: the plist of an extension whose code runs in this process (a test
    ///   host), read in place of the folder's `Info.plist`; no library is looked for.
    /// - Throws: `BundleFault`, naming `Info.plist`, the key at fault and its value.
    static func read(at folder: String, appBundleIdentifier: String?, appFolder: String? = nil,
                     inProcess infoPlist: String? = nil) throws -> ExtensionBundle {
        let plist = try PropertyListFile(path: infoPlist ?? folder + "/Info.plist")
        let root = try resolvedFolder(folder, inside: appFolder)
        let identifier = try plist.name(["CFBundleIdentifier"], as: .bundleIdentifier)
        if let appBundleIdentifier, !identifier.hasPrefix(appBundleIdentifier + ".") {
            throw plist.fault(.bundleIdentifierNotPrefixed, ["CFBundleIdentifier"],
                              "In \(plist.path), CFBundleIdentifier \"\(identifier)\" must begin with its app's identifier \"\(appBundleIdentifier).\".")
        }
        if plist.root["EXAppExtensionAttributes"] != nil {
            return try readAppIntentsExtension(plist, folder: folder, root: root, identifier: identifier,
                                               appBundleIdentifier: appBundleIdentifier, inProcess: infoPlist != nil)
        }
        let point = try plist.string(["NSExtension", "NSExtensionPointIdentifier"])
        guard point == intentsExtensionPoint else {
            let detail = point == intentsUIExtensionPoint
                ? "is an Intents UI extension, which this host does not run"
                : "is not \(intentsExtensionPoint)"
            throw plist.fault(.unsupportedExtensionPoint, ["NSExtension", "NSExtensionPointIdentifier"],
                              "In \(plist.path), NSExtension > NSExtensionPointIdentifier \"\(point)\" \(detail).")
        }
        let attributes = ["NSExtension", "NSExtensionAttributes"]
        _ = try plist.dictionary(attributes)
        let (library, libraryIdentity, compiled) = infoPlist == nil ? try libraryPath(plist, folder: folder, root: root) : (ExtensionBundle.inProcessPath, "", nil)
        var appIntents = try AppIntentsDeclaration.read(plist, attributes: attributes)
        // Without the plist's list (Xcode writes none), the build's metadata declares them.
        if appIntents.isEmpty, let compiled { appIntents = try AppIntentsDeclaration.compiled(compiled, plist: plist, library: library) }
        // An extension with only App Intents needs no INExtension subclass of its own.
        let principal = try appIntents.isEmpty || plist.optionalString(["NSExtension", "NSExtensionPrincipalClass"]) != nil
            ? plist.string(["NSExtension", "NSExtensionPrincipalClass"]) : AppIntentsDeclaration.defaultPrincipalClass
        guard AppIntentsDeclaration.isModuleQualified(principal) else {
            throw plist.fault(.invalidValue, ["NSExtension", "NSExtensionPrincipalClass"],
                              "In \(plist.path), NSExtension > NSExtensionPrincipalClass \(principal.quotedForDisplay) must be module-qualified, like \"MyIntents.IntentHandler\".")
        }
        let supported = try plist.names(attributes + ["IntentsSupported"], as: .typeName) ?? []
        guard !supported.isEmpty || !appIntents.isEmpty else {
            throw plist.fault(.missingKey, attributes + ["IntentsSupported"],
                              "In \(plist.path), NSExtension > NSExtensionAttributes > IntentsSupported must list at least one intent (or AppIntents one App Intent).")
        }
        if let both = appIntents.names.first(where: supported.contains) {
            throw plist.fault(.invalidValue, attributes + ["AppIntents"],
                              "In \(plist.path), NSExtension > NSExtensionAttributes > AppIntents names \(both), which IntentsSupported lists too; an intent is either a SiriKit intent or an App Intent.")
        }
        let locked = try restrictedSubset(plist, attributes + ["IntentsRestrictedWhileLocked"], of: supported)
        let protected = try restrictedSubset(plist, attributes + ["IntentsRestrictedWhileProtectedDataUnavailable"], of: supported)
        let name = try plist.optionalString(["CFBundleDisplayName"]) ?? (folder as NSString).lastPathComponent
        let entitlements = try Entitlements.read(in: folder)
        if let appBundleIdentifier { try entitlements.checkGroupsBelong(to: appBundleIdentifier) }
        return ExtensionBundle(path: folder, bundleIdentifier: identifier, displayName: name, principalClass: principal,
                               libraryPath: library, intentsSupported: supported, restrictedWhileLocked: locked,
                               restrictedWhileProtectedDataUnavailable: protected, appBundleIdentifier: appBundleIdentifier,
                               entitlements: entitlements, requestedLimits: try requestedLimits(plist), resolvedPath: root,
                               libraryIdentity: libraryIdentity, appIntents: appIntents,
                               compiledAppIntents: compiled.flatMap { appIntents.matches($0) ? $0 : nil })
    }

    /// An App Intents extension as Xcode writes it (`EXAppExtensionAttributes` >
    /// `EXExtensionPointIdentifier` `com.apple.appintents-extension`, an ExtensionKit bundle):
    /// its App Intents are those its library's compiled metadata declares, and it has no
    /// SiriKit intents nor principal class of its own.
    private static func readAppIntentsExtension(_ plist: PropertyListFile, folder: String, root: String, identifier: String,
                                                appBundleIdentifier: String?, inProcess: Bool) throws -> ExtensionBundle {
        let pointKey = ["EXAppExtensionAttributes", "EXExtensionPointIdentifier"]
        let point = try plist.string(pointKey)
        guard point == appIntentsExtensionPoint else {
            throw plist.fault(.unsupportedExtensionPoint, pointKey,
                              "In \(plist.path), EXAppExtensionAttributes > EXExtensionPointIdentifier \(point.quotedForDisplay) is not \(appIntentsExtensionPoint), the one ExtensionKit extension point this host runs.")
        }
        let (library, libraryIdentity, compiled) = inProcess ? (ExtensionBundle.inProcessPath, "", nil) : try libraryPath(plist, folder: folder, root: root)
        guard let compiled else {
            throw plist.fault(.appIntentsMetadata, ["CFBundleExecutable"],
                              "\(library), the library of the App Intents extension \(identifier), has no compiled App Intents metadata (its \(CompiledAppIntents.sectionName) section); build its targets with the AppIntentsMetadata plugin.")
        }
        let appIntents = try AppIntentsDeclaration.compiled(compiled, plist: plist, library: library)
        let name = try plist.optionalString(["CFBundleDisplayName"]) ?? plist.optionalString(["CFBundleName"]) ?? (folder as NSString).lastPathComponent
        let entitlements = try Entitlements.read(in: folder)
        if let appBundleIdentifier { try entitlements.checkGroupsBelong(to: appBundleIdentifier) }
        return ExtensionBundle(path: folder, bundleIdentifier: identifier, displayName: name,
                               principalClass: AppIntentsDeclaration.defaultPrincipalClass, libraryPath: library, intentsSupported: [],
                               appBundleIdentifier: appBundleIdentifier, entitlements: entitlements, requestedLimits: nil,
                               resolvedPath: root, libraryIdentity: libraryIdentity, appIntents: appIntents, compiledAppIntents: compiled)
    }

    /// The App Intents metadata compiled into the library open at `descriptor` (the file the
    /// scan checked, never reopened by its path), at `library`; nil when it has none.
    /// - Throws: `BundleFault` (`.appIntentsMetadata`) naming the library when it cannot be read.
    private static func compiledAppIntents(_ plist: PropertyListFile, descriptor: Int32, library: String) throws -> CompiledAppIntentsLibrary? {
        do {
            guard let records = try CompiledAppIntentsSection.records(inLibrary: descriptor), !records.isEmpty else { return nil }
            let merged = try CompiledAppIntentsLibrary.merge(records)
            return merged.metadata.intents.isEmpty ? nil : merged
        } catch let failure as CompiledAppIntentsSection.Failure {
            throw plist.fault(.appIntentsMetadata, ["CFBundleExecutable"],
                              "The compiled App Intents metadata of \(library) cannot be used: \(failure.reason).")
        }
    }

    /// The real path of a bundle folder; inside `appFolder` when given (an extension folder
    /// that is a symlink out of its app is refused).
    static func resolvedFolder(_ folder: String, inside appFolder: String?) throws -> String {
        guard let real = RealPath.of(folder) else {
            throw BundleFault(.unreadableFolder, path: folder, "\(folder) cannot be resolved: \(String(cString: strerror(errno))).")
        }
        if let appFolder, !RealPath.isInside(real, appFolder) {
            throw BundleFault(.bundleOutsideApp, path: folder,
                              "\(folder) resolves to \(real.quotedForDisplay), outside its app \(appFolder.quotedForDisplay); an extension must live inside its app.")
        }
        return real
    }

    private static func restrictedSubset(_ plist: PropertyListFile, _ keyPath: [String], of supported: [String]) throws -> [String] {
        let restricted = try plist.names(keyPath, as: .typeName) ?? []
        let strays = restricted.filter { !supported.contains($0) }
        guard strays.isEmpty else {
            throw plist.fault(.restrictedIntentsNotSupportedByExtension, keyPath,
                              "In \(plist.path), \(keyPath.joined(separator: " > ")) lists \(strays.joined(separator: ", ")), which IntentsSupported does not (restrictedIntentsNotSupportedByExtension).")
        }
        return restricted
    }

    /// The library named by `CFBundleExecutable`: that file, or `lib<name>.so`, in the bundle;
    /// its real path, which must be a regular ELF file inside the bundle's real path `root`.
    /// The library's real path, its identity (`LibraryIdentity`) as scanned, and the App Intents
    /// metadata compiled into it, read from the very file checked.
    private static func libraryPath(_ plist: PropertyListFile, folder: String, root: String) throws -> (String, String, CompiledAppIntentsLibrary?) {
        let executable = try plist.name(["CFBundleExecutable"], as: .executable)
        let names = [executable, "lib" + executable + ".so"]
        for name in names {
            switch BundleFile.open(folder + "/" + name, inside: root, elf: true) {
            case .success(let file):
                defer { close(file.descriptor) }
                return (file.realPath, LibraryIdentity.of(descriptor: file.descriptor) ?? "",
                        try compiledAppIntents(plist, descriptor: file.descriptor, library: file.realPath))
            case .failure(.missing):
                continue
            case .failure(let problem):
                let notLibrary: Bool = if case .truncated = problem { true } else { problem == .notELF }
                throw plist.fault(notLibrary ? .notASharedLibrary : .libraryOutsideBundle, ["CFBundleExecutable"],
                                  "\(folder)/\(name), named by CFBundleExecutable \(executable.quotedForDisplay) in \(plist.path), \(problem.clause).")
            }
        }
        throw plist.fault(.missingLibrary, ["CFBundleExecutable"],
                          "In \(plist.path), CFBundleExecutable \(executable.quotedForDisplay) names a library that is not in the bundle (looked for \(names.joined(separator: " and "))).")
    }
}
