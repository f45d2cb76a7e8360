import Foundation
import SiriKitDomains

/// Finds `IntentsSupported` entries that no class provides, from the extension library's Swift
/// metadata, without running it: a custom intent whose class is in no library of the bundle,
/// or a system intent the SDK has no class for yet. `intents apps` and `intents validate`
/// report them; the bundle stays usable for its other intents.
public enum IntentClassCheck {
    /// The faults of every extension in `catalog`.
    public static func faults(in catalog: BundleCatalog) -> [BundleFault] {
        catalog.extensions.flatMap(faults(for:))
    }

    /// The faults of one extension: none when its libraries cannot be read (then nothing is known).
    public static func faults(for bundle: ExtensionBundle) -> [BundleFault] {
        let plist = bundle.path + "/Info.plist"
        let keyPath = "NSExtension > NSExtensionAttributes > IntentsSupported"
        var faults: [BundleFault] = []
        var custom: [String] = []
        for intent in bundle.intentsSupported where SiriKitDomain.intentsByName[intent] == nil {
            guard SiriKitDomain.policies[intent] != nil else {
                custom.append(intent)
                continue
            }
            faults.append(BundleFault(.intentClassNotFound, path: plist, key: keyPath,
                                      "\(plist) lists \(intent) in IntentsSupported, but the SDK has no \(intent) class yet, so no extension can handle it."))
        }
        guard !custom.isEmpty else { return faults }
        let libraries = libraryPaths(of: bundle).compactMap { path in LibraryTypeNames(path: path).map { (path, $0) } }
        guard !libraries.isEmpty else { return faults }
        let names = libraries.map { URL(fileURLWithPath: $0.0).lastPathComponent }.joined(separator: ", ")
        for intent in custom where !libraries.contains(where: { $0.1.hasClass(named: intent) }) {
            faults.append(BundleFault(.intentClassNotFound, path: plist, key: keyPath,
                                      "\(plist) lists \(intent) in IntentsSupported, but no class named \(intent) is in \(names): generate it from its .intentdefinition file or declare it, or remove the entry."))
        }
        return faults
    }

    /// The extension's library, then any other shared library directly in its folder (a
    /// framework it carries), in name order.
    static func libraryPaths(of bundle: ExtensionBundle) -> [String] {
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: bundle.resolvedPath)) ?? [])
            .filter { $0.hasSuffix(".so") }.sorted().map { bundle.resolvedPath + "/" + $0 }
        return [bundle.libraryPath] + others.filter { $0 != bundle.libraryPath }.prefix(16)
    }
}
