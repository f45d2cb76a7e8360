import ExtensionProtocol

/// Something wrong with a bundle, found without running its code: one sentence naming the
/// file and the key. A faulty bundle is skipped; the others keep working. (`intentClassNotFound`,
/// found by `intents apps` and `validate` in the library's metadata, leaves the bundle in place.)
public struct BundleFault: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable, Codable {
        case missingInfoPlist, malformedPropertyList, missingKey, wrongType, invalidValue
        case unsupportedExtensionPoint, restrictedIntentsNotSupportedByExtension
        case missingLibrary, notASharedLibrary, bundleIdentifierNotPrefixed, duplicateBundleIdentifier
        case unreadableFolder
        /// A name (identifier, executable, group, activity type, intent) that `BundleName` refuses.
        case invalidName
        /// A library that resolves outside its bundle, or is not a regular file.
        case libraryOutsideBundle
        /// A plist that resolves outside its bundle, or is not a regular file.
        case fileOutsideBundle
        /// An extension folder that resolves outside its app.
        case bundleOutsideApp
        /// An app group claimed by an app of another developer.
        case foreignAppGroup
        /// An app's `CFBundleExecutable` that is the same file (device and inode) as another
        /// app's, which had it first (or is new with it).
        case sharedExecutable
        /// An `IntentsSupported` entry that no class in the bundle's libraries provides.
        case intentClassNotFound
        /// The App Intents metadata the extension gave could not be had or is not usable.
        case appIntentsMetadata
        /// More App Shortcuts in one app than the 10 allowed.
        case tooManyAppShortcuts
        /// An App Shortcut phrase that does not say the app's name (`.applicationName`).
        case phraseWithoutApplicationName
        /// An App Shortcut phrase with more than one parameter, or one that is not an entity or enum.
        case phraseParameter
        /// An App Shortcut phrase another app's App Shortcut has too.
        case duplicatePhrase
    }

    public var code: Code
    /// The file or folder at fault.
    public var path: String
    /// The plist key at fault, when there is one.
    public var key: String?
    public var message: String

    public init(_ code: Code, path: String, key: String? = nil, _ message: String) {
        self.code = code
        self.path = path
        self.key = key
        self.message = message
    }

    public var description: String { message }
}

/// Several apps' extensions support one intent. None is chosen for the others: a request
/// names the app (`--app`, or the app a phrase or shortcut belongs to), or the user is asked
/// which one, as Siri asks which app to use.
public struct IntentConflict: Hashable, Sendable, CustomStringConvertible {
    public var intent: String
    /// The extensions that support it, in discovery order.
    public var extensions: [String]
    /// Their bundle folders, in the same order.
    public var paths: [String]

    public init(intent: String, extensions: [String], paths: [String]) {
        self.intent = intent
        self.extensions = extensions
        self.paths = paths
    }

    /// Each extension with its folder: `com.example.A.Intents ("/apps/A.app/PlugIns/...")`.
    public var claimants: [String] {
        zip(extensions, paths).map { "\($0) (\($1.quotedForDisplay))" }
    }

    public var description: String {
        "\(intent) is supported by \(claimants.dropLast().joined(separator: ", ")) and \(claimants.last ?? ""); each request must say which app."
    }
}
