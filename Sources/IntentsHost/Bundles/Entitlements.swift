import ExtensionProtocol
import Foundation

/// What a bundle's entitlements file (`<Name>.entitlements`, a plist beside its Info.plist) grants.
public struct Entitlements: Hashable, Sendable {
    /// `com.apple.security.application-groups`: the app groups whose containers may be opened.
    public var applicationGroups: [String] = []
    /// `com.apple.security.network.client`: outgoing network connections.
    public var networkClient = false

    public static let applicationGroupsKey = "com.apple.security.application-groups"
    public static let networkClientKey = "com.apple.security.network.client"

    public init(applicationGroups: [String] = [], networkClient: Bool = false) {
        self.applicationGroups = applicationGroups
        self.networkClient = networkClient
    }

    /// Reads the one `*.entitlements` file in `folder`; none means no entitlements.
    /// - Throws: `BundleFault` naming the file and the key.
    static func read(in folder: String) throws -> Entitlements {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".entitlements") }.sorted()
        guard let file = files.first else { return Entitlements() }
        guard files.count == 1 else {
            throw BundleFault(.invalidValue, path: folder, "\(folder) has \(files.count) entitlements files (\(files.joined(separator: ", "))); keep one.")
        }
        let plist = try PropertyListFile(path: folder + "/" + file)
        var entitlements = Entitlements()
        entitlements.applicationGroups = try plist.strings([applicationGroupsKey]) ?? []
        for group in entitlements.applicationGroups where !group.hasPrefix("group.") || group.contains("/") || group.contains("..") {
            throw plist.fault(.invalidValue, [applicationGroupsKey],
                              "In \(plist.path), \(applicationGroupsKey) lists \"\(group)\", which is not of the form group.<name>.")
        }
        if let network = plist.root[networkClientKey] {
            guard let flag = network as? Bool else {
                throw plist.fault(.wrongType, [networkClientKey], "In \(plist.path), \(networkClientKey) must be a boolean.")
            }
            entitlements.networkClient = flag
        }
        return entitlements
    }
}

extension ExtensionBundleReader {
    /// `NSExtensionAttributes > IntentsSandboxLimits`: an extension may ask for lower limits
    /// (`MemoryMegabytes`, `CPUSeconds`, `OpenFiles`, `Processes`), never higher ones.
    static func requestedLimits(_ plist: PropertyListFile) throws -> SandboxPolicy.Limits? {
        let keyPath = ["NSExtension", "NSExtensionAttributes", "IntentsSandboxLimits"]
        guard let attributes = plist.root["NSExtension"] as? [String: Any],
              let inner = attributes["NSExtensionAttributes"] as? [String: Any], let value = inner["IntentsSandboxLimits"] else {
            return nil
        }
        guard let limits = value as? [String: Any] else {
            throw plist.fault(.wrongType, keyPath, "In \(plist.path), \(keyPath.joined(separator: " > ")) must be a dictionary.")
        }
        func number(_ key: String, scale: UInt64 = 1) throws -> UInt64 {
            guard let raw = limits[key] else { return UInt64.max }
            guard let count = raw as? Int, count > 0 else {
                throw plist.fault(.invalidValue, keyPath + [key], "In \(plist.path), \((keyPath + [key]).joined(separator: " > ")) must be a positive integer.")
            }
            return UInt64(count) * scale
        }
        return SandboxPolicy.Limits(memoryBytes: try number("MemoryMegabytes", scale: 1 << 20), cpuSeconds: try number("CPUSeconds"),
                                    openFiles: try number("OpenFiles"), processes: try number("Processes"))
    }
}
