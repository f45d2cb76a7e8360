import ExtensionProtocol
import Foundation
import LocalAPI

extension AppGroupContainers {
    /// For an app process: the groups in its bundle's entitlements (`<App>.entitlements`), found
    /// in the bundle it runs from (`INTENTS_APP_BUNDLE`, or the `.app` holding this executable),
    /// in `<state>/Apps/<App>.app`, in the apps laid out beside this executable, or in the
    /// `Info/<App>` folder of the source tree it was built from.
    /// - Throws: `SharedStoreError` (`.unavailable`) when no entitlements file is found;
    ///   (`.notEntitled`) when it lists a group name that is not `group.` and a bundle identifier.
    public static func forApp(named name: String, stateFolder: String = defaultStateFolder(),
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AppGroupContainers {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = (executable as NSString).deletingLastPathComponent
        var candidates: [String] = []
        if let bundle = environment["INTENTS_APP_BUNDLE"], !bundle.isEmpty { candidates.append("\(bundle)/\(name).entitlements") }
        if folder.hasSuffix(".app") { candidates.append("\(folder)/\(name).entitlements") }
        candidates += ["\(stateFolder)/Apps/\(name).app/\(name).entitlements", "\(folder)/Apps/\(name).app/\(name).entitlements"]
        while folder != "/" && !folder.isEmpty {
            candidates.append("\(folder)/Info/\(name)/\(name).entitlements")
            folder = (folder as NSString).deletingLastPathComponent
        }
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }),
              let data = FileManager.default.contents(atPath: path),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
            throw SharedStoreError(.unavailable, "No \(name).entitlements was found for the app \(name) (looked in \(candidates.prefix(2).joined(separator: ", ")) and Info/\(name) above the executable).")
        }
        let groups = plist["com.apple.security.application-groups"] as? [String] ?? []
        if let bad = groups.first(where: { !BundleName.isValid($0, as: .appGroup) }) {
            throw SharedStoreError(.notEntitled, "\(path) lists the app group \(bad.quotedForDisplay), which is not \"group.\" followed by a bundle identifier.")
        }
        return AppGroupContainers(entitledGroups: groups, stateFolder: stateFolder)
    }

    /// The host's state folder: `INTENTS_STATE`, else `$XDG_STATE_HOME/intents`, else `~/.local/state/intents`.
    public static func defaultStateFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        LocalAPISocket.stateFolder(environment: environment)
    }
}
