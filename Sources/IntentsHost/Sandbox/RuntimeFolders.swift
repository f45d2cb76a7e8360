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
    /// Files with read and write access.
    public static let readWrite = ["/dev/null"]

    /// The folders of the shared libraries this process has mapped outside the system folders
    /// (the Swift runtime, Foundation, Dispatch).
    public static let swiftRuntime: [String] = {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        var folders: [String] = []
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            guard path.contains(".so"), !system.contains(where: { path.hasPrefix($0 + "/") }) else { continue }
            let folder = (path as NSString).deletingLastPathComponent
            if !folders.contains(folder) { folders.append(folder) }
        }
        return folders
    }()
}
