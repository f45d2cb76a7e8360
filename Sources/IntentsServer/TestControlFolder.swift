import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import LocalAPI

/// Where `intents serve --test-control` may run: a state folder of a test's own, never the
/// user's. The folder must be the user's default state folder in no way, and either new (empty
/// but for what a server start makes) or marked by an earlier test-control server; it is marked.
enum TestControlFolder {
    static let markerName = "test-control"
    /// What a server start leaves in a folder, besides the marker.
    private static let startFiles: Set<String> = ["serve.lock", "intents.sock", "server.log", markerName]

    /// - Throws: `HostError` (`.usage`) naming the folder and why it is not a test's own.
    static func claim(_ stateFolder: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        // The user's default state folder, by this environment and by the password file's home
        // (the environment is the caller's to set).
        var userEnvironment = environment
        userEnvironment["INTENTS_STATE"] = nil
        var userFolders = [LocalAPISocket.stateFolder(environment: userEnvironment)]
        if let home = LocalAPISocket.homeFromPasswd() {
            userFolders.append(LocalAPISocket.stateFolder(environment: ["HOME": home]))
            if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty { userFolders.append(xdg + "/intents") }
        }
        let folder = RealPath.of(stateFolder) ?? stateFolder
        if userFolders.contains(where: { folder == (RealPath.of($0) ?? $0) }) {
            throw HostError(.usage, "--test-control is refused for \(stateFolder), the user's own state folder; give a test's own with --state.")
        }
        let marker = folder + "/" + markerName
        var status = stat()
        if lstat(marker, &status) == 0 && status.st_mode & S_IFMT == S_IFREG { return }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        if let held = entries.sorted().first(where: { !startFiles.contains($0) }) {
            throw HostError(.usage, "--test-control is refused for \(stateFolder): it already holds \(held.quotedForDisplay), so it may be someone's real state; give a new folder of the test's own.")
        }
        let descriptor = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 || errno == EEXIST else {
            throw HostError(.badState, "\(marker) cannot be made: \(String(cString: strerror(errno))).")
        }
        if descriptor >= 0 { close(descriptor) }
    }
}
