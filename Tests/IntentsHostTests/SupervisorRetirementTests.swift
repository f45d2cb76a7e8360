import ExtensionProcesses
import ExtensionProtocol
import Foundation
import IntentsHost
import Synchronization
import Testing

/// A bundle replaced or removed while its process is still starting: that process serves the
/// conversation that started it and ends with it; the next request starts a new one.
@Suite struct SupervisorRetirementTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    @Test func aProcessStillStartingWhenItsBundleIsRetiredIsNotKept() async throws {
        let dispatcher = makeDispatcher([try sampleAppsFolder(apps)], state: state)
        let clearance = try dispatcher.clearance(for: try dispatcher.route("INSendMessageIntent"))
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let (proceed, proceedContinuation) = AsyncStream.makeStream(of: Void.self)
        let made = Mutex<[SlowChannel]>([])
        let supervisor = ExtensionSupervisor { _ in
            startedContinuation.yield()
            for await _ in proceed { break }
            let channel = SlowChannel()
            made.withLock { $0.append(channel) }
            return channel
        }
        let conversation = Task { try await supervisor.withChannel(cleared: clearance) { ObjectIdentifier($0) } }
        for await _ in started { break }
        // The bundle is replaced while its first process starts.
        await supervisor.retire(["com.example.MonkeyChat.Intents"])
        proceedContinuation.yield()
        let first = try await conversation.value
        let firstChannel = try #require(made.withLock { $0.first })
        #expect(ObjectIdentifier(firstChannel) == first)
        // Its conversation over, it ends; the next request starts another process.
        try await waitUntil(.seconds(30)) { !firstChannel.isAlive }
        proceedContinuation.yield()
        let second = try await supervisor.withChannel(cleared: clearance) { ObjectIdentifier($0) }
        #expect(second != first)
        #expect(await supervisor.launchCount == 2)
        await supervisor.shutdownAll()
    }
}
