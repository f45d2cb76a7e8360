import ExtensionProtocol
import Foundation

/// What a bundle's entitlements file (`<Name>.entitlements`, a plist beside its Info.plist) grants.
public struct Entitlements: Codable, Hashable, Sendable {
    /// `com.apple.security.application-groups`: the app groups whose containers may be opened.
    public var applicationGroups: [String] = []
    /// `com.apple.security.network.client`: outgoing network connections.
    public var networkClient = false

    /// The entitlements file these came from, if any.
    public var file: String?

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
        entitlements.file = plist.path
        entitlements.applicationGroups = try plist.names([applicationGroupsKey], as: .appGroup) ?? []
        if let network = plist.root[networkClientKey] {
            guard let flag = network as? Bool else {
                throw plist.fault(.wrongType, [networkClientKey], "In \(plist.path), \(networkClientKey) must be a boolean.")
            }
            entitlements.networkClient = flag
        }
        return entitlements
    }
}

extension Entitlements {
    /// App groups are owned: a group `group.<a>.<b>...` may be claimed only by bundles whose
    /// identifier begins with the same developer `<a>.<b>`, as Apple's groups carry their
    /// team's prefix. So `group.com.example.chat` belongs to `com.example.*` apps alone.
    /// - Throws: `BundleFault` (`.foreignAppGroup`) naming the file, the group and both developers.
    func checkGroupsBelong(to bundleIdentifier: String) throws {
        let developer = BundleName.developer(ofBundleIdentifier: bundleIdentifier)
        for group in applicationGroups where BundleName.developer(ofAppGroup: group) != developer || developer == nil {
            let path = file ?? "its entitlements"
            let owner = BundleName.developer(ofAppGroup: group).map { "developer \($0)" } ?? "no developer (it needs two components after group.)"
            let claimant = developer.map { "developer \($0)" } ?? "no developer (its identifier has one component)"
            throw BundleFault(.foreignAppGroup, path: path, key: Self.applicationGroupsKey,
                              "In \(path), \(Self.applicationGroupsKey) lists \(group.quotedForDisplay), which belongs to \(owner), but \(bundleIdentifier) is of \(claimant).")
        }
    }
}

extension ExtensionBundleReader {
    /// `NSExtensionAttributes > IntentsSandboxLimits`: an extension may ask for lower limits
    /// (`MemoryMegabytes`, `CPUSeconds`, `OpenFiles`, `Processes`, `FileSizeMegabytes`,
    /// `Threads`), never higher ones. A value past what 64 bits hold asks for nothing lower.
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
            let (scaled, overflow) = UInt64(count).multipliedReportingOverflow(by: scale)
            return overflow ? UInt64.max : scaled
        }
        return SandboxPolicy.Limits(memoryBytes: try number("MemoryMegabytes", scale: 1 << 20), cpuSeconds: try number("CPUSeconds"),
                                    openFiles: try number("OpenFiles"), processes: try number("Processes"),
                                    fileSizeBytes: try number("FileSizeMegabytes", scale: 1 << 20), threads: try number("Threads"))
    }
}
