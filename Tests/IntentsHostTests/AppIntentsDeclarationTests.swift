import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import Testing

/// How an extension declares its App Intents in its plist (`AppIntents`, `AppShortcutsProvider`
/// under `NSExtensionAttributes`), and each mistake refused in one sentence naming the file,
/// the key and the value, without running anything.
@Suite struct AppIntentsDeclarationTests {
    let apps = TemporaryFolder()
    var writer: BundleWriter { BundleWriter(appsFolder: apps.path) }

    func scan(format: BundleWriter.Format = .xml, _ edit: @escaping (inout [String: Any]) -> Void) throws -> BundleCatalog {
        try writer.app("Calm", identifier: "org.example.Calm")
        try writer.appex("CalmIntents", in: "Calm", identifier: "org.example.Calm.Intents", principalClass: "CalmIntents.Handler",
                         intents: [], library: Package.library("EchoIntents"), format: format) { plist in
            var nsExtension = plist["NSExtension"] as! [String: Any]
            var attributes = nsExtension["NSExtensionAttributes"] as! [String: Any]
            attributes["AppIntents"] = ["CalmKit.StartIntent", "CalmKit.StopIntent"]
            attributes["AppShortcutsProvider"] = "CalmKit.CalmShortcuts"
            nsExtension["NSExtensionAttributes"] = attributes
            plist["NSExtension"] = nsExtension
            edit(&plist)
        }
        return BundleScanner.scan(appsFolders: [apps.path])
    }

    static func editAttributes(_ plist: inout [String: Any], _ body: (inout [String: Any]) -> Void) {
        var nsExtension = plist["NSExtension"] as! [String: Any]
        var attributes = nsExtension["NSExtensionAttributes"] as! [String: Any]
        body(&attributes)
        nsExtension["NSExtensionAttributes"] = attributes
        plist["NSExtension"] = nsExtension
    }

    @Test(arguments: [BundleWriter.Format.xml, .binary])
    func anExtensionWithOnlyAppIntentsNeedsNoPrincipalClassAndRoutesByTheTypesOwnName(format: BundleWriter.Format) throws {
        let catalog = try scan(format: format) { plist in
            var nsExtension = plist["NSExtension"] as! [String: Any]
            nsExtension["NSExtensionPrincipalClass"] = nil
            plist["NSExtension"] = nsExtension
            Self.editAttributes(&plist) { $0["IntentsSupported"] = nil }
        }
        #expect(catalog.faults.isEmpty, "\(catalog.faults)")
        let bundle = try #require(catalog.extensions.first)
        #expect(bundle.principalClass == "Intents.INExtension")
        #expect(bundle.appIntents.names == ["StartIntent", "StopIntent"])
        #expect(bundle.appIntents.shortcutsProvider == "CalmKit.CalmShortcuts")
        #expect(catalog.routes["StartIntent"]?.bundleIdentifier == "org.example.Calm.Intents")
    }

    @Test(arguments: [
        ("a path", ["CalmKit/../../x.StartIntent"], "\"CalmKit/../../x.StartIntent\", which is not a module-qualified type name"),
        ("an unqualified name", ["StartIntent"], "\"StartIntent\", which is not a module-qualified type name"),
        ("two of one name", ["CalmKit.StartIntent", "OtherKit.StartIntent"], "two App Intents with the same name"),
        ("a SiriKit intent too", ["CalmKit.EchoIntent"], "names EchoIntent, which IntentsSupported lists too"),
    ])
    func aBadAppIntentsListIsAFaultNamingTheFileAndTheValue(what: String, names: [String], clause: String) throws {
        let catalog = try scan { plist in
            Self.editAttributes(&plist) {
                $0["AppIntents"] = names
                $0["IntentsSupported"] = ["EchoIntent"]
            }
        }
        let fault = try #require(catalog.faults.first, "\(what) was accepted")
        #expect(fault.message.contains(apps.path + "/Calm.app/PlugIns/CalmIntents.appex/Info.plist"), "\(what)")
        #expect(fault.message.contains(clause), "\(what): \(fault.message)")
        #expect(catalog.extensions.isEmpty)
    }

    @Test func aShortcutsProviderWithNoAppIntentOrABadNameIsAFault() throws {
        let bad = try scan { plist in Self.editAttributes(&plist) { $0["AppShortcutsProvider"] = "Calm Shortcuts" } }
        #expect(bad.faults.first?.message.contains("AppShortcutsProvider \"Calm Shortcuts\" is not a module-qualified type name") == true)
        let lonely = try scan { plist in
            Self.editAttributes(&plist) {
                $0["AppIntents"] = nil
                $0["IntentsSupported"] = ["EchoIntent"]
            }
        }
        #expect(lonely.faults.first?.message.contains("AppShortcutsProvider is set but NSExtension > NSExtensionAttributes > AppIntents lists no App Intent") == true)
    }
}
