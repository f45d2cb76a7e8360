import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import Testing
import TestPrograms

/// App Intents known from the metadata a build compiled into the library (the
/// `intents_appintents` section), without running the extension, and Xcode's App Intents
/// extension layout. Libraries are the real Echo fixture with a section written in by
/// `objcopy`, so that each test says exactly what the build declared, hostile sections included.
@Suite struct CompiledAppIntentsTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()
    let work = TemporaryFolder()

    static let echo = "EchoIntents.EchoAppIntent"
    static let locked = "EchoIntents.LockedEchoAppIntent"
    static let asking = "EchoIntents.AskingEchoAppIntent"

    /// What a build of the Echo fixture declares: its three App Intents, with what only a build
    /// sees (a description), and an App Shortcut.
    static func echoRecord(edit: (inout CompiledAppIntents) -> Void = { _ in }) -> CompiledAppIntents {
        let text = AppParameterSchema(name: "text", title: "Text", kind: .string)
        var optional = text
        optional.isOptional = true
        var record = CompiledAppIntents(module: "EchoIntents", metadata: AppIntentsMetadata(
            intents: [
                AppIntentSchema(name: "EchoAppIntent", typeName: echo, title: "Echo", description: "Says the text back.",
                                parameters: [text], parameterSummary: "Echo ${text}", returnType: AppValueTypeSchema(kind: .string)),
                AppIntentSchema(name: "LockedEchoAppIntent", typeName: locked, title: "Echo while unlocked",
                                authenticationPolicy: .requiresAuthentication, parameters: [optional]),
                AppIntentSchema(name: "AskingEchoAppIntent", typeName: asking, title: "Echo after asking", parameters: [optional]),
            ],
            shortcuts: [AppShortcutSchema(intent: echo, phrases: ["Echo with ${applicationName}"], shortTitle: "Echo", systemImageName: "speaker.wave.2")]),
            shortcutsProvider: "EchoIntents.EchoShortcuts")
        edit(&record)
        return record
    }

    /// The Echo library has no AppShortcutsProvider type: a record the extension is asked about
    /// names none.
    static func dropShortcuts(_ record: inout CompiledAppIntents) {
        record.shortcutsProvider = nil
        record.metadata.shortcuts = []
    }

    /// A copy of the Echo library whose `intents_appintents` section holds exactly `bytes`.
    func library(section bytes: [UInt8], base: String = Package.library("EchoIntents")) async throws -> String {
        let sectionFile = work.path + "/section-\(UUID().uuidString)"
        let output = work.path + "/lib-\(UUID().uuidString).so"
        try Data(bytes).write(to: URL(fileURLWithPath: sectionFile))
        // Spawned as the suite spawns its programs: Foundation's Process.run() on this toolchain
        // now and then crashes a test process with as many descriptors as this suite's.
        let ending = try await SpawnedProgram.run("/usr/bin/objcopy", ["--remove-section", CompiledAppIntents.sectionName,
                                                                       "--add-section", "\(CompiledAppIntents.sectionName)=\(sectionFile)", base, output])
        try #require(ending.status == 0, "objcopy failed: \(String(decoding: ending.stderr, as: UTF8.self))")
        return output
    }

    func library(_ records: [CompiledAppIntents]) async throws -> String {
        // Zeros between records, as a linker's alignment leaves them.
        try await library(section: records.flatMap { $0.sectionBytes + [UInt8](repeating: 0, count: 8) })
    }

    /// Echo.app with its extension as Xcode builds it: `Extensions/EchoIntents.appex`, a plist
    /// with `EXAppExtensionAttributes` and no Linux key, and `library`.
    func installXcodeLayout(_ library: String) throws {
        let writer = BundleWriter(appsFolder: apps.path)
        try writer.app("Echo", identifier: "com.example.Echo")
        let folder = apps.path + "/Echo.app/Extensions/EchoIntents.appex"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try writer.write([
            "CFBundleIdentifier": "com.example.Echo.EchoIntents", "CFBundleExecutable": "EchoIntents", "CFBundleName": "EchoIntents",
            "CFBundlePackageType": "XPC!", "CFBundleInfoDictionaryVersion": "6.0", "CFBundleVersion": "1",
            "CFBundleShortVersionString": "1.0", "CFBundleSupportedPlatforms": ["iPhoneOS"], "MinimumOSVersion": "17.0",
            "UIDeviceFamily": [1, 2], "DTPlatformName": "iphoneos",
            "EXAppExtensionAttributes": ["EXExtensionPointIdentifier": "com.apple.appintents-extension"],
        ] as [String: Any], to: folder + "/Info.plist", format: .xml)
        try DevelopmentBundles.place(library, at: folder + "/libEchoIntents.so")
    }

    func intents(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runProgram(Package.cli, ["--apps", apps.path, "--state", state.path] + arguments,
                             environment: ["INTENTS_NO_SERVER": "1", "HOME": state.path, "PATH": "/usr/bin:/bin"])
    }

    static func json(_ output: String) throws -> [String: Any] {
        let line = try #require(output.split(separator: "\n").last { $0.hasPrefix("{") }, "no JSON in:\n\(output)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    // MARK: Records and their merge, as data

    @Test func recordsOfSeveralModulesMergeAndTheirBareNamesResolve() throws {
        let entity = AppEntitySchema(typeName: "ShopKit.Item", displayName: "Item",
                                     properties: [AppEntityPropertySchema(name: "aisle", title: "Aisle", type: AppValueTypeSchema(kind: .entity, typeName: "Aisle"))])
        let shared = CompiledAppIntents(module: "ShopKit", metadata: AppIntentsMetadata(
            entities: [entity], enums: [AppEnumSchema(typeName: "ShopKit.Aisle", displayName: "Aisle", cases: [AppEnumCase(identifier: "dairy", title: "Dairy")])]))
        let own = CompiledAppIntents(module: "ShopIntents", metadata: AppIntentsMetadata(
            intents: [AppIntentSchema(name: "BuyIntent", typeName: "ShopIntents.BuyIntent", title: "Buy",
                                      parameters: [AppParameterSchema(name: "item", title: "Item", kind: .entity, typeName: "Item"),
                                                   AppParameterSchema(name: "aisle", title: "Aisle", kind: .entity, typeName: "Aisle"),
                                                   AppParameterSchema(name: "thing", title: "Thing", kind: .entity, typeName: "Unknown")],
                                      returnType: AppValueTypeSchema(kind: .entity, typeName: "Item", isList: true))],
            shortcuts: [AppShortcutSchema(intent: "BuyIntent", phrases: ["Buy with ${applicationName}"])]),
            shortcutsProvider: "ShopIntents.Shortcuts")
        let bytes = own.sectionBytes + [0, 0, 0, 0, 0, 0, 0, 0] + shared.sectionBytes
        let merged = try CompiledAppIntentsLibrary.merge(try CompiledAppIntents.records(inSection: bytes))
        let intent = try #require(merged.metadata.intents.first)
        #expect(intent.parameters.map(\.typeName) == ["ShopKit.Item", "ShopKit.Aisle", "Unknown"])
        #expect(intent.parameters.map(\.kind) == [.entity, .enumeration, .entity])
        #expect(intent.unavailableReason == "Its parameter thing is a Unknown, which the library describes as no App Entity or App Enum.")
        #expect(intent.returnType == AppValueTypeSchema(kind: .entity, typeName: "ShopKit.Item", isList: true))
        #expect(merged.metadata.entities.first?.properties.first?.type == AppValueTypeSchema(kind: .enumeration, typeName: "ShopKit.Aisle"))
        #expect(merged.metadata.shortcuts.first?.intent == "ShopIntents.BuyIntent")
        #expect(merged.shortcutsProvider == "ShopIntents.Shortcuts")
        #expect(merged.isComplete)
    }

    /// Every field of the metadata, set, survives the section's coding (the same wire coding
    /// an extension's description crosses the channel in).
    @Test func aRecordWithEveryFieldSetRoundTrips() throws {
        let parameter = AppParameterSchema(name: "quantity", title: "Quantity", kind: .integer, isOptional: true, isList: false, hasDefault: true,
                                           requestValueDialog: "How many?", description: "How many to add.",
                                           requestDisambiguationDialog: "Which amount?", minimum: 1, maximum: 99)
        let intent = AppIntentSchema(name: "AddIntent", typeName: "Shop.AddIntent", title: "Add", description: "Adds it.",
                                     authenticationPolicy: .requiresLocalDeviceAuthentication, openAppWhenRun: true, parameters: [parameter],
                                     isDiscoverable: false, parameterSummary: "Add ${quantity}",
                                     returnType: AppValueTypeSchema(kind: .entity, typeName: "Shop.Item", isOptional: true, isList: true),
                                     unavailableReason: "Not here.", customIntentClassName: "AddIntentIntent")
        let entity = AppEntitySchema(typeName: "Shop.Item", displayName: "Item", matchesStrings: true, isEnumerable: true,
                                     properties: [AppEntityPropertySchema(name: "name", title: "Name", type: AppValueTypeSchema(kind: .string))],
                                     isTransient: true)
        let record = CompiledAppIntents(module: "Shop", metadata: AppIntentsMetadata(
            intents: [intent], entities: [entity], enums: [AppEnumSchema(typeName: "Shop.Size", displayName: "Size", cases: [AppEnumCase(identifier: "s", title: "Small")])],
            shortcuts: [AppShortcutSchema(intent: "Shop.AddIntent", phrases: ["Add with ${applicationName}"], shortTitle: "Add", systemImageName: "plus")]),
            shortcutsProvider: "Shop.Shortcuts", unresolved: ["Shop.Other"])
        #expect(record.sectionBytes.count % 8 == 0)
        #expect(try CompiledAppIntents.records(inSection: record.sectionBytes) == [record])
    }

    @Test func twoProvidersOrTwoDifferentRecordsOfOneModuleAreRefused() throws {
        let first = CompiledAppIntents(module: "A", shortcutsProvider: "A.Shortcuts")
        let second = CompiledAppIntents(module: "B", shortcutsProvider: "B.Shortcuts")
        #expect(throws: CompiledAppIntentsSection.Failure(reason: "both \"A.Shortcuts\" and \"B.Shortcuts\" are AppShortcutsProviders; an app has one")) {
            try CompiledAppIntentsLibrary.merge([first, second])
        }
        var changed = first
        changed.unresolved = ["A.Thing"]
        #expect(throws: CompiledAppIntentsSection.Failure(reason: "it holds two different records for the module \"A\"")) {
            try CompiledAppIntentsLibrary.merge([first, changed])
        }
        // The same record twice (a module linked into two libraries that are merged) is one.
        #expect(try CompiledAppIntentsLibrary.merge([first, first]).shortcutsProvider == "A.Shortcuts")
    }

    @Test(arguments: [
        ("bytes that are not a record", Array("not a record at all".utf8), "holds bytes that are not a record at offset 0"),
        ("a length past the end", CompiledAppIntents.magic + [0xFF, 0xFF, 0, 0, 1, 2], "at offset 0 says it is 65535 bytes long"),
        ("a payload that does not decode", CompiledAppIntents.magic + [3, 0, 0, 0, 9, 9, 9], "larger than what follows"),
    ])
    func aSectionThatIsNotRecordsIsRefusedInOneSentence(what: String, bytes: [UInt8], clause: String) throws {
        do {
            _ = try CompiledAppIntents.records(inSection: bytes)
            Issue.record("\(what) was read as records")
        } catch let error as ProtocolError {
            #expect(error.message.contains(clause), "\(what): \(error.message)")
        }
    }

    // MARK: Xcode's layout, known without running

    @Test func anXcodeAppIntentsExtensionIsScannedFromItsCompiledMetadataAndRuns() async throws {
        try installXcodeLayout(try await library([Self.echoRecord()]))
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        #expect(catalog.faults.isEmpty, "\(catalog.faults)")
        let bundle = try #require(catalog.extensions.first)
        #expect(bundle.appIntents.typeNames == [Self.echo, Self.locked, Self.asking])
        #expect(bundle.appIntents.shortcutsProvider == "EchoIntents.EchoShortcuts")
        #expect(bundle.principalClass == "Intents.INExtension")
        #expect(bundle.intentsSupported.isEmpty)
        #expect(bundle.compiledAppIntents?.isComplete == true)

        // Locked before anything ran: what the build declared is listed at once.
        #expect(try await intents(["lock"]).status == 0)
        let listed = try await intents(["apps", "--json"])
        #expect(listed.status == 0, "\(listed.output)")
        let app = try #require((try Self.json(listed.output)["apps"] as? [[String: Any]])?.first)
        let described = try #require((app["extensions"] as? [[String: Any]])?.first?["appIntents"] as? [[String: Any]])
        #expect(described.map { $0["name"] as? String } == ["EchoAppIntent", "LockedEchoAppIntent", "AskingEchoAppIntent"])
        #expect(described.first?["description"] as? String == "Says the text back.")
        #expect(described.first?["parameterSummary"] as? String == "Echo ${text}")
        let plain = try await intents(["apps"])
        #expect(plain.output.contains("      Says the text back."), "\(plain.output)")
        #expect(plain.output.contains("      Summary: Echo [text]"), "\(plain.output)")
        let help = try await intents(["say", "What can I do with Echo"])
        #expect(help.output.contains("\"Echo with Echo\"  \u{2014} Says the text back."), "\(help.output)")
        // A lock policy known from the build judges it with no process: refused while locked.
        let refused = try await intents(["send", "LockedEchoAppIntent", "--param", "text=hi"])
        #expect(refused.status == 3, "\(refused.output)")

        #expect(try await intents(["unlock"]).status == 0)
        let sent = try await intents(["send", "EchoAppIntent", "--param", "text=compiled", "--json"])
        #expect(sent.status == 0, "\(sent.output)")
        #expect(try Self.json(sent.output)["dialog"] as? String == "compiled")
    }

    @Test func anXcodeExtensionWithoutCompiledMetadataIsAFaultNamingTheLibraryAndThePlugin() async throws {
        try installXcodeLayout(try await library(section: []))
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        let fault = try #require(catalog.faults.first)
        #expect(fault.code == .appIntentsMetadata)
        #expect(fault.message.contains("/Echo.app/Extensions/EchoIntents.appex/libEchoIntents.so"), "\(fault.message)")
        #expect(fault.message.hasSuffix("has no compiled App Intents metadata (its intents_appintents section); build its targets with the AppIntentsMetadata plugin."),
                "\(fault.message)")
    }

    @Test(arguments: [
        ("garbage", Array("garbage!".utf8) + [1, 2, 3, 4], "holds bytes that are not a record"),
        ("a lying length", CompiledAppIntents.magic + [0, 0, 0x10, 0], "says it is 1048576 bytes long"),
        ("two providers", CompiledAppIntents(module: "A", shortcutsProvider: "A.S").sectionBytes
            + CompiledAppIntents(module: "B", shortcutsProvider: "B.S").sectionBytes, "are AppShortcutsProviders; an app has one"),
        ("a system intent's name", CompiledAppIntents(module: "Evil", metadata: AppIntentsMetadata(intents: [
            AppIntentSchema(name: "INSendMessageIntent", typeName: "Evil.INSendMessageIntent", title: "Send")])).sectionBytes,
         "whose name is SiriKit's INSendMessageIntent"),
        ("a path for a name", CompiledAppIntents(module: "Evil", metadata: AppIntentsMetadata(intents: [
            AppIntentSchema(name: "x", typeName: "../../etc.x", title: "X")])).sectionBytes, "which is not a module-qualified type name"),
    ])
    func aHostileSectionIsAFaultOfItsBundleAlone(what: String, section: [UInt8], clause: String) async throws {
        try installXcodeLayout(try await library(section: section))
        let catalog = BundleScanner.scan(appsFolders: [apps.path])
        let fault = try #require(catalog.faults.first, "\(what) was accepted")
        #expect(fault.code == .appIntentsMetadata, "\(what)")
        #expect(fault.message.contains("libEchoIntents.so"), "\(what): \(fault.message)")
        #expect(fault.message.contains(clause), "\(what): \(fault.message)")
        #expect(catalog.extensions.isEmpty)
    }

    @Test func aSectionDeclaringMoreThanAnyAppIsRefusedBeforeItIsKept() async throws {
        let cases = (0...CompiledAppIntentsSection.maximumDeclarations).map { AppEnumCase(identifier: "c\($0)", title: "C") }
        let huge = CompiledAppIntents(module: "Evil", metadata: AppIntentsMetadata(
            intents: [AppIntentSchema(name: "EchoAppIntent", typeName: Self.echo, title: "Echo")],
            enums: [AppEnumSchema(typeName: "Evil.Many", displayName: "Many", cases: cases)]))
        try installXcodeLayout(try await library([huge]))
        let fault = try #require(BundleScanner.scan(appsFolders: [apps.path]).faults.first)
        #expect(fault.message.contains("section declares 20003 things, more than the 20000 any app has"), "\(fault.message)")
        let many = try await library(section: (0...CompiledAppIntentsSection.maximumRecords).flatMap { CompiledAppIntents(module: "M\($0)").sectionBytes })
        try FileManager.default.removeItem(atPath: apps.path + "/Echo.app")
        try installXcodeLayout(many)
        let records = try #require(BundleScanner.scan(appsFolders: [apps.path]).faults.first)
        #expect(records.message.contains("holds more than 64 records"), "\(records.message)")
    }

    @Test func aRecordThatDoesNotDecodeIsNamedInOneSentence() async throws {
        var bytes = Self.echoRecord().sectionBytes
        // The first intent's authentication policy, "alwaysAllowed", spelt otherwise.
        let policy = Array("alwaysAllowed".utf8)
        let at = try #require((0..<bytes.count - policy.count).first { Array(bytes[$0..<$0 + policy.count]) == policy })
        bytes.replaceSubrange(at..<at + policy.count, with: Array("sometimesAllo".utf8))
        try installXcodeLayout(try await library(section: bytes))
        let fault = try #require(BundleScanner.scan(appsFolders: [apps.path]).faults.first)
        #expect(fault.message.contains("cannot be used: the record at offset 0 of the section intents_appintents does not decode: \"sometimesAllo\" is not an authentication policy at byte "),
                "\(fault.message)")
        #expect(fault.message.hasSuffix(" of its payload."), "\(fault.message)")
        #expect(!fault.message.contains("frame body") && !fault.message.contains(".."), "\(fault.message)")
    }

    /// Text that reads otherwise than it is (a right-to-left override, an invisible space, a line
    /// separator) is refused: a title could pass for another's.
    @Test(arguments: ["Echo \u{202E}txet", "Ec\u{200B}ho", "Echo\u{2028}Two", "Echo \u{2066}x\u{2069}"])
    func aTitleThatReadsOtherwiseThanItIsIsRefused(title: String) async throws {
        try installXcodeLayout(try await library([Self.echoRecord { $0.metadata.intents[0].title = title }]))
        let listed = try await intents(["apps"])
        #expect(listed.output.contains("holds control or invisible characters"), "\(listed.output)")
        #expect(!listed.output.unicodeScalars.contains { [0x202E, 0x200B, 0x2028, 0x2066].contains($0.value) }, "\(listed.output)")
    }

    /// An emoji sequence's joiner is text, not a trick.
    @Test func aTitleWithAnEmojiSequenceIsKept() async throws {
        try installXcodeLayout(try await library([Self.echoRecord { $0.metadata.intents[0].description = "For the family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}" }]))
        let listed = try await intents(["apps", "--json"])
        #expect(listed.output.contains("For the family"), "\(listed.output)")
    }

    /// A FIFO where a library is looked for is refused at once, never opened to wait for a writer.
    @Test func aFIFOInPlaceOfALibraryIsNotWaitedOn() throws {
        let fifo = work.path + "/libFifo.so"
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(LibraryTypeNames(path: fifo) == nil)
    }

    /// Two bundles share one library: the honest description cached for one (a plist that lists
    /// only part of it) is no check of the other's compiled metadata, which the code contradicts.
    @Test func anotherBundlesCachedDescriptionDoesNotVouchForCompiledMetadata() async throws {
        let lying = try await library([Self.echoRecord { record in
            record.metadata.intents[1].authenticationPolicy = .alwaysAllowed
            Self.dropShortcuts(&record)
        }])
        let writer = BundleWriter(appsFolder: apps.path)
        try writer.app("Helper", identifier: "com.example.Helper")
        try writer.appex("EchoIntents", in: "Helper", identifier: "com.example.Helper.Intents", principalClass: "Intents.INExtension",
                         intents: [], library: lying) { plist in
            Self.setAppIntents(&plist, ["EchoIntents.EchoAppIntent"])
        }
        try installXcodeLayout(lying)
        let warm = try await intents(["send", "EchoAppIntent", "--app", "Helper", "--param", "text=warm"])
        #expect(warm.status == 0, "\(warm.output)")
        #expect(try await intents(["lock"]).status == 0)
        let sent = try await intents(["send", "LockedEchoAppIntent", "--param", "text=while locked"])
        #expect(sent.status == 5, "\(sent.output)")
        #expect(!sent.output.contains("unlocked: while locked"), "\(sent.output)")
        #expect(sent.output.contains("but its build compiled alwaysAllowed"), "\(sent.output)")
    }

    static func setAppIntents(_ plist: inout [String: Any], _ names: [String]) {
        var nsExtension = plist["NSExtension"] as! [String: Any]
        var attributes = nsExtension["NSExtensionAttributes"] as! [String: Any]
        attributes["AppIntents"] = names
        attributes["IntentsSupported"] = nil
        attributes["IntentsRestrictedWhileLocked"] = nil
        nsExtension["NSExtensionAttributes"] = attributes
        nsExtension["NSExtensionPrincipalClass"] = nil
        plist["NSExtension"] = nsExtension
    }

    // MARK: Host behaviour with real processes

    @Test func anIntentTheHostCannotCarryIsRefusedAloneTheOthersServe() async throws {
        try installXcodeLayout(try await library([Self.echoRecord { record in
            record.metadata.intents[2].unavailableReason = "Its parameter file is an IntentFile, which this host does not carry yet."
        }]))
        let refused = try await intents(["send", "AskingEchoAppIntent", "--param", "text=x"])
        #expect(refused.status != 0)
        #expect(refused.output.contains("AskingEchoAppIntent of com.example.Echo.EchoIntents cannot run on this host: Its parameter file is an IntentFile"),
                "\(refused.output)")
        let served = try await intents(["send", "EchoAppIntent", "--param", "text=still here", "--json"])
        #expect(served.status == 0, "\(served.output)")
        #expect(try Self.json(served.output)["dialog"] as? String == "still here")
        #expect(try await intents(["apps"]).output.contains("cannot run here: Its parameter file is an IntentFile"))
    }

    /// Listed and matched without running anything; that it still runs is the Groceries
    /// fixture's test (its code declares it so: a section here would disagree with Echo's code).
    @Test func anIntentThatIsNotDiscoverableHasNoPhrases() async throws {
        try installXcodeLayout(try await library([Self.echoRecord { record in
            record.metadata.intents[0].isDiscoverable = false
        }]))
        let listed = try await intents(["shortcuts", "list", "--json"])
        #expect(listed.status == 0, "\(listed.output)")
        #expect((try Self.json(listed.output)["appShortcuts"] as? [Any])?.isEmpty == true, "\(listed.output)")
        #expect(try await intents(["say", "Echo with Echo"]).status == 2)
        #expect(try await intents(["say", "What can I do with Echo"]).output.contains("This app has no App Shortcuts."))
        #expect(try await intents(["apps"]).output.contains("EchoAppIntent [App Intent, runs while locked, not discoverable]"))
    }

    /// With a declaration the build could not read, the extension is asked, and its answer is
    /// checked against what the build did read: a title that differs is a fault.
    @Test func anExtensionWhoseAnswerDisagreesWithItsBuildIsRefused() async throws {
        try installXcodeLayout(try await library([Self.echoRecord { record in
            record.metadata.intents[0].title = "Echo, as the build read it"
            record.unresolved = [Self.asking]
            Self.dropShortcuts(&record)
        }]))
        let sent = try await intents(["send", "EchoAppIntent", "--param", "text=x"])
        #expect(sent.status != 0)
        #expect(sent.output.contains("the extension describes EchoAppIntent with the title \"Echo\", but its build compiled \"Echo, as the build read it\""),
                "\(sent.output)")
    }

    /// Fully read by the build, the metadata is still checked once against the code that runs:
    /// before its first run, the process describes itself, and a section that the code does not
    /// bear out is a fault; agreeing, the check is kept for the library's bytes.
    @Test func compiledMetadataIsCheckedAgainstTheCodeBeforeItFirstRuns() async throws {
        try installXcodeLayout(try await library([Self.echoRecord { record in
            record.metadata.intents[1].authenticationPolicy = .alwaysAllowed
            Self.dropShortcuts(&record)
        }]))
        let sent = try await intents(["send", "LockedEchoAppIntent", "--param", "text=x"])
        #expect(sent.status != 0)
        #expect(sent.output.contains("the extension describes LockedEchoAppIntent with the authentication policy requiresAuthentication, but its build compiled alwaysAllowed"),
                "\(sent.output)")
        let store = try makeDispatcher([apps.path], state: state).openSystemStore()
        #expect(try store.appIntentsMetadataCount() == 0)

        try FileManager.default.removeItem(atPath: apps.path + "/Echo.app")
        try installXcodeLayout(try await library([Self.echoRecord(edit: Self.dropShortcuts)]))
        let served = try await intents(["send", "LockedEchoAppIntent", "--param", "text=y"])
        #expect(served.status == 0, "\(served.output)")
        #expect(try store.appIntentsMetadataCount() == 1)
    }

    /// The same, agreeing: the extension describes what it can, the build adds what only it sees.
    @Test func anUnresolvedDeclarationIsLearnedFromTheExtensionAndTheBuildAddsItsDescriptions() async throws {
        try installXcodeLayout(try await library([Self.echoRecord { record in
            record.unresolved = [Self.asking]
            Self.dropShortcuts(&record)
        }]))
        let sent = try await intents(["send", "EchoAppIntent", "--param", "text=both", "--json"])
        #expect(sent.status == 0, "\(sent.output)")
        let listed = try await intents(["apps"])
        #expect(listed.output.contains("      Says the text back."), "\(listed.output)")
    }
}
