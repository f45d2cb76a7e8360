import ExtensionProtocol
import Foundation
import SystemStore

/// An app bundle (`<App>.app/`): its identity, the names users say, and its extensions.
public struct AppBundle: Codable, Hashable, Sendable {
    public var path: String
    public var bundleIdentifier: String
    /// `CFBundleDisplayName`, else `CFBundleName`, else the folder name.
    public var displayName: String
    /// `INAlternativeAppNames` > `INAlternativeAppName`.
    public var alternativeNames: [String]
    public var siriUsageDescription: String?
    public var userActivityTypes: [String]
    /// The app's entitlements; its app groups are the ones its extensions may open.
    public var entitlements: Entitlements
    public var extensions: [ExtensionBundle]
    /// `CFBundleExecutable`: the program, inside the bundle, that continues user activities.
    public var executable: String?
    /// The executable file as scanned, when it is a regular file inside the app's folder: an app
    /// process running this very file is this app's (`intents serve` names it so). No two apps
    /// of a catalog have one file (`BundleFault.Code.sharedExecutable`).
    public var executableFile: FileIdentity?
    /// The app's `AppIntentVocabulary.plist`, when it has a valid one.
    public var vocabulary: AppIntentVocabulary?

    /// Every name users call the app by: the display name, then the alternative names.
    public var spokenNames: [String] { [displayName] + alternativeNames }

    /// Whether this stands for an extension validated on its own (`intents validate X.appex`):
    /// then there is no app plist, and the app's keys are unknown.
    public var isExtensionAlone: Bool { extensions.count == 1 && extensions[0].path == path }

    public init(path: String, bundleIdentifier: String, displayName: String, alternativeNames: [String] = [],
                siriUsageDescription: String? = nil, userActivityTypes: [String] = [], entitlements: Entitlements = Entitlements(),
                extensions: [ExtensionBundle], executable: String? = nil, executableFile: FileIdentity? = nil,
                vocabulary: AppIntentVocabulary? = nil) {
        self.executable = executable
        self.executableFile = executableFile
        self.vocabulary = vocabulary
        self.path = path
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.alternativeNames = alternativeNames
        self.siriUsageDescription = siriUsageDescription
        self.userActivityTypes = userActivityTypes
        self.entitlements = entitlements
        self.extensions = extensions
    }
}

/// An Intents or App Intents extension bundle (`<Extension>.appex/`), read from its `Info.plist`
/// and its library's compiled App Intents metadata, without loading the library.
public struct ExtensionBundle: Codable, Hashable, Sendable {
    public var path: String
    /// The bundle folder as the kernel resolves it (`realpath(3)`): the one folder of the
    /// bundle the sandbox opens, and the folder its library must lie in.
    public var resolvedPath: String
    public var bundleIdentifier: String
    public var displayName: String
    /// `NSExtensionPrincipalClass`, module-qualified: `MonkeyChatIntents.IntentHandler`.
    public var principalClass: String
    /// The shared library named by `CFBundleExecutable`: its real path, inside `resolvedPath`.
    public var libraryPath: String
    public var intentsSupported: [String]
    public var restrictedWhileLocked: [String]
    public var restrictedWhileProtectedDataUnavailable: [String]
    /// The containing app's bundle identifier; nil for an extension validated on its own.
    public var appBundleIdentifier: String?
    /// The extension's own entitlements (network client access).
    public var entitlements: Entitlements
    /// Lower sandbox limits the extension asked for in its plist, if any.
    public var requestedLimits: SandboxPolicy.Limits?
    /// The library file as scanned (device, inode, size, modification and change times): a
    /// library replaced in place makes another bundle, whose processes must not be reused. The
    /// change time is the kernel's, which the file's owner cannot set back.
    public var libraryIdentity: String
    /// The App Intents the plist declares (`AppIntents`, `AppShortcutsProvider`), or, when it
    /// lists none, those the library's compiled metadata declares.
    public var appIntents: AppIntentsDeclaration
    /// The App Intents metadata the build compiled into the library, as scanned (read again
    /// from the bytes that run, `SealedLibrary`); nil when it has none or it declares other
    /// intents than `appIntents`.
    public var compiledAppIntents: CompiledAppIntentsLibrary?

    public init(path: String, bundleIdentifier: String, displayName: String, principalClass: String, libraryPath: String,
                intentsSupported: [String], restrictedWhileLocked: [String] = [],
                restrictedWhileProtectedDataUnavailable: [String] = [], appBundleIdentifier: String?,
                entitlements: Entitlements = Entitlements(), requestedLimits: SandboxPolicy.Limits? = nil,
                resolvedPath: String? = nil, libraryIdentity: String = "", appIntents: AppIntentsDeclaration = AppIntentsDeclaration(),
                compiledAppIntents: CompiledAppIntentsLibrary? = nil) {
        self.libraryIdentity = libraryIdentity
        self.appIntents = appIntents
        self.compiledAppIntents = compiledAppIntents
        self.path = path
        self.resolvedPath = resolvedPath ?? path
        self.bundleIdentifier = bundleIdentifier
        self.displayName = displayName
        self.principalClass = principalClass
        self.libraryPath = libraryPath
        self.intentsSupported = intentsSupported
        self.restrictedWhileLocked = restrictedWhileLocked
        self.restrictedWhileProtectedDataUnavailable = restrictedWhileProtectedDataUnavailable
        self.appBundleIdentifier = appBundleIdentifier
        self.entitlements = entitlements
        self.requestedLimits = requestedLimits
    }
}

/// What discovery found in the apps folders: usable bundles, the routing table, and every
/// fault and conflict, each already worded for the user.
public struct BundleCatalog: Sendable {
    public var apps: [AppBundle] = []
    public var faults: [BundleFault] = []
    public var conflicts: [IntentConflict] = []
    /// Intent name to the one extension that supports it; an intent several support is in
    /// `conflicts` instead.
    public var routes: [String: ExtensionBundle] = [:]
    /// Intent name to every extension that supports it, in discovery order.
    public var claims: [String: [ExtensionBundle]] = [:]

    public init() {}

    /// Every usable extension, app by app.
    public var extensions: [ExtensionBundle] { apps.flatMap(\.extensions) }

    /// The app that contains `extensionBundle`.
    public func app(containing extensionBundle: ExtensionBundle) -> AppBundle? {
        apps.first { $0.extensions.contains(extensionBundle) }
    }
}

extension AppBundle {
    /// The name of the folder at `path` (a real path) without its extension (`Pizza` for
    /// `/Apps/Pizza.app`), as `NSString`'s `lastPathComponent` and `deletingPathExtension` give
    /// it, with no bridging (finding an app by name does it for every app on each request).
    public static func folderName(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard trimmed != "/" else { return "/" }
        let last = trimmed.split(separator: "/").last ?? trimmed
        // A leading dot names a hidden file, not an extension.
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return String(last) }
        return String(last[..<dot])
    }
}

extension BundleCatalog {
    /// The app called `name`: by its bundle identifier, its display name, an alternative name
    /// or its folder name, ignoring case and punctuation in names. Nothing wins by order: when
    /// the text is one app's identifier and another's name, or several apps' name, it is refused.
    /// - Throws: `HostError` (`.usage`) listing the installed apps when none is called so, or
    ///   listing the bundle identifiers when several answer to the name.
    public func app(named name: String) throws -> AppBundle {
        let wanted = PhraseText.normalized(name)
        let found = apps.filter { app in
            app.bundleIdentifier == name
                || (app.spokenNames + [AppBundle.folderName(of: app.path)]).contains { PhraseText.normalized($0) == wanted }
        }
        guard found.count <= 1 else {
            let listed = found.map { "\($0.bundleIdentifier) (\($0.bundleIdentifier == name ? "its identifier" : "its name"))" }
            let advice = found.contains { $0.bundleIdentifier == name }
                ? "one of them takes another's identifier as its name; remove or rename it"
                : "name one by its bundle identifier"
            throw HostError(.usage, "\(found.count) apps answer to \(name.quotedForDisplay): \(listed.joined(separator: ", ")); \(advice).")
        }
        guard let app = found.first else {
            let known = apps.map(\.displayName.quotedForDisplay).joined(separator: ", ")
            throw HostError(.usage, "No app is called \(name.quotedForDisplay); installed apps: \(known.isEmpty ? "none" : known).")
        }
        return app
    }

    /// The app with this bundle identifier.
    public func app(identifier: String) -> AppBundle? {
        apps.first { $0.bundleIdentifier == identifier }
    }

    /// Why no extension can take `intent`: none supports it, with the intents some do support
    /// and a word on skipped faulty bundles.
    package func noExtension(for intent: String) -> HostError {
        let known = claims.keys.sorted()
        let listing = known.isEmpty ? "no extension is installed" : "supported intents: \(known.joined(separator: ", "))"
        let skipped = faults.isEmpty ? "" : " (\(faults.count) faulty bundle(s) were skipped; `intents apps` says why)"
        return HostError(.noExtension, "No extension supports \(intent); \(listing)\(skipped).")
    }
}
