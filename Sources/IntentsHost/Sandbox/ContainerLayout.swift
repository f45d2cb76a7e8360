import Foundation

/// Where containers live under the host's state folder: one per extension, one per app group.
public struct ContainerLayout: Sendable {
    public let stateFolder: String

    public init(stateFolder: String) {
        self.stateFolder = stateFolder
    }

    /// `<state>/Containers`: the parent of every extension's container.
    public var containersFolder: String { stateFolder + "/Containers" }

    /// `<state>/AppGroups`: the parent of every app group's container.
    public var appGroupsFolder: String { stateFolder + "/AppGroups" }

    /// `<state>/Containers/<bundle identifier>`: the extension's own read-write folder.
    public func container(for bundleIdentifier: String) -> String {
        containersFolder + "/" + bundleIdentifier
    }

    /// `<state>/AppGroups/<group>`: what `containerURL(forSecurityApplicationGroupIdentifier:)` returns.
    public func appGroupContainer(_ group: String) -> String {
        appGroupsFolder + "/" + group
    }

    /// Creates `path` (and its `tmp` folder) if needed.
    public func create(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/tmp", withIntermediateDirectories: true)
    }
}
