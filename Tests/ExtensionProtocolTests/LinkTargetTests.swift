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

    /// Decoded as Foundation decodes it, for messages: each byte that is not UTF-8 a replacement
    /// character. `linkTargetBytes` gives the bytes themselves.
    @Test func aTargetThatIsNotUTF8IsDecodedAsFoundationDecodesIt() throws {
        let target: [CChar] = Array("/opt/".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)] + Array("/intents".utf8CString)
        try #require(symlink(target, folder + "/odd") == 0)
        let foundation = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/odd")
        #expect(RealPath.linkTarget(folder + "/odd") == foundation)
        #expect(foundation == "/opt/\u{FFFD}/intents")
        #expect(RealPath.linkTargetBytes(folder + "/odd") == Array("/opt/".utf8) + [0xFF] + Array("/intents".utf8))
    }

    /// A real path that is not UTF-8 is no path at all (EILSEQ), never its look-alike: decoded,
    /// it would name the folder whose name holds U+FFFD where the bad byte is.
    @Test func aRealPathThatIsNotUTF8DoesNotResolve() throws {
        let odd: [CChar] = Array(folder.utf8CString.dropLast()) + Array("/b".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)] + Array("in".utf8CString)
        try #require(mkdir(odd, 0o700) == 0)
        try FileManager.default.createDirectory(atPath: folder + "/b\u{FFFD}in", withIntermediateDirectories: false)
        try #require(symlink(odd, folder + "/to-odd") == 0)
        try #require(symlink("b\u{FFFD}in", folder + "/to-look-alike") == 0)
        errno = 0
        #expect(RealPath.of(folder + "/to-odd") == nil)
        #expect(errno == EILSEQ)
        let real = try #require(RealPath.of(folder))
        #expect(RealPath.of(folder + "/to-look-alike") == real + "/b\u{FFFD}in")
    }
}
