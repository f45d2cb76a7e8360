import Foundation
import IntentsClient
import Synchronization
import SystemStore
import Testing

/// `CallingThreadExecutor` and the client's blocking connections, as the `intents` command
/// uses them: a task that stays on the thread that runs it, whatever resumes it.
@Suite struct CallingThreadExecutorTests {
    /// Runs `body` on a thread of its own (never a pool thread: `run` blocks its caller).
    private func onThreadOfItsOwn<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    @Test func aTaskStaysOnTheCallingThreadWhateverResumesIt() async {
        let onCaller = await onThreadOfItsOwn { () -> [Bool] in
            let caller = pthread_self()
            return CallingThreadExecutor().run {
                var seen = [pthread_equal(pthread_self(), caller) != 0]
                // Resumed by another thread: the task comes back to the caller's.
                await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                    Thread { resumed.resume() }.start()
                }
                seen.append(pthread_equal(pthread_self(), caller) != 0)
                // A child task runs there too.
                async let child = pthread_equal(pthread_self(), caller) != 0
                seen.append(await child)
                return seen
            }
        }
        #expect(onCaller == [true, true, true])
    }

    @Test func aServedConversationOnTheCallingThreadNeverLeavesIt() async throws {
        let apps = TemporaryFolder()
        let state = TemporaryFolder()
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        try SystemStore(stateFolder: state.path).setAuthorization(.authorized, app: "com.example.MonkeyChat")
        var configuration = IntentsClient.Configuration(stateFolder: state.path)
        configuration.startsServer = false
        configuration.blocksCallingThread = true
        let client = IntentsClient(configuration)
        let request = RunRequest(intent: "INSendMessageIntent",
                                 text: [TextParameter(name: "recipients", value: "Bobo"), TextParameter(name: "content", value: "bananas")])
        let (status, threads) = await onThreadOfItsOwn { () -> (ConversationResult.Status?, [Bool]) in
            let caller = pthread_self()
            return CallingThreadExecutor().run {
                let seen = Mutex<[Bool]>([])
                let result = try? await client.run(request) { question in
                    seen.withLock { $0.append(pthread_equal(pthread_self(), caller) != 0) }
                    return question.kind == .choice ? .choice(0) : .confirmation(true)
                }
                seen.withLock { $0.append(pthread_equal(pthread_self(), caller) != 0) }
                return (result?.status, seen.withLock { $0 })
            }
        }
        #expect(status == .success)
        // Two questions (which Bobo, then the confirmation), and the end: all on the caller's thread.
        #expect(threads == [true, true, true])
        #expect(await server.stop() == 0)
    }
}
