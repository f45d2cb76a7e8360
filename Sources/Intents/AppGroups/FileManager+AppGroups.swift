import Foundation

extension FileManager {
    /// The shared container of an app group the process is entitled to, as on Apple's systems;
    /// nil for any other group.
    ///
    /// Inside an extension, the host passes the containers of the groups its app is entitled
    /// to (`com.apple.security.application-groups`); the sandbox denies every other path.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard let json = ProcessInfo.processInfo.environment["INTENTS_APP_GROUP_CONTAINERS"],
              let groups = try? JSONDecoder().decode([String: String].self, from: Data(json.utf8)),
              let path = groups[groupIdentifier] else { return nil }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
