import Foundation

/// A file as the kernel knows it: its device and inode. Two paths with one identity are one
/// file (hard links), whatever their names.
public struct FileIdentity: Codable, Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of the file at `path` itself (`lstat`, never through a link) when it is a
    /// regular file; nil when it is missing, a link or anything else.
    public static func ofRegularFile(at path: String) -> FileIdentity? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
