import ExtensionProtocol
import Foundation
import Testing

/// `RealPath.linkTarget`: a link's target as stored, and nothing for what is not one or is not UTF-8.
@Suite final class LinkTargetTests {
    let folder: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/link-target-XXXXXX").utf8CString)
        folder = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func aLinkGivesItsTargetAsStored() throws {
        try #require(symlink("../elsewhere/intents", folder + "/link") == 0)
        #expect(RealPath.linkTarget(folder + "/link") == "../elsewhere/intents")
        #expect(RealPath.linkTarget("/proc/self/ns/pid")?.hasPrefix("pid:[") == true)
        #expect(RealPath.linkTarget("/proc/self/exe")?.hasPrefix("/") == true)
    }

    @Test func whatIsNoLinkGivesNothing() throws {
        try Data().write(to: URL(fileURLWithPath: folder + "/file"))
        #expect(RealPath.linkTarget(folder + "/file") == nil)
        #expect(RealPath.linkTarget(folder + "/absent") == nil)
    }

    /// Decoded with replacement characters, `/opt/\u{FFFD}/intents` and `/opt/\xff/intents` would
    /// read alike: a target that is not UTF-8 is nothing rather than a look-alike.
    @Test func aTargetThatIsNotUTF8GivesNothing() throws {
        let target: [CChar] = Array("/opt/".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)] + Array("/intents".utf8CString)
        try #require(symlink(target, folder + "/odd") == 0)
        #expect(RealPath.linkTarget(folder + "/odd") == nil)
        try #require(symlink("/opt/\u{FFFD}/intents", folder + "/replacement") == 0)
        #expect(RealPath.linkTarget(folder + "/replacement") == "/opt/\u{FFFD}/intents")
    }
}
