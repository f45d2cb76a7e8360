import ExtensionProtocol
import Foundation
import Testing

/// `RealPath.linkTarget`: a link's target as stored, and nothing for what is not one.
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

    /// Decoded as Foundation decodes it (the server compares a peer's executable, read so,
    /// with paths Foundation read): each byte that is not UTF-8 a replacement character.
    @Test func aTargetThatIsNotUTF8IsDecodedAsFoundationDecodesIt() throws {
        let target: [CChar] = Array("/opt/".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)] + Array("/intents".utf8CString)
        try #require(symlink(target, folder + "/odd") == 0)
        let foundation = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/odd")
        #expect(RealPath.linkTarget(folder + "/odd") == foundation)
        #expect(foundation == "/opt/\u{FFFD}/intents")
    }
}
