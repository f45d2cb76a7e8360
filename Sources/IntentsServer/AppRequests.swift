import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import IntentsHost
import LocalAPI
import SystemCalls
import SystemStore

/// App processes' system calls, performed for the app the connection's peer is: the installed
/// app whose `CFBundleExecutable`, as scanned, is the very file the peer runs (same device and
/// inode), never the app a request names.
enum AppRequests {
    /// Answers `request` of the app `peer` runs. A request for Siri that waits for the user parks
    /// `slot` (`ConnectionSlot.park`) while it waits.
    static func answer(_ request: AppRequest, from peer: PeerIdentity, holding slot: ConnectionSlot, on host: ServedHost) async -> AppReply {
        let call: SystemCall
        do {
            call = try SystemCall(wireBytes: request.call)
        } catch {
            let reason = (error as? ProtocolError)?.message ?? HostError.reason(error)
            return AppReply(failure: "usage", "The app request \(String(request.operation.prefix(100)).quotedForDisplay) cannot be read: \(reason)")
        }
        let app: AppBundle
        switch installedApp(runBy: peer, in: host.dispatcher.catalog) {
        case .success(let found): app = found
        case .failure(let refusal): return AppReply(failure: "noAppAvailable", refusal.message)
        }
        do {
            let result = try await perform(call, for: app, holding: slot, on: host)
            host.logger.info("app request", metadata: ["app": "\(app.bundleIdentifier)", "operation": "\(call.name)"])
            return AppReply(result: result.wireBytes)
        } catch let error as SystemStoreError {
            return AppReply(failure: error.code.rawValue, error.message)
        } catch let error as HostError {
            return AppReply(failure: error.code.rawValue, error.message)
        } catch {
            return AppReply(failure: "failed", "\(error)")
        }
    }

    private static func perform(_ call: SystemCall, for app: AppBundle, holding slot: ConnectionSlot, on host: ServedHost) async throws -> SystemCallResult {
        let store = try host.dispatcher.openSystemStore()
        switch call {
        case .requestAuthorization:
            // What the user is shown comes from the app's plist, never from the request.
            guard let usage = app.siriUsageDescription, !usage.isEmpty else {
                throw HostError(.usage, "\(app.path)/Info.plist has no NSSiriUsageDescription; an app must say why it wants Siri before asking.")
            }
            let identifier = app.bundleIdentifier
            let current = try await store.reading { try $0.authorization(app: identifier) }
            guard current == .notDetermined else { return .authorization(current) }
            // Waiting for the user takes no connection of the app's share, only one of its few parked ones.
            do { try slot.park(app: app.bundleIdentifier) } catch { throw HostError(.busy, error.message) }
            return .authorization(await host.authorizationRequests.wait(for: app, usageDescription: usage) {
                try? await store.reading { try $0.authorization(app: identifier) }
            })
        case .appGroupContainer(let group):
            guard app.entitlements.applicationGroups.contains(group) else {
                throw HostError(.usage, "\(app.bundleIdentifier) is not entitled to the app group \(group.quotedForDisplay) (com.apple.security.application-groups in its entitlements).")
            }
            return .path(try ContainerLayout(resolving: host.configuration.stateFolder).prepareAppGroupContainer(group))
        default:
            // Off the pool: a donation waiting for a lock that another process holds on the
            // store must not hold up the server's other clients.
            let identifier = app.bundleIdentifier
            if SystemStore.onlyReads(call) { return try await store.reading { try $0.perform(call, app: identifier) } }
            return try await store.writing { try $0.perform(call, app: identifier) }
        }
    }

    /// The installed app whose executable file, as the last scan found it, is the one `peer`
    /// ran when it connected, and still runs; and its `CFBundleExecutable` still is that file: a
    /// regular file inside the app's folder (never a link). A scan gives no two apps one file
    /// (`BundleFault.Code.sharedExecutable`), so a bundle that links its executable to an
    /// installed app's, even before the next scan, takes nothing: the peer is that app still.
    static func installedApp(runBy peer: PeerIdentity, in catalog: BundleCatalog) -> Result<AppBundle, HostError> {
        let executable = peer.executable?.quotedForDisplay ?? "of process \(peer.processID)"
        guard let file = peer.executableFile, peer.runsTheSameFile else {
            return .failure(HostError(.usage, "Process \(peer.processID) no longer runs the executable it connected with; its request is refused."))
        }
        let matches = catalog.apps.filter { app in
            guard app.executableFile == file, let name = app.executable, BundleName.isValid(name, as: .executable),
                  let root = RealPath.of(app.path) else { return false }
            return FileIdentity.ofRegularFile(at: root + "/" + name) == file
        }
        guard let app = matches.first else {
            return .failure(HostError(.noExtension, "No installed app has the executable \(executable) as its CFBundleExecutable (a regular file in the app's folder); install the app in the server's apps folders."))
        }
        guard matches.count == 1 else {
            let names = matches.map(\.bundleIdentifier).joined(separator: ", ")
            return .failure(HostError(.noExtension, "Several installed apps have the executable \(executable) (\(names)); none is named for it until only one does."))
        }
        return .success(app)
    }
}
