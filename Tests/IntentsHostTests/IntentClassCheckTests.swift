import Foundation
import HostBundles
import IntentsHost
import Testing

/// `IntentsSupported` entries checked against the classes in the extension's library, read from
/// its Swift metadata without loading it.
@Suite struct IntentClassCheckTests {
    let apps = TemporaryFolder()
    let scratch = TemporaryFolder()

    @Test func aLibrarysClassesAreReadFromItsMetadata() throws {
        let library = try #require(LibraryTypeNames(path: Package.library("SharedFrameworkIntents")))
        // The extension's own class, and the generated intent class of the framework it links.
        #expect(library.classes.contains(.init(module: "SharedFrameworkIntents", name: "IntentHandler")))
        #expect(library.classes.contains(.init(module: "SharedGreetings", name: "SharedGreetIntent")))
        #expect(library.hasClass(named: "INSendMessageIntent"), "the SDK is linked into every extension")
        #expect(!library.hasClass(named: "OrderPizzaIntent"))
    }

    @Test func anEntryNoClassProvidesIsReportedAndTheOthersPass() async throws {
        let writer = BundleWriter(appsFolder: apps.path)
        try writer.app("Greetings", identifier: "com.example.Greetings")
        let appex = try writer.appex("SharedFrameworkIntents", in: "Greetings", identifier: "com.example.Greetings.Intents",
                                     principalClass: "SharedFrameworkIntents.IntentHandler",
                                     intents: ["SharedGreetIntent", "INSendMessageIntent", "ShoutIntent", "INBookRestaurantReservationIntent"],
                                     library: Package.library("SharedFrameworkIntents"))
        let run = try await runProgram(Package.cli, ["validate", apps.path + "/Greetings.app"])
        #expect(run.status == 1)
        #expect(run.output.contains("\(appex)/Info.plist lists ShoutIntent in IntentsSupported, but no class named ShoutIntent is in libSharedFrameworkIntents.so"))
        #expect(run.output.contains("lists INBookRestaurantReservationIntent in IntentsSupported, but the SDK has no INBookRestaurantReservationIntent class yet"))
        #expect(!run.output.contains("lists SharedGreetIntent"))
        #expect(!run.output.contains("lists INSendMessageIntent"))

        // `apps` reports it too, and keeps the extension for its other intents.
        let listed = try await runProgram(Package.cli, ["--apps", apps.path, "apps", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any])
        let faults = try #require(json["faults"] as? [[String: Any]])
        #expect(faults.compactMap { $0["code"] as? String } == ["intentClassNotFound", "intentClassNotFound"])
        #expect(faults.first?["key"] as? String == "NSExtension > NSExtensionAttributes > IntentsSupported")
        #expect((json["apps"] as? [[String: Any]])?.count == 1)
    }

    /// The library is hostile input: non-ELF files, truncated and corrupted libraries give
    /// nothing or a partial answer, never a crash; a bundle with an unreadable library is not
    /// reported, since nothing is known.
    @Test func damagedLibrariesAreReadSafely() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Package.library("SharedFrameworkIntents")))
        let path = scratch.path + "/lib.so"
        // Written without the fsync `Data.write(to:)` does: 200 of those held a thread of the
        // concurrency pool for seconds.
        func read(_ data: Data) throws -> LibraryTypeNames? {
            try #require(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.write(contentsOf: data)
            try handle.close()
            return LibraryTypeNames(path: path)
        }
        #expect(try read(Data()) == nil)
        #expect(try read(Data("#!/bin/sh\necho hi\n".utf8)) == nil)
        #expect(try read(original.prefix(64)) == nil)
        #expect(try read(original.prefix(original.count / 2)) == nil, "the section table is at the end")
        var generator = SplitMix(seed: 42)
        for _ in 0..<200 {
            var damaged = original
            for _ in 0..<64 {
                let index = Int(generator.next() % UInt64(damaged.count))
                damaged[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            // Read from the file in blocks, as from memory byte for byte: the same answer.
            #expect(try read(damaged)?.classes == LibraryTypeNames(bytes: [UInt8](damaged))?.classes)
        }
        // Section and program header tables pointing anywhere.
        var headers = original
        for offset in [0x20, 0x28] {
            headers.replaceSubrange(offset..<offset + 8, with: [0xF0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
            #expect(try read(headers) == nil)
        }
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/link.so", withDestinationPath: Package.library("SharedFrameworkIntents"))
        #expect(LibraryTypeNames(path: scratch.path + "/link.so") == nil, "a symlink is not followed")
    }
}

/// A small deterministic random number generator, so that a failure repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
