import Foundation
import LocalAPI
import Testing
import TestPrograms

/// Finding and stopping the servers a client started, on real processes whose command lines
/// look like a started server's.
@Suite struct LocalServerProcessesTests {
    let state = TemporaryFolder()

    /// A process whose command line is `…/intents-host -c CODE serve --state FOLDER`: Python,
    /// renamed, that says `ready` and sleeps.
    private func lookalike(stateFolder: String) throws -> SpawnedProgram {
        let python = try #require(["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) })
        return try SpawnedProgram(python, ["-c", """
            import os, sys
            os.execv(sys.executable, ["/nowhere/intents-host", "-c", "import time; print('ready', flush=True); time.sleep(120)",
                                      "serve", "--state", sys.argv[1]])
            """, stateFolder])
    }

    @Test func aServerOfTheFolderIsFoundStoppedAndReapedAndNoOtherIsTouched() async throws {
        let server = try lookalike(stateFolder: state.path)
        let other = try lookalike(stateFolder: state.path + "-other")
        #expect(await server.outputLines().next() == "ready")
        #expect(await other.outputLines().next() == "ready")
        #expect(LocalServerProcesses.pids(stateFolder: state.path) == [server.pid])
        let path = state.path
        try await offThePool { LocalServerProcesses.stop(stateFolder: path, waitSeconds: 20) }
        errno = 0
        #expect(kill(server.pid, 0) == -1 && errno == ESRCH, "ended and reaped, no zombie left")
        #expect(kill(other.pid, 0) == 0, "the other folder's server runs on")
        #expect(LocalServerProcesses.pids(stateFolder: path).isEmpty)
        kill(other.pid, SIGKILL)
        _ = await other.ended()
        _ = await server.ended()
    }
}
