import ExtensionProcesses
import ExtensionProtocol
import Foundation
import IntentsHost
import Testing

/// Handlers that complete on the main thread, in a real extension process confined as in
/// production (`MainThreadIntents`): the runner's main thread runs the main run loop while
/// another thread reads the socket.
@Suite struct MainThreadTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    func dispatcher() throws -> IntentDispatcher {
        let writer = BundleWriter(appsFolder: apps.path)
        try writer.app("MainThread", identifier: "com.example.MainThread")
        try writer.appex("MainThreadIntents", in: "MainThread", identifier: "com.example.MainThread.Intents",
                         principalClass: "MainThreadIntents.IntentHandler", intents: ["MainThreadIntent"],
                         library: Package.library("MainThreadIntents"))
        return makeDispatcher([apps.path], state: state)
    }

    /// Where the completion of `route` ran: "main", or which thread it was.
    func thread(_ dispatcher: IntentDispatcher, route: String) async throws -> String? {
        let result = try await dispatcher.send("MainThreadIntent", parameters: [("route", route)], user: NonInteractiveUser())
        #expect(result.outcome.response.codeName == "success")
        guard case .string(let thread)? = result.outcome.response.output.first(where: { $0.name == "thread" })?.value else { return nil }
        return thread
    }

    @Test(arguments: ["mainActorMethod", "mainActorRun", "dispatchMain", "runLoopTimer"])
    func aCompletionSentToTheMainThreadRunsThere(route: String) async throws {
        let dispatcher = try dispatcher()
        #expect(try await thread(dispatcher, route: route) == "main")
        let channel = try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("MainThreadIntent")))
        let process = try #require(channel as? ExtensionProcess)
        #expect(process.confinement?.missingRequiredLayers == [])
        #expect(process.confinement?.seccomp == true)
        await dispatcher.shutdown()
        #expect(process.exitStatus == 0)
    }

    /// The check can fail: a completion on a global queue is not on the main thread.
    @Test func aCompletionOnAGlobalQueueIsNotOnTheMainThread() async throws {
        let dispatcher = try dispatcher()
        let thread = try #require(try await thread(dispatcher, route: "background"))
        #expect(thread != "main")
        #expect(thread == "another thread (isMainThread false, principal's thread false)")
        await dispatcher.shutdown()
    }

    /// The first "meet" waits on the main actor until the second arrives: neither completes
    /// unless the socket is read and the main actor served while a request is in flight.
    @Test func aRequestWaitingOnTheMainActorDoesNotBlockAnother() async throws {
        let dispatcher = try dispatcher()
        #expect(try await thread(dispatcher, route: "dispatchMain") == "main")
        async let first = thread(dispatcher, route: "meet")
        async let second = thread(dispatcher, route: "meet")
        #expect(try await first == "main")
        #expect(try await second == "main")
        #expect(await dispatcher.supervisor.launchCount == 1)
        await dispatcher.shutdown()
    }
}
