#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `O_PATH` (the kernel's asm-generic value, on x86_64 and arm64 alike), which glibc exports
/// to Swift only under _GNU_SOURCE: a descriptor that names a file or folder without opening it.
package let openPathOnly: Int32 = 0o10000000

/// Paths resolved by the kernel, never by string manipulation: `a/q/..` is wherever the
/// symlink `q` leads, then its parent.
public enum RealPath {
    /// The real path of `path`, or nil (with errno set) when it does not resolve, or resolves to
    /// a path that is not UTF-8 (EILSEQ).
    ///
    /// On Linux the path is opened (`O_PATH`: nothing is read, a FIFO does not block) and the
    /// kernel names what it opened (`/proc/self/fd/N`): two system calls, where `realpath(3)`
    /// makes one `readlink` per component. Where `/proc` does not name it (inside a sandbox),
    /// `realpath(3)` answers.
    public static func of(_ path: String) -> String? {
        #if os(Linux)
        switch openedPath(path) {
        case .resolved(let name): return name
        case .unresolved: return nil
        case .unnamed: break
        }
        #endif
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return utf8Path(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }

    /// What the symbolic link at `path` holds, as stored (not resolved further); nil when
    /// `path` is no symbolic link or cannot be read. `/proc/PID/exe` and `/proc/PID/ns/*` are read
    /// so, with one system call and no Foundation. Bytes that are not UTF-8 are decoded as
    /// Foundation's `destinationOfSymbolicLink` decodes them (each a replacement character): for
    /// messages and logs, never for a path compared or opened again (`linkTargetBytes`).
    package static func linkTarget(_ path: String) -> String? {
        linkTargetBytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// What the symbolic link at `path` holds, as the kernel's bytes, never decoded: for paths
    /// that are compared or opened again, where a folder whose name is not UTF-8 must not match
    /// a look-alike whose name holds a replacement character. Nil when `path` is no symbolic
    /// link, cannot be read, or holds `PATH_MAX` bytes or more (it may have been cut).
    package static func linkTargetBytes(_ path: String) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { bytes in
            readlink(path, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count)
        }
        // A target as long as the buffer may be cut.
        guard count > 0, count < buffer.count else { return nil }
        buffer.removeSubrange(count...)
        return buffer
    }

    /// Whether `path` lies strictly inside `folder` (both real paths).
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.count > prefix.count && path.hasPrefix(prefix)
    }

    #if os(Linux)
    private enum Opened {
        case resolved(String)
        /// The path does not open (errno says why), where `realpath(3)` would not resolve it either.
        case unresolved
        /// `/proc` did not name what it opens (not mounted or not readable, or a name that is
        /// not a plain path): `realpath(3)` is asked.
        case unnamed
    }

    /// What `path` opens as, through every symlink, as the kernel names it.
    private static func openedPath(_ path: String) -> Opened {
        let descriptor = open(path, openPathOnly | O_CLOEXEC)
        guard descriptor >= 0 else { return .unresolved }
        defer { close(descriptor) }
        // A name as long as the buffer may be cut (nil); " (deleted)" may be the kernel's mark.
        guard let bytes = linkTargetBytes("/proc/self/fd/\(descriptor)"), bytes.first == UInt8(ascii: "/") else { return .unnamed }
        guard let name = utf8Path(bytes) else { return .unresolved }
        return name.hasSuffix(" (deleted)") ? .unnamed : .resolved(name)
    }
    #endif

    /// `bytes` as a path, or nil with errno EILSEQ when they are not UTF-8: decoded, each bad
    /// byte would become U+FFFD, and the path would name another file (a look-alike).
    private static func utf8Path(_ bytes: some Collection<UInt8>) -> String? {
        guard let path = String(validating: bytes, as: UTF8.self) else {
            errno = EILSEQ
            return nil
        }
        return path
    }
}
