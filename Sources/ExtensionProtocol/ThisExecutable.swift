#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The running executable's own path, read from `/proc/self/exe` as the kernel's bytes.
///
/// Programs of this package find their siblings (`intents-host`, `intents-extension`,
/// `intents-mcp`) beside themselves. A path that is not UTF-8 cannot be held in a Swift `String`
/// as it is: decoded, each bad byte becomes U+FFFD, and the decoded path names another folder,
/// one whose name holds that character. So the folder is given only when it is UTF-8, and the
/// programs that run their siblings refuse to run from any other.
package enum ThisExecutable {
    /// The path of the running executable as the kernel names it, never decoded; nil when
    /// `/proc/self/exe` cannot be read (no `/proc`) or is not absolute.
    package static func pathBytes() -> [UInt8]? {
        guard let bytes = RealPath.linkTargetBytes("/proc/self/exe"), bytes.first == UInt8(ascii: "/") else { return nil }
        return bytes
    }

    /// The folder holding the running executable; nil when its path cannot be read, is not
    /// absolute, or is not UTF-8.
    package static func folder() -> String? {
        guard let bytes = pathBytes(), let path = String(validating: bytes, as: UTF8.self),
              let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether the running executable's path was read and is not UTF-8: such a program must not
    /// look for its siblings by a decoded path.
    package static var isInFolderNotUTF8: Bool {
        guard let bytes = pathBytes() else { return false }
        return String(validating: bytes, as: UTF8.self) == nil
    }

    /// The sentence a program says when `isInFolderNotUTF8`, naming the path as decoded.
    package static func folderNotUTF8Error(program: String) -> String {
        let shown = pathBytes().map { String(decoding: $0, as: UTF8.self).quotedForDisplay } ?? "/proc/self/exe"
        return "error: \(program) runs from \(shown), a path that is not UTF-8 (shown with U+FFFD for each bad byte); install it in a folder whose path is UTF-8.\n"
    }
}
