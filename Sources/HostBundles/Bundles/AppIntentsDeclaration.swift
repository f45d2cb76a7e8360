import ExtensionProtocol
import SiriKitDomains

/// The App Intents an extension's plist declares, under `NSExtension` > `NSExtensionAttributes`:
///
/// ```xml
/// <key>AppIntents</key>
/// <array><string>MeditationKit.StartMeditationIntent</string></array>
/// <key>AppShortcutsProvider</key>
/// <string>MeditationKit.MeditationShortcuts</string>
/// ```
///
/// Each is a module-qualified Swift type name, checked as a name before it is used; the host
/// routes by the type's own name (`StartMeditationIntent`), and learns the rest (parameters,
/// entities, phrases) by asking the sandboxed extension once per library (`AppIntentsCatalog`).
public struct AppIntentsDeclaration: Codable, Hashable, Sendable {
    /// The `AppIntent` types, module-qualified, in plist order.
    public var typeNames: [String]
    /// The `AppShortcutsProvider` type, module-qualified.
    public var shortcutsProvider: String?

    public init(typeNames: [String] = [], shortcutsProvider: String? = nil) {
        self.typeNames = typeNames
        self.shortcutsProvider = shortcutsProvider
    }

    public var isEmpty: Bool { typeNames.isEmpty }

    /// The intents' own names, which route requests: `StartMeditationIntent`.
    public var names: [String] { typeNames.map(Self.shortName) }

    /// The type name for an intent's own name.
    public func typeName(of name: String) -> String? {
        typeNames.first { Self.shortName($0) == name }
    }

    /// The principal class of an extension with only App Intents: the SDK's own `INExtension`.
    static let defaultPrincipalClass = "Intents.INExtension"
    /// More App Intents than any app declares; a longer list is refused.
    static let maximumIntents = 256

    /// `MeditationKit.StartMeditationIntent` -> `StartMeditationIntent`.
    public static func shortName(_ typeName: String) -> String {
        String(typeName.split(separator: ".").last ?? "")
    }

    /// The SiriKit system intents' names, which no App Intent may take.
    static let systemIntentNames: Set<String> = Set(SiriKitDomain.policies.values.map(\.name))

    /// `Module.Type`: two Swift identifiers.
    static func isModuleQualified(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return parts.count == 2 && parts.allSatisfy { BundleName.isValid($0, as: .typeName) }
    }

    /// Reads and checks the declaration.
    /// - Throws: `BundleFault` naming the file, the key and the value.
    static func read(_ plist: PropertyListFile, attributes: [String]) throws -> AppIntentsDeclaration {
        let key = attributes + ["AppIntents"]
        let typeNames = try plist.strings(key) ?? []
        let providerKey = attributes + ["AppShortcutsProvider"]
        let provider = try plist.optionalString(providerKey)
        let source = "In \(plist.path), \(key.joined(separator: " > "))"
        try check(typeNames, source: source) { plist.fault(.invalidValue, key, $0) }
        if let provider {
            guard isModuleQualified(provider) else {
                throw plist.fault(.invalidValue, providerKey,
                                  "In \(plist.path), \(providerKey.joined(separator: " > ")) \(provider.quotedForDisplay) is not a module-qualified type name like \"MyIntents.MyShortcuts\".")
            }
            guard !typeNames.isEmpty else {
                throw plist.fault(.missingKey, key,
                                  "In \(plist.path), \(providerKey.joined(separator: " > ")) is set but \(key.joined(separator: " > ")) lists no App Intent for its shortcuts to run.")
            }
        }
        return AppIntentsDeclaration(typeNames: typeNames, shortcutsProvider: provider)
    }

    /// The declaration of the App Intents `compiled` describes (the build's metadata, read
    /// from `library`), checked as the plist's list is.
    /// - Throws: `BundleFault` (`.appIntentsMetadata`) naming the library and the name.
    static func compiled(_ compiled: CompiledAppIntentsLibrary, plist: PropertyListFile, library: String) throws -> AppIntentsDeclaration {
        let typeNames = compiled.metadata.intents.map(\.typeName)
        let source = "The compiled App Intents metadata of \(library)"
        try check(typeNames, source: source) { plist.fault(.appIntentsMetadata, ["CFBundleExecutable"], $0) }
        if let provider = compiled.shortcutsProvider, !isModuleQualified(provider) {
            throw plist.fault(.appIntentsMetadata, ["CFBundleExecutable"],
                              "\(source) names the AppShortcutsProvider \(provider.quotedForDisplay), which is not a module-qualified type name.")
        }
        return AppIntentsDeclaration(typeNames: typeNames, shortcutsProvider: compiled.shortcutsProvider)
    }

    /// Whether `compiled` declares exactly these intents and this provider.
    public func matches(_ compiled: CompiledAppIntentsLibrary) -> Bool {
        Set(typeNames) == Set(compiled.metadata.intents.map(\.typeName)) && shortcutsProvider == compiled.shortcutsProvider
    }

    /// Checks a list of App Intent type names: at most `maximumIntents`, module-qualified, no
    /// system intent's name, no two with one name. `source` opens each sentence.
    private static func check(_ typeNames: [String], source: String, fault: (String) -> BundleFault) throws {
        guard typeNames.count <= maximumIntents else {
            throw fault("\(source) lists \(typeNames.count) App Intents, more than \(maximumIntents).")
        }
        for name in typeNames where !isModuleQualified(name) {
            throw fault("\(source) lists \(name.quotedForDisplay), which is not a module-qualified type name like \"MyIntents.StartMeditationIntent\".")
        }
        if let system = typeNames.first(where: { systemIntentNames.contains(shortName($0)) }) {
            throw fault("\(source) lists \(system.quotedForDisplay), whose name is SiriKit's \(shortName(system)); an App Intent may not take a system intent's name (nor its lock policy).")
        }
        var seen: [String: String] = [:]
        for name in typeNames {
            if let earlier = seen[shortName(name)] {
                throw fault("\(source) lists \(earlier.quotedForDisplay) and \(name.quotedForDisplay), two App Intents with the same name.")
            }
            seen[shortName(name)] = name
        }
    }
}
