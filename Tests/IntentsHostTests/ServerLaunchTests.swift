import Foundation
import IntentsClient
import LocalAPI
import Testing

/// How a server is started on demand: it says when it is ready (`--ready-fd`), and it inherits
/// none of its launcher's descriptors.
@Suite struct ServerLaunchTests {
    let state = TemporaryFolder()

    /// The pid of the server listening for the state folder `folder` (`SO_PEERCRED`).
    private func serverPID(_ folder: String) throws -> pid_t {
        let socket = try #require(LocalAPISocket.connect(stateFolder: folder), "no server listens")
        defer { close(socket) }
        var credentials = (pid: Int32(0), uid: UInt32(0), gid: UInt32(0))
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        try #require(getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0)
        return credentials.pid
    }

    @Test func aStartedServerHoldsNoneOfItsLaunchersDescriptors() async throws {
        // A descriptor an app left inheritable (no close-on-exec), as many do.
        let marker = state.path + "/marker"
        let inheritable = open(marker, O_WRONLY | O_CREAT, 0o600)
        try #require(inheritable >= 0)
        defer { close(inheritable) }
        let client = IntentsClient(IntentsClient.Configuration(stateFolder: state.path))
        _ = try await client.status()
        let pid = try serverPID(state.path)
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
        let targets = descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
        #expect(!targets.isEmpty)
        #expect(!targets.contains(marker), "the server inherited \(marker): \(targets)")
    }

    @Test(arguments: ["1", "2", "99"])
    func aReadyDescriptorThatIsNoInheritedPipeIsRefused(descriptor: String) throws {
        let run = try runCLI(["serve", "--state", state.path, "--ready-fd", descriptor], home: state.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--ready-fd \(descriptor) is not an open pipe or socket of 3 or more, inherited from the program that starts the server."),
                "\(run.stderr)")
        #expect(LocalAPISocket.connect(stateFolder: state.path) == nil)
    }
}
