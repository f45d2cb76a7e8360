import Crypto
import Foundation
@testable import HostBundles
import Testing

/// A kept scan is trusted by the fingerprint taken before the read: it is kept only when the
/// plists the read parsed are the bytes fingerprinted (the second review's finding: a plist
/// flipped through a mapping while a scan ran was kept under the other version's fingerprint).
@Suite struct ParsedPropertyListsTests {
    let folder = TemporaryFolder()

    func digest(_ text: String) -> [UInt8] { Array(SHA256.hash(data: Data(text.utf8))) }

    @Test func onlyThePlistsFingerprintedAgree() {
        let app = "/apps/A.app"
        let fingerprinted = ["Info.plist": digest("A"), "PlugIns/X.appex/Info.plist": digest("X")]
        let same = ParsedPropertyLists()
        same.record(app + "/Info.plist", Data("A".utf8))
        same.record(app + "/PlugIns/X.appex/Info.plist", Data("X".utf8))
        #expect(same.agree(with: fingerprinted, in: app))

        let flipped = ParsedPropertyLists()
        flipped.record(app + "/Info.plist", Data("B".utf8))
        #expect(!flipped.agree(with: fingerprinted, in: app))

        let unseen = ParsedPropertyLists()
        unseen.record(app + "/PlugIns/Y.appex/Info.plist", Data("Y".utf8))
        #expect(!unseen.agree(with: fingerprinted, in: app))

        let outside = ParsedPropertyLists()
        outside.record("/apps/A.application/Info.plist", Data("A".utf8))
        #expect(!outside.agree(with: ["lication/Info.plist": digest("A")], in: app))

        let twice = ParsedPropertyLists()
        twice.record(app + "/Info.plist", Data("B".utf8))
        twice.record(app + "/Info.plist", Data("A".utf8))
        #expect(!twice.agree(with: fingerprinted, in: app))
    }

    /// A scan records every plist it parses, by the path it read, with the digest the
    /// fingerprint holds for that file.
    @Test func aScanRecordsWhatItParsesAsTheFingerprintHashesIt() throws {
        let writer = BundleWriter(appsFolder: folder.path)
        let app = try writer.app("A", identifier: "com.example.A")
        try writer.appex("AIntents", in: "A", identifier: "com.example.A.Intents", principalClass: "AIntents.IntentHandler",
                         intents: ["INSendMessageIntent"], library: Package.library("MonkeyChatIntents"))
        let fingerprint = try #require(AppFolderFingerprint.taken(app, now: Date().timeIntervalSince1970 + 3_600))
        let parsed = ParsedPropertyLists()
        let (read, faults) = ParsedPropertyLists.$current.withValue(parsed) { BundleScanner.readApp(at: app) }
        #expect(read != nil && faults.isEmpty)
        #expect(parsed.agree(with: fingerprint.digests, in: app))
        try Data("<plist><dict/></plist>".utf8).write(to: URL(fileURLWithPath: app + "/Info.plist"))
        #expect(!parsed.agree(with: try #require(AppFolderFingerprint.taken(app, now: Date().timeIntervalSince1970 + 3_600)).digests, in: app))
    }
}
