import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import Testing

/// The policy is a pure value: computed from the bundle, its app's entitlements and the host's limits.
@Suite struct SandboxPolicyTests {
    let layout = ContainerLayout(stateFolder: "/state")

    func bundle(network: Bool = false, limits: SandboxPolicy.Limits? = nil) -> ExtensionBundle {
        ExtensionBundle(path: "/apps/A.app/PlugIns/AIntents.appex", bundleIdentifier: "com.example.A.Intents", displayName: "A",
                        principalClass: "AIntents.IntentHandler", libraryPath: "/apps/A.app/PlugIns/AIntents.appex/libAIntents.so",
                        intentsSupported: ["INSendMessageIntent"], appBundleIdentifier: "com.example.A",
                        entitlements: Entitlements(networkClient: network), requestedLimits: limits)
    }

    func app(groups: [String]) -> AppBundle {
        AppBundle(path: "/apps/A.app", bundleIdentifier: "com.example.A", displayName: "A",
                  entitlements: Entitlements(applicationGroups: groups), extensions: [bundle()])
    }

    @Test func writableOnlyTheContainerAndEntitledGroups() {
        let policy = SandboxPolicy.forExtension(bundle(), app: app(groups: ["group.a"]), layout: layout, limits: .standard,
                                                runtimeFolders: ["/opt/swift/lib"])
        let writable = policy.paths.filter(\.write).map(\.path)
        #expect(writable == ["/dev/null", "/state/Containers/com.example.A.Intents", "/state/AppGroups/group.a"])
        #expect(policy.paths.contains(SandboxPolicy.PathRule(path: "/opt/swift/lib", execute: true)))
        #expect(policy.paths.contains(SandboxPolicy.PathRule(path: "/apps/A.app/PlugIns/AIntents.appex", execute: true,
                                                             descriptor: SandboxPolicy.bundleFolderDescriptor)))
        #expect(!policy.paths.contains { $0.path == "/etc" || $0.path == "/state" || $0.path.hasPrefix("/etc/passwd") })
        #expect(policy.environment["HOME"] == "/state/Containers/com.example.A.Intents")
        #expect(policy.environment["INTENTS_APP_GROUP_CONTAINERS"] == #"{"group.a":"/state/AppGroups/group.a"}"#)
        #expect(!policy.allowNetwork)
        #expect(policy.confine)
    }

    @Test func networkOnlyWithTheEntitlement() {
        #expect(SandboxPolicy.forExtension(bundle(network: true), app: nil, layout: layout, limits: .standard).allowNetwork)
    }

    @Test func extensionMayAskForLessNeverMore() {
        let asked = SandboxPolicy.Limits(memoryBytes: 64 << 20, cpuSeconds: 600, openFiles: 32, processes: UInt64.max)
        let limits = SandboxPolicy.forExtension(bundle(limits: asked), app: nil, layout: layout, limits: .standard).limits
        #expect(limits == SandboxPolicy.Limits(memoryBytes: 64 << 20, cpuSeconds: 60, openFiles: 32, processes: 4096))
    }

    @Test func requiredLayersAreNamedWhenMissing() {
        var report = ConfinementReport()
        #expect(report.missingRequiredLayers == ["resource limits", "dropped capabilities", "no_new_privs", "Landlock", "seccomp"])
        report.resourceLimits = true
        report.capabilitiesDropped = true
        report.noNewPrivileges = true
        report.landlockABI = 7
        report.seccomp = true
        #expect(report.missingRequiredLayers == [])
    }
}

@Suite struct EntitlementFaultTests {
    let folder = TemporaryFolder()

    func scan(appEntitlements: Any? = nil, extensionEntitlements: Any? = nil, limits: Any? = nil) throws -> BundleCatalog {
        let writer = BundleWriter(appsFolder: folder.path)
        let app = try writer.app("A", identifier: "com.example.A")
        let appex = try writer.appex("AIntents", in: "A", identifier: "com.example.A.Intents", principalClass: "AIntents.IntentHandler",
                                     intents: ["INSendMessageIntent"], library: Package.library("MonkeyChatIntents")) { plist in
            guard let limits else { return }
            var ext = plist["NSExtension"] as! [String: Any]
            var attributes = ext["NSExtensionAttributes"] as! [String: Any]
            attributes["IntentsSandboxLimits"] = limits
            ext["NSExtensionAttributes"] = attributes
            plist["NSExtension"] = ext
        }
        if let appEntitlements { try writer.write(appEntitlements, to: app + "/A.entitlements", format: .xml) }
        if let extensionEntitlements { try writer.write(extensionEntitlements, to: appex + "/AIntents.entitlements", format: .xml) }
        return BundleScanner.scan(appsFolders: [folder.path])
    }

    @Test func entitlementsAreRead() throws {
        let catalog = try scan(appEntitlements: [Entitlements.applicationGroupsKey: ["group.com.example.a", "group.com.example.b"]],
                               extensionEntitlements: [Entitlements.networkClientKey: true],
                               limits: ["MemoryMegabytes": 128, "OpenFiles": 16])
        #expect(catalog.faults == [])
        #expect(catalog.apps.first?.entitlements.applicationGroups == ["group.com.example.a", "group.com.example.b"])
        #expect(catalog.extensions.first?.entitlements.networkClient == true)
        #expect(catalog.extensions.first?.requestedLimits?.memoryBytes == 128 << 20)
        #expect(catalog.extensions.first?.requestedLimits?.cpuSeconds == UInt64.max)
    }

    @Test func groupThatIsNotAGroupIsRefused() throws {
        let catalog = try scan(appEntitlements: [Entitlements.applicationGroupsKey: ["../../etc"]])
        #expect(catalog.apps.isEmpty)
        #expect(catalog.faults.map(\.message) == ["In \(folder.path)/A.app/A.entitlements, com.apple.security.application-groups \"../../etc\" does not begin with \"group.\" followed by a name."])
    }

    @Test func networkEntitlementMustBeABoolean() throws {
        let catalog = try scan(extensionEntitlements: [Entitlements.networkClientKey: "yes"])
        #expect(catalog.faults.map(\.message) == ["In \(folder.path)/A.app/PlugIns/AIntents.appex/AIntents.entitlements, com.apple.security.network.client must be a boolean."])
    }

    @Test func limitsMustBePositiveIntegers() throws {
        let catalog = try scan(limits: ["CPUSeconds": -1])
        #expect(catalog.faults.first?.key == "NSExtension > NSExtensionAttributes > IntentsSandboxLimits > CPUSeconds")
        #expect(catalog.faults.first?.message.hasSuffix("must be a positive integer.") == true)
    }
}
