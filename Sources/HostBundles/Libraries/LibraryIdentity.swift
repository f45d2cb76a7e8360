import Foundation

/// What identifies a version of a library file without reading it: its device, inode, size,
/// and modification and change times (the change time is the kernel's, which the file's owner
/// cannot set back). A scan records it (`ExtensionBundle.libraryIdentity`); the sealed copy a
/// process runs is made only from a file that still has it.
enum LibraryIdentity {
    /// Whether the file open at `descriptor` is the file `identity` was taken of, with the same
    /// size and modification time. Its change time is left out: making or removing a hard link
    /// to it changes that (a development layout links one build product into many bundles).
    static func isSameFile(_ descriptor: Int32, as identity: String) -> Bool {
        guard let current = of(descriptor: descriptor) else { return false }
        return current.split(separator: ":").dropLast().elementsEqual(identity.split(separator: ":").dropLast())
    }

    /// The identity of the file open at `descriptor`; nil when it cannot be read.
    static func of(descriptor: Int32) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec):\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }
}
