import ExtensionProtocol
import Foundation
import HostBundles
import HostPolicy
import IntentsHost
import SystemStore
import Testing

/// App Intents through real sandboxed processes: the Echo fixture's App Intents in a bundle
/// that holds SiriKit's EchoIntent too, driven by the host and by the CLI.
@Suite struct AppIntentProcessTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    /// Echo.app with one extension holding both kinds of intent.
    func install() throws {
        try installEchoWithAppIntents(in: apps.path)
    }

    func cli(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runProgram(Package.cli, ["--apps", apps.path, "--state", state.path] + arguments, environment: ["INTENTS_NO_SERVER": "1"])
    }

    func json(_ output: String) throws -> [String: Any] {
        let line = try #require(output.split(separator: "\n").last { $0.hasPrefix("{") }, "no JSON in:\n\(output)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func anAppIntentRunsBesideASiriKitIntentInOneSandboxedExtension() async throws {
        try install()
        let run = try await cli(["send", "EchoAppIntent", "--param", "text=hello there", "--json"])
        #expect(run.status == 0, "\(run.output)")
        let object = try json(run.output)
        #expect(object["dialog"] as? String == "hello there")
        #expect(object["value"] as? String == "hello there")
        #expect(object["status"] as? String == "success")
        #expect(object["step"] as? String == "perform")
        let siriKit = try await cli(["send", "EchoIntent", "--param", "text=hi", "--json"])
        #expect(siriKit.status == 0, "\(siriKit.output)")
        #expect(try json(siriKit.output)["output"] as? [String: String] == ["echo": "hi"])
    }

    @Test func aRequiredParameterWithNoValueIsAskedForFirst() async throws {
        try install()
        let run = try await cli(["send", "EchoAppIntent", "--answer", "typed later", "--json"])
        #expect(run.status == 0, "\(run.output)")
        let object = try json(run.output)
        #expect(object["dialog"] as? String == "typed later")
        let prompts = try #require(object["prompts"] as? [[String: Any]])
        #expect(prompts.first?["kind"] as? String == "value")
        let none = try await cli(["send", "EchoAppIntent", "--non-interactive"])
        #expect(none.status == 2, "\(none.output)")
    }

    @Test func requiresAuthenticationIsRefusedWhileLockedBeforeAnyProcessStarts() async throws {
        try install()
        // The metadata is learned once (as installing does) and cached by the library's hash.
        let learning = makeDispatcher([apps.path], state: state)
        let bundle = try learning.route("LockedEchoAppIntent")
        let metadata = try await learning.appIntentsMetadata(of: bundle)
        #expect(metadata.intent(named: "LockedEchoAppIntent")?.authenticationPolicy == .requiresAuthentication)
        #expect(metadata.intent(named: "EchoAppIntent")?.authenticationPolicy == .alwaysAllowed)
        await learning.shutdown()

        for state in [LockState.locked, .lockedBeforeFirstUnlock] {
            let dispatcher = makeDispatcher([apps.path], state: self.state)
            try dispatcher.lockStore.save(state)
            do {
                _ = try await dispatcher.send("LockedEchoAppIntent", parameters: [("text", "x")], user: NonInteractiveUser())
                Issue.record("LockedEchoAppIntent ran while \(state)")
            } catch let error as HostError {
                #expect(error.code == .refusedByPolicy)
                #expect(error.message.contains("authenticationPolicy .requiresAuthentication of com.example.Echo.Intents"))
            }
            #expect(await dispatcher.supervisor.liveCount == 0, "a process started for a refused request")
            let allowed = try await dispatcher.send("EchoAppIntent", parameters: [("text", "locked")], user: NonInteractiveUser())
            #expect(allowed.outcome.appIntentResult?.dialog == "locked")
            await dispatcher.shutdown()
        }
        try LockStateStore(stateFolder: state.path).save(.unlocked)
        let unlocked = try await cli(["send", "LockedEchoAppIntent", "--param", "text=<b>", "--json"])
        #expect(unlocked.status == 0, "\(unlocked.output)")
        let snippet = try #require(try json(unlocked.output)["snippet"] as? [String: String])
        #expect(snippet == ["format": "html", "content": "<p><b></p>"])
    }

    @Test func aConfirmationRequestedInPerformIsAskedAndANoDeclines() async throws {
        try install()
        let yes = try await cli(["send", "AskingEchoAppIntent", "--param", "text=bananas", "--answer", "yes", "--json"])
        #expect(yes.status == 0, "\(yes.output)")
        let object = try json(yes.output)
        #expect(object["dialog"] as? String == "confirmed: bananas")
        let prompts = try #require(object["prompts"] as? [[String: Any]])
        #expect(prompts.map { $0["text"] as? String } == ["Echo bananas?"])
        let no = try await cli(["send", "AskingEchoAppIntent", "--param", "text=bananas", "--answer", "no", "--json"])
        #expect(no.status == 6, "\(no.output)")
        #expect(try json(no.output)["status"] as? String == "declined")
        let agreed = try await cli(["send", "AskingEchoAppIntent", "--param", "text=x", "--yes"])
        #expect(agreed.status == 0, "\(agreed.output)")
        #expect(agreed.output.contains("confirmed: x"))
    }

    @Test func appsShowsEachAppIntentsPolicyAndTheMetadataIsDescribedOnce() async throws {
        try install()
        let first = try await cli(["apps", "--json"])
        #expect(first.status == 0, "\(first.output)")
        let appsList = try #require(try json(first.output)["apps"] as? [[String: Any]])
        let plugIn = try #require((appsList.first?["extensions"] as? [[String: Any]])?.first)
        let intents = try #require(plugIn["appIntents"] as? [[String: Any]])
        #expect(intents.map { $0["name"] as? String } == ["EchoAppIntent", "LockedEchoAppIntent", "AskingEchoAppIntent"])
        #expect(intents.map { $0["authenticationPolicy"] as? String } == ["alwaysAllowed", "requiresAuthentication", "alwaysAllowed"])
        let text = try await cli(["apps"])
        #expect(text.output.contains("LockedEchoAppIntent [App Intent, restricted while locked: requiresAuthentication]"))
        // Another command reads the cache; a copy of the same library (a new file identity) is
        // hashed and found there, not described again.
        let library = apps.path + "/Echo.app/PlugIns/EchoIntents.appex/libEchoIntents.so"
        let store = try SystemStoreProbe.metadataRows(state.path)
        #expect(store == 1)
        try FileManager.default.removeItem(atPath: library)
        try FileManager.default.copyItem(atPath: Package.library("EchoIntents"), toPath: library)
        _ = try await cli(["apps"])
        #expect(try SystemStoreProbe.metadataRows(state.path) == 1, "an identical copy is the same content: no second description")
    }
}

/// Reads the system store's App Intents cache.
enum SystemStoreProbe {
    static func metadataRows(_ state: String) throws -> Int {
        try SystemStore(stateFolder: state).appIntentsMetadataCount()
    }
}
