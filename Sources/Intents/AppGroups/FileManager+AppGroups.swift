import Foundation
import SystemCalls

/// App-group containers, which Foundation on Linux does not have.
extension FileManager {
    /// The shared container of an app group the process is entitled to, as on Apple's systems;
    /// nil for any other group.
    ///
    /// Inside an extension, the host passes the containers of the groups its app is entitled
    /// to (`com.apple.security.application-groups`); the sandbox denies every other path. In an
    /// app process, `intents serve` (started when none runs) gives it for the app the process is:
    /// the app's own entitlements decide.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        if let json = ProcessInfo.processInfo.environment["INTENTS_APP_GROUP_CONTAINERS"] {
            guard let groups = try? JSONDecoder().decode([String: String].self, from: Data(json.utf8)),
                  let path = groups[groupIdentifier] else { return nil }
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        guard case .path(let path)? = try? IntentsAppContext.perform(.appGroupContainer(groupIdentifier), failing: .noAppAvailable) else {
            return nil
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
