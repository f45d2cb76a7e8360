import Foundation

/// The folders an extension needs to read and execute to run at all: the system's libraries
/// and the Swift runtime this host was built with (found from what this process has loaded).
public enum RuntimeFolders {
    /// System folders with read and execute access.
    public static let system = ["/usr", "/lib", "/lib64"]
    /// Single files and small trees with read access only. libdispatch reads `/proc/<tid>/stat`
    /// for its worker threads (and crashes when it cannot), so `/proc` is readable; entries of
    /// other processes that need ptrace access stay closed across the user namespace.
    public static let readOnly = ["/etc/ld.so.cache", "/etc/localtime", "/proc", "/sys/devices/system/cpu", "/dev/urandom"]
    /// Folders of programs a continued app may exec (read and execute): a script's
    /// interpreter, `/bin/sh`, is named here. (On a merged-/usr system, a symlink into /usr.)
    public static let programs = ["/bin"]
    /// Files with read and write access.
    public static let readWrite = ["/dev/null"]

    /// The folders of the shared libraries this process has mapped outside the system folders
    /// (the Swift runtime, Foundation, Dispatch). A continued app, exec'd inside its sandbox,
    /// loads its own from there.
    public static let swiftRuntime: [String] = {
        var folders: [String] = []
        for line in mappedFiles().split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            // A memory file (a sealed library: "/memfd:NAME (deleted)") or a deleted file has no folder to open.
            guard path.contains(".so"), !path.hasPrefix("/memfd:"), !path.hasSuffix(" (deleted)"),
                  !system.contains(where: { path.hasPrefix($0 + "/") }) else { continue }
            let folder = (path as NSString).deletingLastPathComponent
            if folder != "/", !folders.contains(folder) { folders.append(folder) }
        }
        return folders
    }()

    /// /proc/self/maps, read with read(2) to its end and decoded leniently: Foundation's reading
    /// of it fails now and then (a file of size 0 that changes while it is read; a mapped file
    /// whose name is not UTF-8), and an empty list would leave a continued app without its runtime.
    private static func mappedFiles() -> String {
        let descriptor = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
