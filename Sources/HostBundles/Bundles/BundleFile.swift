import ExtensionProtocol
import Foundation

/// A regular file of a bundle, opened once and checked through its descriptor: what is used
/// afterwards is that descriptor, so a symlink or file swapped after the check changes nothing.
package struct BundleFile {
    /// Why a file cannot be used, in a clause that follows its path.
    package enum Problem: Error, Equatable {
        case missing
        /// It resolves outside the bundle, to this real path.
        case outside(String)
        /// It is not a regular file: a folder, a FIFO, a device...
        case notRegular(String)
        case notELF
        /// Its ELF headers place its section or program headers past its end: cut short, as a
        /// library still being copied is.
        case truncated(size: Int)
        case unreadable(String)

        package var clause: String {
            switch self {
            case .missing: "does not exist"
            case .outside(let real): "resolves to \(real.quotedForDisplay), outside its bundle"
            case .notRegular(let kind): "is \(kind), not a regular file"
            case .notELF: "is not an ELF shared library"
            case .truncated(let size): "is cut short: its headers reach past its \(size) bytes (is it still being copied?)"
            case .unreadable(let reason): "cannot be read: \(reason)"
            }
        }
    }

    /// The open descriptor (close-on-exec); the caller closes it.
    package let descriptor: Int32
    /// Its real path, as the kernel resolved it when it was opened.
    package let realPath: String

    /// Opens `path`, which must resolve to a regular file strictly inside `root` (a real
    /// path); with `elf`, the file must also begin with the ELF magic number.
    ///
    /// Nothing but that file is ever opened for reading: its real path is walked with O_PATH
    /// and no symlink (one swapped in meanwhile fails the walk), the descriptor's type is checked,
    /// and only then is that very file reopened for reading. A FIFO, a device or a file outside
    /// is refused without being opened.
    package static func open(_ path: String, inside root: String, elf: Bool = false) -> Result<BundleFile, Problem> {
        guard let real = RealPath.of(path) else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        guard RealPath.isInside(real, root) else { return .failure(.outside(real)) }
        guard let named = walk(from: AT_FDCWD, path: real, finalFlags: openPathOnly) else {
            return .failure(.unreadable("it changed while it was being opened"))
        }
        return reopenForReading(named, elf: elf).map { BundleFile(descriptor: $0, realPath: real) }
    }

    /// Opens the folder at the real path `folder` and, beneath it, the library at the real path
    /// `library`, following no symlink on the way (each component is opened with O_NOFOLLOW, and
    /// the library is reopened for reading only once its descriptor shows a regular file): both
    /// descriptors are then the very folder and file that were checked, whatever is renamed or
    /// swapped afterwards. The folder's is an O_PATH descriptor, for a Landlock rule.
    /// - Returns: the folder's descriptor and the library's, or the problem (a component that is
    ///   now a symlink, or no longer there, reads as `.missing`).
    package static func openUnchanged(folder: String, library: String) -> Result<(folder: Int32, library: Int32), Problem> {
        guard RealPath.isInside(library, folder) else { return .failure(.outside(library)) }
        guard case .success(let folderDescriptor) = openFolder(folder) else { return .failure(.missing) }
        let relative = String(library.dropFirst(folder.count + 1))
        guard let named = walk(from: folderDescriptor, path: relative, finalFlags: openPathOnly) else {
            close(folderDescriptor)
            return .failure(.missing)
        }
        switch reopenForReading(named, elf: true) {
        case .success(let libraryDescriptor): return .success((folderDescriptor, libraryDescriptor))
        case .failure(let problem):
            close(folderDescriptor)
            return .failure(problem)
        }
    }

    /// Opens the folder at the real path `folder` through no symlink, as `openUnchanged` does,
    /// as an O_PATH descriptor (for a Landlock rule); `.missing` when a component is now a
    /// symlink or no longer there.
    package static func openFolder(_ folder: String) -> Result<Int32, Problem> {
        guard let descriptor = walk(from: AT_FDCWD, path: folder, finalFlags: openPathOnly | O_DIRECTORY) else { return .failure(.missing) }
        return .success(descriptor)
    }

    /// Checks that the O_PATH descriptor `named` is a regular file, then reopens that very file
    /// for reading (close-on-exec) and, with `elf`, checks its ELF magic number. Closes `named`.
    private static func reopenForReading(_ named: Int32, elf: Bool) -> Result<Int32, Problem> {
        defer { close(named) }
        var status = stat()
        guard fstat(named, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular(fileKind(status.st_mode))) }
        let descriptor = Glibc.open("/proc/self/fd/\(named)", O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        if elf {
            var header = [UInt8](repeating: 0, count: 64)
            let read = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 64, 0) }
            guard read >= 4, header[0..<4] == [0x7F, 0x45, 0x4C, 0x46] else {
                close(descriptor)
                return .failure(.notELF)
            }
            if let problem = truncation(header: header, count: read, size: Int(status.st_size)) {
                close(descriptor)
                return .failure(problem)
            }
        }
        return .success(descriptor)
    }

    /// Whether a 64-bit little-endian ELF file's program and section header tables lie within
    /// its `size` bytes (a linker writes the section headers last, at the end of the file).
    /// Other classes and byte orders are left to the loader.
    static func truncation(header: [UInt8], count: Int, size: Int) -> Problem? {
        guard header.count >= 64, header[4] == 2, header[5] == 1 else { return nil }
        guard count >= 64 else { return .truncated(size: size) }
        func field(_ offset: Int, _ width: Int) -> UInt64 {
            (0..<width).reduce(0) { $0 | UInt64(header[offset + $1]) << (8 * UInt64($1)) }
        }
        let tables = [(field(0x20, 8), field(0x36, 2), field(0x38, 2)), (field(0x28, 8), field(0x3A, 2), field(0x3C, 2))]
        for (offset, entrySize, entries) in tables where entries > 0 {
            let (length, overflow) = entrySize.multipliedReportingOverflow(by: entries)
            let (end, overflowEnd) = offset.addingReportingOverflow(length)
            if overflow || overflowEnd || end > UInt64(size) { return .truncated(size: size) }
        }
        return nil
    }

    /// Opens `path` (absolute, or relative to `start`) one component at a time, never following
    /// a symlink: folders with O_PATH | O_DIRECTORY | O_NOFOLLOW, the last with `finalFlags` |
    /// O_NOFOLLOW. Returns the last descriptor (close-on-exec), or nil.
    private static func walk(from start: Int32, path: String, finalFlags: Int32) -> Int32? {
        let components = path.split(separator: "/").map(String.init)
        guard !components.isEmpty, !components.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        var current = path.hasPrefix("/") ? Glibc.open("/", openPathOnly | O_DIRECTORY | O_CLOEXEC) : start
        guard current >= 0 else { return nil }
        for (index, component) in components.enumerated() {
            let last = index == components.count - 1
            let flags = (last ? finalFlags : openPathOnly | O_DIRECTORY) | O_NOFOLLOW | O_CLOEXEC
            let next = openat(current, component, flags)
            if current != start { close(current) }
            guard next >= 0 else { return nil }
            current = next
        }
        return current
    }
}
