import ExtensionProtocol
import Foundation
import HostBundles
import LocalAPI

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
    /// The descriptor on which a continued app's runner writes its confinement report.
    public static let appReportDescriptor: Int32 = 3
    /// The descriptor on which a continued app's runner finds the app's executable, opened and
    /// checked by the host. (The app's folder comes on `bundleFolderDescriptor`.)
    public static let appExecutableDescriptor: Int32 = 4

    /// The policy for an app the host continues (`ActivityContinuation`), computed as an
    /// extension's is, from its bundle, its entitlements and the host's limits.
    ///
    /// Read and execute: the runtime, `/bin` (a script's interpreter) and the app's own folder
    /// (`realFolder`, which the host opens and passes on `bundleFolderDescriptor`). Read and
    /// write: the app's container and the containers of the app groups it is entitled to.
    /// Network: only with the `com.apple.security.network.client` entitlement. A root of its own
    /// holding only those paths and the host's socket, `<state>/intents.sock`: the system's side
    /// (donations, vocabulary, shortcuts, authorization) is reached only through the server,
    /// which knows the app by the executable it runs; the system store's files are not there.
    /// No other app's bundle or container is in its root or its rules.
    ///
    /// The environment names them (`HOME`, `TMPDIR`, `INTENTS_CONTAINER`,
    /// `INTENTS_APP_GROUP_CONTAINERS`, `INTENTS_STATE`, `INTENTS_APP_BUNDLE`) and says that the
    /// app is confined (`INTENTS_SANDBOXED=1`), so that the SDK does not try to open the system
    /// store itself when no server answers.
    public static func forContinuedApp(_ app: AppBundle, realFolder: String, layout: ContainerLayout, limits: Limits,
                                       runtimeFolders: [String] = RuntimeFolders.swiftRuntime, taskCgroup: String? = nil) -> SandboxPolicy {
        var paths = runtimeRules(runtimeFolders) + RuntimeFolders.programs.map { PathRule(path: $0, execute: true) }
        paths.append(PathRule(path: realFolder, execute: true, descriptor: SandboxPolicy.bundleFolderDescriptor))
        let container = layout.container(for: app.bundleIdentifier)
        paths.append(PathRule(path: container, write: true))
        var groups: [String: String] = [:]
        for group in app.entitlements.applicationGroups {
            groups[group] = layout.appGroupContainer(group)
            paths.append(PathRule(path: layout.appGroupContainer(group), write: true))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let groupsJSON = (try? encoder.encode(groups)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let environment = [
            "HOME": container, "TMPDIR": container + "/tmp", "INTENTS_CONTAINER": container,
            "INTENTS_APP_GROUP_CONTAINERS": groupsJSON, "INTENTS_STATE": layout.stateFolder, "INTENTS_APP_BUNDLE": realFolder,
            "INTENTS_SANDBOXED": "1",
        ]
        // The launcher mounts a /proc of the sandbox's own PID namespace there.
        let root = paths.map(\.path).filter { $0 != "/proc" } + [layout.stateFolder + "/" + LocalAPISocket.fileName]
        return SandboxPolicy(confine: true, paths: paths, limits: limits, allowNetwork: app.entitlements.networkClient,
                             environment: environment, taskCgroup: taskCgroup, privateRoot: root)
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
