/// Something wrong with a bundle, found without running its code: one sentence naming the
/// file and the key. A faulty bundle is skipped; the others keep working.
public struct BundleFault: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable, Codable {
        case missingInfoPlist, malformedPropertyList, missingKey, wrongType, invalidValue
        case unsupportedExtensionPoint, restrictedIntentsNotSupportedByExtension
        case missingLibrary, notASharedLibrary, bundleIdentifierNotPrefixed, duplicateBundleIdentifier
        case unreadableFolder
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

/// Two extensions claim one intent. Resolved deterministically: the extension found first
/// wins (apps folders in the order given, bundle folders in name order within each).
public struct IntentConflict: Hashable, Sendable, CustomStringConvertible {
    public var intent: String
    public var chosen: String
    public var ignored: String

    public init(intent: String, chosen: String, ignored: String) {
        self.intent = intent
        self.chosen = chosen
        self.ignored = ignored
    }

    public var description: String {
        "\(intent) is supported by both \(chosen) and \(ignored); \(chosen) handles it and \(ignored) is ignored for it."
    }
}
