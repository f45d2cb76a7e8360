import ExtensionProtocol
import Foundation

extension SandboxPolicy {
    /// The policy for one extension, computed from its bundle, its app's entitlements and the
    /// host's limits. Read and execute: the runtime and the bundle's own folder (its real path,
    /// where its library lies). Read and write: the extension's container and the containers of
    /// the app groups its app is entitled to. Network: only with the
    /// `com.apple.security.network.client` entitlement. Threads: a pids cgroup under `taskCgroup`.
    public static func forExtension(_ bundle: ExtensionBundle, app: AppBundle?, layout: ContainerLayout,
                                    limits: Limits, runtimeFolders: [String] = RuntimeFolders.swiftRuntime,
                                    confine: Bool = true, taskCgroup: String? = nil) -> SandboxPolicy {
        var paths = runtimeRules(runtimeFolders) + bundleRules(bundle)
        let container = layout.container(for: bundle.bundleIdentifier)
        paths.append(PathRule(path: container, write: true))
        var groups: [String: String] = [:]
        for group in app?.entitlements.applicationGroups ?? [] {
            groups[group] = layout.appGroupContainer(group)
            paths.append(PathRule(path: layout.appGroupContainer(group), write: true))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let groupsJSON = (try? encoder.encode(groups)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let environment = [
            "HOME": container, "TMPDIR": container + "/tmp", "INTENTS_CONTAINER": container,
            "INTENTS_APP_GROUP_CONTAINERS": groupsJSON,
        ]
        let narrowed = bundle.requestedLimits.map { limits.narrowed(to: $0) } ?? limits
        return SandboxPolicy(confine: confine, paths: paths, limits: narrowed,
                             allowNetwork: bundle.entitlements.networkClient, environment: environment, taskCgroup: taskCgroup)
    }
}

extension SandboxPolicy {
    /// What a spare runner is confined to before it knows its extension: every known bundle and
    /// library folder, the parents of all containers, no network. Assigning it an extension
    /// stacks that extension's exact policy on top.
    /// Its bundle rules are paths: a folder swapped for a symlink would widen only this base
    /// layer, which no extension code runs under; the extension's own layer, stacked on it when
    /// the spare is assigned, takes the bundle's folder by descriptor.
    public static func spareBase(for catalog: BundleCatalog, layout: ContainerLayout, limits: Limits,
                                 runtimeFolders: [String] = RuntimeFolders.swiftRuntime, taskCgroup: String? = nil) -> SandboxPolicy {
        var paths = runtimeRules(runtimeFolders) + catalog.extensions.map { PathRule(path: $0.resolvedPath, execute: true) }
        paths.append(PathRule(path: layout.containersFolder, write: true))
        paths.append(PathRule(path: layout.appGroupsFolder, write: true))
        return SandboxPolicy(confine: true, paths: paths, limits: limits, allowNetwork: false, environment: [:], taskCgroup: taskCgroup)
    }
}

extension SandboxPolicy {
    /// What every extension needs to run at all: the system libraries and the Swift runtime
    /// (read and execute), a few system files (read), `/dev/null` (read and write).
    static func runtimeRules(_ runtimeFolders: [String]) -> [PathRule] {
        (RuntimeFolders.system + runtimeFolders).map { PathRule(path: $0, execute: true) }
            + RuntimeFolders.readOnly.map { PathRule(path: $0) }
            + RuntimeFolders.readWrite.map { PathRule(path: $0, write: true) }
    }

    /// A bundle's own folder (read and execute), which the host opens and passes to the runner
    /// on `bundleFolderDescriptor`: its library lies inside it, and nothing else of the file
    /// system is opened for it.
    static func bundleRules(_ bundle: ExtensionBundle) -> [PathRule] {
        [PathRule(path: bundle.resolvedPath, execute: true, descriptor: SandboxPolicy.bundleFolderDescriptor)]
    }
}
