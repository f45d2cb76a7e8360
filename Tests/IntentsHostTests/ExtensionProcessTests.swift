import Deadlines
import ExtensionProcesses
import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy
import IntentsHost
import Testing

/// Real runner processes loading real libraries from bundle folders.
@Suite struct ExtensionProcessTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    func faultyDispatcher(timeout: Duration = .seconds(10), principalClass: String = "FaultyIntents.FaultyExtension",
                          library: String = Package.library("FaultyIntents"), clock: DeadlineClock = .realTime) throws -> IntentDispatcher {
        try addFaultyApp(to: apps.path, principalClass: principalClass, library: library)
        return makeDispatcher([apps.path], state: state, stepTimeout: timeout, clock: clock)
    }

    func send(_ dispatcher: IntentDispatcher, content: String) async throws -> SendResult {
        try await dispatcher.send("INSendMessageIntent", parameters: [("recipients", "Kiki"), ("content", content)],
                                  user: NonInteractiveUser(agreesToSystemConfirmation: true))
    }

    @Test func monkeyChatConversationRunsInItsOwnProcess() async throws {
        let dispatcher = makeDispatcher([try sampleAppsFolder(apps)], state: state)
        let result = try await dispatcher.send("INSendMessageIntent",
                                               parameters: [("recipients", "Bobo"), ("content", "Please send more bananas")],
                                               user: ScriptedUser(answers: ["3", "yes"]))
        let channel = try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("INSendMessageIntent")))
        let process = try #require(channel as? ExtensionProcess)
        #expect(process.pid != getpid() && process.pid > 0)
        #expect(result.outcome.response.codeName == "success")
        #expect(result.outcome.prompts.first?.choices == ["Bobo (@bobo.banana)", "Bobo (@bobo.jungle)", "Bobo (@bobo.treetop)"])
        #expect(result.outcome.intent.parameters["recipients"]?.elements.first
                == .person(PersonValue(displayName: "Bobo", handle: "@bobo.treetop", handleType: 0, contactIdentifier: "c-bobo-treetop")))
        #expect(await dispatcher.supervisor.launchCount == 1)
        await dispatcher.shutdown()
        #expect(process.exitStatus == 0)
        await process.shutdown()
        #expect(!process.isAlive)
    }

    @Test func pizzaCustomIntentAnswersItsCustomCodes() async throws {
        let dispatcher = makeDispatcher([try sampleAppsFolder(apps)], state: state)
        defer { Task { await dispatcher.shutdown() } }
        func order(_ kind: String, at time: String) async throws -> ResponsePayload {
            try await dispatcher.send("OrderPizzaIntent", parameters: [("kind", kind), ("quantity", "2"), ("deliveryTime", time)],
                                      user: NonInteractiveUser()).outcome.response
        }
        let closed = try await order("margherita", at: "03:00")
        #expect(closed.code == 100 && closed.codeName == "failurePizzeriaClosed")
        let unavailable = try await order("quattro formaggi", at: "12:00")
        #expect(unavailable.codeName == "failurePizzaUnavailable")
        #expect(unavailable.output == [NamedValue(name: "kind", value: .object(ObjectValue(identifier: "quattro-formaggi", display: "Quattro Formaggi")))])
        let success = try await order("margherita", at: "12:00")
        #expect(success.code == 4 && success.category == .success)
        #expect(success.output == [NamedValue(name: "waitTime", value: .integer(25))])
    }

    @Test func crashIsReportedWithSignalAndStderrAndTheNextIntentWorks() async throws {
        let dispatcher = try faultyDispatcher()
        let error = await #expect(throws: HostError.self) { try await send(dispatcher, content: "crash") }
        #expect(error?.code == .extensionFailed)
        #expect(error?.message.hasPrefix("com.example.Faulty.Intents was killed by signal 4 (SIGILL); stderr: \"") == true)
        #expect(error?.message.contains("FaultyIntents was asked to crash") == true)
        let next = try await send(dispatcher, content: "ok")
        #expect(next.outcome.response.codeName == "success")
        #expect(await dispatcher.supervisor.launchCount == 2)
        await dispatcher.shutdown()
    }

    @Test func segmentationFaultIsReportedBySignalName() async throws {
        let dispatcher = try faultyDispatcher()
        let error = await #expect(throws: HostError.self) { try await send(dispatcher, content: "segv") }
        #expect(error?.message.hasPrefix("com.example.Faulty.Intents was killed by signal 11 (SIGSEGV)") == true)
        await dispatcher.shutdown()
    }

    @Test func exitIsReportedWithItsStatus() async throws {
        let dispatcher = try faultyDispatcher()
        let error = await #expect(throws: HostError.self) { try await send(dispatcher, content: "exit") }
        #expect(error?.message == "com.example.Faulty.Intents exited with status 3; it wrote nothing to stderr.")
        await dispatcher.shutdown()
    }

    /// The step's deadline is kept on a manual clock: the test moves it past the deadline once
    /// `handle` waits, instead of waiting three seconds.
    @Test func stepThatNeverCompletesTimesOutAndTheNextIntentWorks() async throws {
        let clock = DeadlineClock.manual()
        let dispatcher = try faultyDispatcher(timeout: .seconds(3), clock: clock)
        let hanging = Task { try await send(dispatcher, content: "hang") }
        await clock.waitForPendingDeadline(labelled: "handle")
        clock.advance(by: .seconds(2))
        // By its label: an earlier step's deadline may still be on its way out (seen in a full
        // local run, two pending where one was expected).
        #expect(clock.pendingDeadlines(labelled: "handle") == 1, "a step gave up before its deadline")
        clock.advance(by: .seconds(1))
        let error = await #expect(throws: HostError.self) { try await hanging.value }
        #expect(error == HostError(.requestTimedOut,
            "com.example.Faulty.Intents did not answer handle within 3 s (requestTimedOut); its process was ended."))
        let next = try await send(dispatcher, content: "ok")
        #expect(next.outcome.response.codeName == "success")
        await dispatcher.shutdown()
    }

    @Test func garbageOnTheSocketIsAProtocolErrorAndTheProcessIsEnded() async throws {
        let dispatcher = try faultyDispatcher()
        let error = await #expect(throws: HostError.self) { try await send(dispatcher, content: "garbage") }
        #expect(error?.message.hasPrefix("com.example.Faulty.Intents broke the protocol (A frame began with byte 0x48 instead of the marker 0xf1: the peer wrote something that is not a frame.) and its process was killed by signal 9 (SIGKILL)") == true)
        let next = try await send(dispatcher, content: "ok")
        #expect(next.outcome.response.codeName == "success")
        await dispatcher.shutdown()
    }

    @Test func printingToStdoutDoesNotCorruptFrames() async throws {
        let dispatcher = try faultyDispatcher()
        let result = try await send(dispatcher, content: "print")
        #expect(result.outcome.response.codeName == "success")
        await dispatcher.shutdown()
    }

    /// The SDK holds the system-store client, yet an extension that keeps no data of its own
    /// never loads libsqlite3: the SDK loads it only when an app process first needs it.
    @Test func anExtensionWithoutAStoreDoesNotLoadSQLite() async throws {
        let dispatcher = try faultyDispatcher()
        _ = try await send(dispatcher, content: "ok")
        let process = try #require(try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("INSendMessageIntent"))) as? ExtensionProcess)
        let sandboxed = try #require(process.sandboxedProcessID)
        #expect(sandboxed != process.pid)
        let maps = try String(contentsOfFile: "/proc/\(sandboxed)/maps", encoding: .utf8)
        #expect(maps.contains("libFaultyIntents.so"))
        #expect(!maps.contains("libsqlite3"))
        await dispatcher.shutdown()
    }

    @Test func missingPrincipalClassIsReportedAtStart() async throws {
        let dispatcher = try faultyDispatcher(principalClass: "FaultyIntents.Missing")
        let error = await #expect(throws: HostError.self) { try await send(dispatcher, content: "ok") }
        #expect(error?.message == "com.example.Faulty.Intents could not start: The principal class \"FaultyIntents.Missing\" is not in the extension's library.")
    }

    @Test func principalClassThatIsNotAnExtensionIsReported() async throws {
        let dispatcher = try faultyDispatcher(principalClass: "FaultyIntents.FaultyHandler")
        let error = await #expect(throws: HostError.self) { try await send(dispatcher, content: "ok") }
        #expect(error?.message == "com.example.Faulty.Intents could not start: The principal class \"FaultyIntents.FaultyHandler\" is not a subclass of INExtension.")
    }

    @Test func extensionWithoutHandlersIsReported() async throws {
        let dispatcher = try faultyDispatcher(principalClass: "FaultyIntents.EmptyExtension")
        let error = await #expect(throws: HostError.self) { try await send(dispatcher, content: "ok") }
        #expect(error?.message == "com.example.Faulty.Intents could not resolve recipients: handler(for:) returned nil for INSendMessageIntent.")
        await dispatcher.shutdown()
    }

    @Test func libraryNotBuiltAgainstTheSDKIsReported() async throws {
        let foreign = "/usr/lib/x86_64-linux-gnu/libz.so.1"
        try #require(FileManager.default.fileExists(atPath: foreign))
        let dispatcher = try faultyDispatcher(library: foreign)
        let error = await #expect(throws: HostError.self) { try await send(dispatcher, content: "ok") }
        #expect(error?.message.hasSuffix("does not export INExtensionServe: is it built against the Intents SDK?") == true)
        #expect(error?.message.hasPrefix("com.example.Faulty.Intents could not start: The extension's library") == true)
    }

    @Test func lockedDeviceRefusesRestrictedIntentsWithoutStartingAProcess() async throws {
        let dispatcher = makeDispatcher([try sampleAppsFolder(apps)], state: state)
        try LockStateStore(stateFolder: state.path).save(.locked)
        let error = await #expect(throws: HostError.self) {
            try await dispatcher.send("INSendMessageIntent", parameters: [("recipients", "Kiki"), ("content", "hi")],
                                      user: NonInteractiveUser())
        }
        #expect(error?.code == .refusedByPolicy)
        #expect(await dispatcher.supervisor.launchCount == 0)
        let pizza = try await dispatcher.send("OrderPizzaIntent", parameters: [("kind", "funghi"), ("quantity", "1"), ("deliveryTime", "12:00")],
                                              user: NonInteractiveUser())
        #expect(pizza.outcome.response.codeName == "success")
        #expect(await dispatcher.supervisor.launchCount == 1)
        await dispatcher.shutdown()
    }
}
