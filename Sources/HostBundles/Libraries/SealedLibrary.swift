import CChildProcess
import ExtensionProtocol
import Foundation

/// An extension's library copied into a sealed memory file and hashed there: the bytes hashed
/// are exactly the bytes a runner loads, whatever becomes of the file afterwards.
///
/// App Intents metadata is cached by the library's SHA-256, and policy judges an App Intent by
/// that metadata, so the code that is described, and later run, must be the code that was
/// hashed: reading the file once to hash it and again to load it would let a file swapped in
/// between run under the other's metadata. The memory file is sealed against writes, growth,
/// shrinking and further seals, so neither the host nor the runner it is passed to can change
/// it; the runner loads it through its descriptor (`/proc/self/fd/N`), as it loads a file.
public final class SealedLibrary: Sendable {
    /// The SHA-256 of its bytes, in hex.
    public let hash: String
    /// Its size in bytes.
    public let size: Int
    /// The sealed memory file (close-on-exec); closed when this is released.
    package let descriptor: Int32

    /// The largest library copied: 128 MiB. An extension's library is a few megabytes (a debug
    /// build's, some tens); each copy is memory, for as long as a process runs it.
    public static let maximumSize: Int64 = 128 << 20

    /// Copies `bundle`'s library, opened as its runner would open it (by the real paths the
    /// scan checked, through no symlink, a regular ELF file), and hashes the copy. The file must
    /// still be the one the scan saw, with its size and modification time
    /// (`LibraryIdentity.isSameFile`), before and after the copy: metadata learned from the copy
    /// is cached under the scanned identity.
    /// - Throws: `HostError`: `.extensionFailed` naming the bundle and the library when it is no
    ///   longer where it was checked, is no longer the file scanned, is not a regular ELF file, is
    ///   larger than `maximumSize`, is sparse, or changes while it is copied; `.badState` when it
    ///   cannot be read or the memory file cannot be made.
    public static func of(_ bundle: ExtensionBundle) throws -> SealedLibrary {
        let files: (folder: Int32, library: Int32)
        switch BundleFile.openUnchanged(folder: bundle.resolvedPath, library: bundle.libraryPath) {
        case .success(let opened): files = opened
        case .failure(let problem): throw bundle.startFailure(problem)
        }
        close(files.folder)
        defer { close(files.library) }
        let changed = HostError(.extensionFailed, "\(bundle.bundleIdentifier) cannot start: its library \(bundle.libraryPath.quotedForDisplay) is no longer the file that was scanned; run the command again.")
        guard bundle.libraryIdentity.isEmpty || LibraryIdentity.isSameFile(files.library, as: bundle.libraryIdentity) else { throw changed }
        let sealed = try SealedLibrary(copying: files.library, path: bundle.libraryPath, name: bundle.bundleIdentifier)
        guard bundle.libraryIdentity.isEmpty || LibraryIdentity.isSameFile(files.library, as: bundle.libraryIdentity) else { throw changed }
        return sealed
    }

    /// Copies the regular file open at `source` (from its start) into a sealed memory file
    /// named `name`, and hashes the copy.
    /// - Throws: as `of(_:)`, naming `path`.
    init(copying source: Int32, path: String, name: String) throws {
        let size = try LibraryContentHash.checkedSize(of: source, path: path)
        guard size <= Self.maximumSize else {
            throw HostError(.extensionFailed, "The library \(path) has \(size) bytes, more than the \(Self.maximumSize) a library run by the host may have, so it is not used.")
        }
        var status = stat()
        // Its blocks on disk: a file mostly made of holes would cost its whole size in memory.
        guard fstat(source, &status) == 0, Int64(status.st_blocks) * 512 >= size / 2 else {
            throw HostError(.extensionFailed, "The library \(path) is sparse (\(size) bytes, \(Int64(status.st_blocks) * 512) on disk), so it is not copied to be run.")
        }
        let memory = cchild_sealed_copy(source, size, "intents-library")
        guard memory >= 0 else {
            let code = errno
            if code == EFBIG {
                throw HostError(.extensionFailed, "The library \(path) changed size while it was copied for \(name), so it is not used; run the command again.")
            }
            throw HostError(.badState, "The library \(path) cannot be copied for \(name): \(String(cString: strerror(code))).")
        }
        do {
            hash = try LibraryContentHash.hash(ofSealed: memory, size: Int(size), path: path)
        } catch {
            close(memory)
            throw error
        }
        self.size = Int(size)
        descriptor = memory
    }

    deinit {
        close(descriptor)
    }

    /// Whether the memory file is still sealed against any change of its bytes (always, once made).
    var isSealed: Bool { cchild_is_sealed(descriptor) == 1 }
}
