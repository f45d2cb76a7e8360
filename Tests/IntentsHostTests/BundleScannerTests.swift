import Foundation
import HostBundles
import IntentsHost
import Testing

@Suite struct BundleScannerTests {
    let folder = TemporaryFolder()
    var writer: BundleWriter { BundleWriter(appsFolder: folder.path) }
    let library = Package.library("MonkeyChatIntents")

    /// Scans a folder holding one app `A` (com.example.A) with one extension built by `edit`.
    func scanOneExtension(format: BundleWriter.Format = .xml, library: String? = Package.library("MonkeyChatIntents"),
                          edit: (inout [String: Any]) -> Void = { _ in }) throws -> BundleCatalog {
        try writer.app("A", identifier: "com.example.A")
        try writer.appex("AIntents", in: "A", identifier: "com.example.A.Intents", principalClass: "AIntents.IntentHandler",
                         intents: ["INSendMessageIntent"], library: library, format: format, edit: edit)
        return BundleScanner.scan(appsFolders: [folder.path])
    }

    var plistPath: String { "\(folder.path)/A.app/PlugIns/AIntents.appex/Info.plist" }

    @Test func sampleBundlesAreValidAndRouted() throws {
        let catalog = BundleScanner.scan(appsFolders: [try sampleAppsFolder(folder)])
        #expect(catalog.faults == [])
        #expect(catalog.apps.map(\.bundleIdentifier) == ["com.example.Meditation", "com.example.MonkeyChat", "com.example.Pizza",
                                                         "com.example.SandboxTester"])
        #expect(catalog.apps[3].entitlements.applicationGroups == ["group.com.example.sandboxtester"])
        #expect(catalog.routes["INSendMessageIntent"]?.bundleIdentifier == "com.example.MonkeyChat.Intents")
        #expect(catalog.routes["OrderPizzaIntent"]?.principalClass == "PizzaIntents.IntentHandler")
        #expect(catalog.routes["INSendMessageIntent"]?.restrictedWhileLocked == ["INSendMessageIntent"])
    }

    @Test func binaryPropertyListsAreRead() throws {
        let catalog = try scanOneExtension(format: .binary)
        #expect(catalog.faults == [])
        #expect(catalog.extensions.map(\.bundleIdentifier) == ["com.example.A.Intents"])
    }

    @Test func malformedPlistIsNamed() throws {
        _ = try scanOneExtension()
        try Data("<plist><dict><key>oops".utf8).write(to: URL(fileURLWithPath: plistPath))
        let fault = try #require(BundleScanner.scan(appsFolders: [folder.path]).faults.first)
        #expect(fault.code == .malformedPropertyList)
        #expect(fault.message.hasPrefix("\(plistPath) is not a valid property list (XML or binary)"))
    }

    /// Only what Xcode writes is parsed: an OpenStep plist would reach a parser that prints its
    /// complaints on the host's stderr.
    @Test func aPlistNeitherXMLNorBinaryIsRefusedUnparsed() throws {
        _ = try scanOneExtension()
        try Data("{ CFBundleIdentifier = \"com.example.A.Intents\"; }".utf8).write(to: URL(fileURLWithPath: plistPath))
        let fault = try #require(BundleScanner.scan(appsFolders: [folder.path]).faults.first)
        #expect(fault.message == "\(plistPath) is not a property list in XML or binary form.")
        try Data([0xEF, 0xBB, 0xBF] + Array("  \n<?xml version=\"1.0\"?><plist><dict/></plist>".utf8)).write(to: URL(fileURLWithPath: plistPath))
        #expect(BundleScanner.scan(appsFolders: [folder.path]).faults.first?.message.contains("not a property list in XML or binary form") == false)
    }

    @Test func plistThatIsNotADictionaryIsRefused() throws {
        _ = try scanOneExtension()
        try writer.write(["a", "b"], to: plistPath, format: .xml)
        let faults = BundleScanner.scan(appsFolders: [folder.path]).faults
        #expect(faults == [BundleFault(.malformedPropertyList, path: plistPath, "\(plistPath) must hold a dictionary at its top level.")])
    }

    @Test func missingPlistIsNamed() throws {
        _ = try scanOneExtension()
        try FileManager.default.removeItem(atPath: plistPath)
        let faults = BundleScanner.scan(appsFolders: [folder.path]).faults
        #expect(faults.map(\.message) == ["\(plistPath) does not exist or cannot be read."])
    }

    @Test(arguments: [
        ("CFBundleIdentifier", "lacks the key CFBundleIdentifier."),
        ("CFBundleExecutable", "lacks the key CFBundleExecutable."),
    ])
    func missingTopLevelKeyIsNamed(key: String, sentence: String) throws {
        let catalog = try scanOneExtension { $0.removeValue(forKey: key) }
        #expect(catalog.faults.map(\.message) == ["\(plistPath) \(sentence)"])
        #expect(catalog.faults.first?.key == key)
        #expect(catalog.apps.first?.extensions == [])
    }

    @Test func otherExtensionPointIsRefused() throws {
        let catalog = try scanOneExtension { plist in
            var ext = plist["NSExtension"] as! [String: Any]
            ext["NSExtensionPointIdentifier"] = "com.apple.intents-ui-service"
            plist["NSExtension"] = ext
        }
        #expect(catalog.faults.map(\.message) == ["In \(plistPath), NSExtension > NSExtensionPointIdentifier \"com.apple.intents-ui-service\" is an Intents UI extension, which this host does not run."])
        #expect(catalog.faults.first?.code == .unsupportedExtensionPoint)
    }

    @Test func principalClassMustBeModuleQualified() throws {
        let catalog = try scanOneExtension { plist in
            var ext = plist["NSExtension"] as! [String: Any]
            ext["NSExtensionPrincipalClass"] = "IntentHandler"
            plist["NSExtension"] = ext
        }
        #expect(catalog.faults.map(\.message) == ["In \(plistPath), NSExtension > NSExtensionPrincipalClass \"IntentHandler\" must be module-qualified, like \"MyIntents.IntentHandler\"."])
    }

    @Test func missingPrincipalClassIsNamed() throws {
        let catalog = try scanOneExtension { plist in
            var ext = plist["NSExtension"] as! [String: Any]
            ext.removeValue(forKey: "NSExtensionPrincipalClass")
            plist["NSExtension"] = ext
        }
        #expect(catalog.faults.map(\.message) == ["\(plistPath) lacks the key NSExtension > NSExtensionPrincipalClass."])
    }

    func attributes(_ change: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
        { plist in
            var ext = plist["NSExtension"] as! [String: Any]
            var attributes = ext["NSExtensionAttributes"] as! [String: Any]
            change(&attributes)
            ext["NSExtensionAttributes"] = attributes
            plist["NSExtension"] = ext
        }
    }

    @Test func emptyIntentsSupportedIsRefused() throws {
        let catalog = try scanOneExtension(edit: attributes { $0["IntentsSupported"] = [String]() })
        #expect(catalog.faults.map(\.message) == ["In \(plistPath), NSExtension > NSExtensionAttributes > IntentsSupported must list at least one intent (or AppIntents one App Intent)."])
    }

    @Test func intentsSupportedOfTheWrongTypeIsRefused() throws {
        let catalog = try scanOneExtension(edit: attributes { $0["IntentsSupported"] = "INSendMessageIntent" })
        #expect(catalog.faults.map(\.message) == ["In \(plistPath), NSExtension > NSExtensionAttributes > IntentsSupported must be an array of strings."])
        #expect(catalog.faults.first?.code == .wrongType)
    }

    @Test(arguments: ["IntentsRestrictedWhileLocked", "IntentsRestrictedWhileProtectedDataUnavailable"])
    func restrictedIntentsMustBeSupported(key: String) throws {
        let catalog = try scanOneExtension(edit: attributes { $0[key] = ["INSendMessageIntent", "INStartCallIntent"] })
        #expect(catalog.faults.first?.code == .restrictedIntentsNotSupportedByExtension)
        #expect(catalog.faults.map(\.message) == ["In \(plistPath), NSExtension > NSExtensionAttributes > \(key) lists INStartCallIntent, which IntentsSupported does not (restrictedIntentsNotSupportedByExtension)."])
    }

    @Test func missingLibraryIsNamed() throws {
        let catalog = try scanOneExtension(library: nil)
        #expect(catalog.faults.map(\.message) == ["In \(plistPath), CFBundleExecutable \"AIntents\" names a library that is not in the bundle (looked for AIntents and libAIntents.so)."])
        #expect(catalog.faults.first?.code == .missingLibrary)
    }

    @Test func libraryThatIsNotELFIsRefused() throws {
        let text = folder.path + "/not-a-library.txt"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
        let catalog = try scanOneExtension(library: text)
        #expect(catalog.faults.first?.code == .notASharedLibrary)
        #expect(catalog.faults.first?.message.hasSuffix("is not an ELF shared library.") == true)
    }

    @Test func extensionIdentifierMustExtendTheAppIdentifier() throws {
        let catalog = try scanOneExtension { $0["CFBundleIdentifier"] = "org.other.Intents" }
        #expect(catalog.faults.map(\.message) == ["In \(plistPath), CFBundleIdentifier \"org.other.Intents\" must begin with its app's identifier \"com.example.A.\"."])
    }

    @Test func badExtensionIsSkippedAndItsSiblingKept() throws {
        try writer.app("A", identifier: "com.example.A")
        try writer.appex("Good", in: "A", identifier: "com.example.A.Good", principalClass: "Good.IntentHandler",
                         intents: ["INSendMessageIntent"], library: library)
        try writer.appex("Bad", in: "A", identifier: "com.example.A.Bad", principalClass: "Bad.IntentHandler",
                         intents: ["OrderPizzaIntent"], library: nil)
        let catalog = BundleScanner.scan(appsFolders: [folder.path])
        #expect(catalog.extensions.map(\.bundleIdentifier) == ["com.example.A.Good"])
        #expect(catalog.faults.count == 1)
        #expect(catalog.routes.keys.sorted() == ["INSendMessageIntent"])
    }

    @Test func contestedIntentIsRoutedToNoOneWhateverTheFolderOrder() throws {
        let second = TemporaryFolder()
        try writer.app("A", identifier: "com.example.A")
        try writer.appex("AIntents", in: "A", identifier: "com.example.A.Intents", principalClass: "A.I",
                         intents: ["INSendMessageIntent"], library: library)
        let other = BundleWriter(appsFolder: second.path)
        try other.app("B", identifier: "com.example.B")
        try other.appex("BIntents", in: "B", identifier: "com.example.B.Intents", principalClass: "B.I",
                        intents: ["INSendMessageIntent", "OrderPizzaIntent"], library: library)
        for order in [[second.path, folder.path], [folder.path, second.path]] {
            let catalog = BundleScanner.scan(appsFolders: order)
            #expect(catalog.conflicts.map(\.intent) == ["INSendMessageIntent"])
            #expect(Set(catalog.conflicts.first?.extensions ?? []) == ["com.example.A.Intents", "com.example.B.Intents"])
            #expect(catalog.conflicts.first?.description.contains("com.example.A.Intents (\"\(folder.path)/A.app/PlugIns/AIntents.appex\")") == true)
            #expect(catalog.routes["INSendMessageIntent"] == nil)
            #expect(catalog.claims["INSendMessageIntent"]?.count == 2)
            #expect(catalog.routes["OrderPizzaIntent"]?.bundleIdentifier == "com.example.B.Intents")
        }
    }

    @Test func duplicateAppIdentifierIsAFaultOfEveryBundleWhateverTheOrder() throws {
        let second = TemporaryFolder()
        try writer.app("A", identifier: "com.example.A")
        try BundleWriter(appsFolder: second.path).app("Copy", identifier: "com.example.A")
        for order in [[folder.path, second.path], [second.path, folder.path]] {
            let catalog = BundleScanner.scan(appsFolders: order)
            #expect(catalog.apps.isEmpty)
            #expect(catalog.faults.map(\.code) == [.duplicateBundleIdentifier, .duplicateBundleIdentifier])
            #expect(Set(catalog.faults.map(\.message)) == [
                "In \(folder.path)/A.app/Info.plist, CFBundleIdentifier \"com.example.A\" is also used by \"\(second.path)/Copy.app\"; no bundle with this identifier is used until only one remains.",
                "In \(second.path)/Copy.app/Info.plist, CFBundleIdentifier \"com.example.A\" is also used by \"\(folder.path)/A.app\"; no bundle with this identifier is used until only one remains.",
            ])
        }
    }

    @Test func unreadableAppsFolderIsReported() {
        let catalog = BundleScanner.scan(appsFolders: [folder.path + "/missing"])
        #expect(catalog.faults.map(\.message) == ["The apps folder \"\(folder.path)/missing\" cannot be read."])
    }

    @Test func validateTakesAnAppexAnAppOrAPlist() throws {
        _ = try scanOneExtension()
        let appex = "\(folder.path)/A.app/PlugIns/AIntents.appex"
        #expect(BundleScanner.validate(path: appex).extensions.map(\.bundleIdentifier) == ["com.example.A.Intents"])
        #expect(BundleScanner.validate(path: appex + "/Info.plist").faults == [])
        #expect(BundleScanner.validate(path: "\(folder.path)/A.app").extensions.count == 1)
        #expect(BundleScanner.validate(path: folder.path).apps.count == 1)
    }
}
