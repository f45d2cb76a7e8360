import Foundation

/// Where app-group containers are, and which groups this process may open: the equivalent of
/// `containerURL(forSecurityApplicationGroupIdentifier:)`.
///
/// Inside an extension the host lists the groups its app is entitled to (and the sandbox denies
/// every other path); an app process lists its own entitlement.
public struct AppGroupContainers: Sendable {
    /// Group identifier to container folder, for every group this process is entitled to.
    public let folders: [String: String]

    public init(folders: [String: String]) {
        self.folders = folders
    }

    /// For an app: its entitled groups, under `<state>/AppGroups/<group>`.
    public init(entitledGroups: [String], stateFolder: String) {
        self.folders = Dictionary(uniqueKeysWithValues: entitledGroups.map { ($0, stateFolder + "/AppGroups/" + $0) })
    }

    /// For an extension: what the host passed in `INTENTS_APP_GROUP_CONTAINERS`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> AppGroupContainers {
        guard let json = environment["INTENTS_APP_GROUP_CONTAINERS"],
              let folders = try? JSONDecoder().decode([String: String].self, from: Data(json.utf8)) else {
            return AppGroupContainers(folders: [:])
        }
        return AppGroupContainers(folders: folders)
    }

    /// The container of `group`, created on first use.
    /// - Throws: `SharedStoreError` (`.notEntitled`) for a group this process is not entitled to.
    public func container(for group: String) throws -> URL {
        guard let folder = folders[group] else {
            let known = folders.keys.sorted()
            throw SharedStoreError(.notEntitled, "This process is not entitled to the app group \"\(group)\"; its groups: \(known.isEmpty ? "none" : known.joined(separator: ", ")).")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SharedStoreError(.unavailable, "The container of \(group) at \(folder) cannot be created: \(error.localizedDescription)")
        }
        return URL(fileURLWithPath: folder, isDirectory: true)
    }
}

/// An error of the shared store: one sentence, with a code.
public struct SharedStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        case notEntitled, unavailable, notAPropertyList, decodingFailed
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
