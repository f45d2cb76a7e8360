import Foundation
@testable import IntentsServer
import IntentsHost
import Testing
import HostBundles

/// Which installed app a connection's peer is (`AppRequests.installedApp`): the one whose
/// executable, as scanned, is the file the peer runs, and still is.
@Suite struct AppRequestsIdentityTests {
    let folder = TemporaryFolder()
    var writer: BundleWriter { BundleWriter(appsFolder: folder.path) }

    /// This test process, as a local-API server sees it at the other end of a socket.
    func thisProcess() throws -> PeerIdentity {
        var sockets: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        defer { close(sockets[0]); close(sockets[1]) }
        return try #require(PeerIdentity(socket: sockets[0]))
    }

    var thisExecutable: String { get throws { try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") } }

    /// An app that this very process runs as (its executable is a hard link to this test's).
    @discardableResult
    func installRunningApp(_ name: String, identifier: String) throws -> String {
        let app = try writer.app(name, identifier: identifier, extra: ["CFBundleExecutable": name.lowercased()])
        try #require(link(try thisExecutable, app + "/" + name.lowercased()) == 0, "\(String(cString: strerror(errno)))")
        return app
    }

    /// A newcomer scanned with an executable of its own, that then links it to the installed
    /// app's before the next scan, takes nothing: the peer is the installed app still.
    @Test func aNewcomerLinkingToAnInstalledAppsExecutableAfterTheScanIsNotNamed() throws {
        try installRunningApp("Installed", identifier: "com.example.Installed")
        let newcomer = try writer.app("Newcomer", identifier: "com.example.Newcomer", extra: ["CFBundleExecutable": "newcomer"])
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: newcomer + "/newcomer"))
        let catalog = BundleScanner.scan(appsFolders: [folder.path])
        #expect(catalog.faults == [])
        #expect(catalog.apps.map(\.bundleIdentifier) == ["com.example.Installed", "com.example.Newcomer"])

        try #require(link(try thisExecutable, newcomer + "/newcomer.new") == 0)
        try #require(rename(newcomer + "/newcomer.new", newcomer + "/newcomer") == 0)
        let named = AppRequests.installedApp(runBy: try thisProcess(), in: catalog)
        #expect((try? named.get())?.bundleIdentifier == "com.example.Installed", "\(named)")
    }

    /// The installed app whose executable was replaced by another file since the scan is not
    /// named for a process running either file until a scan has seen the new one.
    @Test func anExecutableReplacedSinceTheScanNamesNoApp() throws {
        let app = try installRunningApp("Installed", identifier: "com.example.Installed")
        let catalog = BundleScanner.scan(appsFolders: [folder.path])
        #expect((try? AppRequests.installedApp(runBy: try thisProcess(), in: catalog).get())?.bundleIdentifier == "com.example.Installed")

        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: app + "/installed.new"))
        try #require(rename(app + "/installed.new", app + "/installed") == 0)
        let refused = AppRequests.installedApp(runBy: try thisProcess(), in: catalog)
        #expect(refused.failure?.code == .noExtension)
        #expect(refused.failure?.message.hasPrefix("No installed app has the executable") == true, "\(refused)")
    }
}

extension Result {
    /// The error, when it failed.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
