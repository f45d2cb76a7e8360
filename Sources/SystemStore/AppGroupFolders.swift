import ExtensionProtocol
import Foundation
import SystemCalls

/// App-group container folders, `<state>/AppGroups/<group>`, for an app entitled to the group,
/// for `IntentsTesting`'s in-process system (SharedKit's `AppGroupContainers` opens them).
public enum AppGroupFolders {
    /// The groups an app folder's entitlements (`*.entitlements` beside its Info.plist) list
    /// under `com.apple.security.application-groups`.
    public static func entitledGroups(ofApp folder: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".entitlements") }.sorted().flatMap { name -> [String] in
            guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                  let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { return [] }
            return plist["com.apple.security.application-groups"] as? [String] ?? []
        }
    }

    /// The container of `group` (created, owner-only, when missing) when the app in `folder` is
    /// entitled to it and the name is a valid group identifier; nil otherwise.
    public static func prepare(_ group: String, entitlementsOf folder: String, stateFolder: String) -> String? {
        guard BundleName.isValid(group, as: .appGroup), entitledGroups(ofApp: folder).contains(group) else { return nil }
        guard StateFolder.problemCreating(stateFolder) == nil, let state = RealPath.of(stateFolder) else { return nil }
        let parent = state + "/AppGroups", container = parent + "/" + group
        for path in [parent, container] where mkdir(path, 0o700) != 0 && errno != EEXIST {
            return nil
        }
        // Never a link out of the state folder: the container must be itself.
        guard RealPath.of(container) == container else { return nil }
        return container
    }
}
