import Foundation
import LocalAPI
import Testing

/// How a server says it is ready (`--ready-fd`), the event its launcher waits for. (That a
/// started server inherits none of its launcher's descriptors is `SDKServerAdversaryTests`'.)
@Suite struct ServerLaunchTests {
    let state = TemporaryFolder()

    @Test(arguments: ["1", "2", "99"])
    func aReadyDescriptorThatIsNoInheritedPipeIsRefused(descriptor: String) async throws {
        let run = try await runCLI(["serve", "--state", state.path, "--ready-fd", descriptor], home: state.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--ready-fd \(descriptor) is not an open pipe or socket of 3 or more, inherited from the program that starts the server."),
                "\(run.stderr)")
        #expect(LocalAPISocket.connect(stateFolder: state.path) == nil)
    }
}
