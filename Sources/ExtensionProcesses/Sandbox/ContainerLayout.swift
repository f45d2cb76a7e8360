import ExtensionProtocol
import Foundation
import HostBundles
import SystemCalls
import SystemStore

/// Where containers live under the host's state folder: one per extension, one per app group.
///
/// Every container path is made by `prepare`, which checks the name with `BundleName`, creates
/// the folder without following links, and checks that its real path lies directly inside its
/// parent's: the host never creates anything outside the state folder.
public struct ContainerLayout: Sendable {
    public let stateFolder: String

    /// A layout under `stateFolder` as given (paths computed as text, nothing created).
    public init(stateFolder: String) {
        self.stateFolder = stateFolder
    }

    /// A layout under the real path of `stateFolder`, which is created if needed: the paths it
    /// computes are then the ones the kernel resolves.
    /// - Throws: `HostError` (`.badState`) naming the folder.
    public init(resolving stateFolder: String) throws {
        if let problem = StateFolder.problemCreating(stateFolder) { throw HostError(.badState, problem) }
        guard let real = RealPath.of(stateFolder) else {
            throw HostError(.badState, "The state folder \(stateFolder.quotedForDisplay) cannot be resolved: \(String(cString: strerror(errno))).")
        }
        self.stateFolder = real
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

    /// Creates the extension's container and its `tmp` folder if needed; returns its path.
    /// - Throws: `HostError` (`.badState`) naming the path, or refusing an invalid identifier.
    public func prepareContainer(for bundleIdentifier: String) throws -> String {
        try prepare(bundleIdentifier, as: .bundleIdentifier, in: containersFolder)
    }

    /// Creates an app group's container and its `tmp` folder if needed; returns its path.
    /// - Throws: `HostError` (`.badState`) naming the path, or refusing an invalid group.
    public func prepareAppGroupContainer(_ group: String) throws -> String {
        try prepare(group, as: .appGroup, in: appGroupsFolder)
    }

    /// Creates the parents of every container (what a spare runner's base policy opens).
    public func prepareParents() throws {
        for folder in [containersFolder, appGroupsFolder] { try makeFolder(folder) }
        for folder in [containersFolder, appGroupsFolder] { try checkReal(folder, isDirectlyIn: stateFolder) }
    }

    private func prepare(_ name: String, as kind: BundleName.Kind, in parent: String) throws -> String {
        if let problem = BundleName.problem(with: name, as: kind) {
            throw HostError(.badState, "No container is made for \(name.quotedForDisplay): it \(problem).")
        }
        try prepareParents()
        let container = parent + "/" + name
        try makeFolder(container)
        try checkReal(container, isDirectlyIn: parent)
        // tmp is the extension's own business: whatever it left there is left alone.
        _ = mkdir(container + "/tmp", 0o700)
        return container
    }

    /// mkdir(2), which never follows a symlink in the last component; an existing folder is fine.
    private func makeFolder(_ path: String) throws {
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw HostError(.badState, "The folder \(path.quotedForDisplay) cannot be created: \(String(cString: strerror(errno))).")
        }
    }

    /// Checks that the real path of `path` is `parent/<its name>`, a folder.
    private func checkReal(_ path: String, isDirectlyIn parent: String) throws {
        var status = stat()
        guard let real = RealPath.of(path), lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
              real == path, RealPath.isInside(real, parent) else {
            let resolved = RealPath.of(path).map { "resolves to \($0.quotedForDisplay)" } ?? "does not resolve"
            throw HostError(.badState, "\(path.quotedForDisplay) \(resolved), not to a folder of its own in \(parent.quotedForDisplay); it is not used.")
        }
    }
}
