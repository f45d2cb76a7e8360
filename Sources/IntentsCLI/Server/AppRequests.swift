import ExtensionProtocol
import Foundation
import IntentsHost
import LocalAPI
import SystemStore

/// App processes' system calls, performed for the app the connection's peer is: the installed
/// app whose `CFBundleExecutable` is the very file the peer runs (same device and inode),
/// never the app a request names.
enum AppRequests {
    static func answer(_ request: AppRequest, from peer: PeerIdentity, on host: ServedHost) async -> AppReply {
        let call: SystemCall
        do {
            call = try JSONDecoder().decode(SystemCall.self, from: Data(request.body.utf8))
        } catch {
            return AppReply(failure: "usage", "The app request \(request.operation.quotedForDisplay) cannot be read: \(HostError.reason(error)).")
        }
        guard let app = installedApp(runBy: peer, in: host.dispatcher.catalog) else {
            return AppReply(failure: "noAppAvailable", "No installed app has the executable \(peer.executable?.quotedForDisplay ?? "of process \(peer.processID)") as its CFBundleExecutable; install the app in the server's apps folders.")
        }
        do {
            let result = try await perform(call, for: app, on: host)
            host.logger.info("app request", metadata: ["app": "\(app.bundleIdentifier)", "operation": "\(call.name)"])
            return AppReply(body: String(decoding: try JSONEncoder().encode(result), as: UTF8.self))
        } catch let error as SystemStoreError {
            return AppReply(failure: error.code.rawValue, error.message)
        } catch let error as HostError {
            return AppReply(failure: error.code.rawValue, error.message)
        } catch {
            return AppReply(failure: "failed", "\(error)")
        }
    }

    private static func perform(_ call: SystemCall, for app: AppBundle, on host: ServedHost) async throws -> SystemCallResult {
        let store = try host.dispatcher.openSystemStore()
        switch call {
        case .requestAuthorization:
            // What the user is shown comes from the app's plist, never from the request.
            guard let usage = app.siriUsageDescription, !usage.isEmpty else {
                throw HostError(.usage, "\(app.path)/Info.plist has no NSSiriUsageDescription; an app must say why it wants Siri before asking.")
            }
            let current = try store.authorization(app: app.bundleIdentifier)
            guard current == .notDetermined else { return .authorization(current) }
            return .authorization(await host.authorizationRequests.wait(for: app, usageDescription: usage))
        case .appGroupContainer(let group):
            guard app.entitlements.applicationGroups.contains(group) else {
                throw HostError(.usage, "\(app.bundleIdentifier) is not entitled to the app group \(group.quotedForDisplay) (com.apple.security.application-groups in its entitlements).")
            }
            return .path(try ContainerLayout(resolving: host.configuration.stateFolder).prepareAppGroupContainer(group))
        default:
            return try store.perform(call, app: app.bundleIdentifier)
        }
    }

    /// The installed app whose executable file is the one `peer` runs.
    static func installedApp(runBy peer: PeerIdentity, in catalog: BundleCatalog) -> AppBundle? {
        var running = stat()
        guard stat("/proc/\(peer.processID)/exe", &running) == 0 else { return nil }
        return catalog.apps.first { app in
            guard let executable = app.executable, BundleName.isValid(executable, as: .executable) else { return false }
            var file = stat()
            return stat(app.path + "/" + executable, &file) == 0 && file.st_dev == running.st_dev && file.st_ino == running.st_ino
        }
    }
}
