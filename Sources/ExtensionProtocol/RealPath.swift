#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths resolved by the kernel (`realpath(3)`), never by string manipulation: `a/q/..` is
/// wherever the symlink `q` leads, then its parent.
public enum RealPath {
    /// The real path of `path`, or nil (with errno set) when it does not resolve.
    public static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` lies strictly inside `folder` (both real paths).
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.count > prefix.count && path.hasPrefix(prefix)
    }
}
