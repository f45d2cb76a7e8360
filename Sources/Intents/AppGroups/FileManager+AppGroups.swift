import Foundation
import SystemStore

/// App-group containers, which Foundation on Linux does not have.
extension FileManager {
    /// The shared container of an app group the process is entitled to, as on Apple's systems;
    /// nil for any other group.
    ///
    /// Inside an extension, the host passes the containers of the groups its app is entitled
    /// to (`com.apple.security.application-groups`); the sandbox denies every other path. In an
    /// app process, `intents serve` gives it for the app the process is (the app's own
    /// entitlements decide); with no server, the app's entitlements are read here.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        if let json = ProcessInfo.processInfo.environment["INTENTS_APP_GROUP_CONTAINERS"] {
            guard let groups = try? JSONDecoder().decode([String: String].self, from: Data(json.utf8)),
                  let path = groups[groupIdentifier] else { return nil }
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        guard let app = try? IntentsAppContext.app() else { return nil }
        let call = SystemCall.appGroupContainer(groupIdentifier)
        if let served = try? ServerSystemCall.send(call, stateFolder: IntentsAppContext.stateFolder, failing: .noAppAvailable) {
            guard case .path(let path) = served else { return nil }
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        guard let path = AppGroupFolders.prepare(groupIdentifier, entitlementsOf: app.path, stateFolder: IntentsAppContext.stateFolder) else {
            return nil
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
