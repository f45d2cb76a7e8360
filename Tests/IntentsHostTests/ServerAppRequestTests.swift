import ExtensionProtocol
import Foundation
import IntentsHost
import LocalAPI
import SystemCalls
import SystemStore
import Testing
import TestPrograms

/// App processes' system calls through `intents serve`: the server names the app from the
/// connection (the executable the peer runs), never from the request.
@Suite struct ServerAppRequestTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    /// Sends one app request from this process.
    private func call(_ call: SystemCall) throws -> AppReply {
        try Self.call(call, stateFolder: state.path)
    }

    private static func call(_ call: SystemCall, stateFolder: String) throws -> AppReply {
        let socket = try #require(LocalAPISocket.connect(stateFolder: stateFolder))
        defer { close(socket) }
        let channel = FrameChannel(fileDescriptor: socket, codec: localAPICodec)
        try channel.send(ClientMessage.app(AppRequest(operation: call.name, call: call.wireBytes)))
        guard case .appReply(let reply)? = try channel.receive(ServerMessage.self) else { throw CancellationError() }
        return reply
    }

    private func result(_ reply: AppReply) throws -> SystemCallResult {
        try SystemCallResult(wireBytes: reply.result)
    }

    /// Installs "Forger", an app whose executable is this very test process's (a hard link):
    /// requests from this process are then Forger's, whatever they say.
    private func installForger(in folder: String) throws {
        let writer = BundleWriter(appsFolder: folder)
        let app = try writer.app("Forger", identifier: "com.example.Forger",
                                 extra: ["CFBundleExecutable": "forger", "NSSiriUsageDescription": "To forge."])
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #expect(link(executable, app + "/forger") == 0, "hard link: \(String(cString: strerror(errno)))")
    }

    @Test func anAppCannotDonateAsAnotherAppNorGrantItselfSiri() async throws {
        let folder = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [folder], state: state.path)
        let forged = Donation(app: "com.example.Pizza", kind: .interaction,
                              action: .intent(IntentPayload(name: "OrderPizzaIntent"), className: nil))

        // Not an installed app yet: refused, naming the executable.
        let stranger = try call(.donate(forged))
        #expect(stranger.failure?.code == "noAppAvailable")
        #expect(stranger.failure?.message.contains("No installed app has the executable") == true)

        try installForger(in: folder)
        var donated = try call(.donate(forged))
        let deadline = ContinuousClock.now + .seconds(60)
        while donated.failure != nil && ContinuousClock.now < deadline {  // until the server picks the new app up
            try await Task.sleep(for: .milliseconds(100))
            donated = try call(.donate(forged))
        }
        #expect(donated.failure == nil, "\(donated.failure?.message ?? "")")
        let store = try SystemStore(stateFolder: state.path)
        #expect(try store.donations(app: "com.example.Pizza").isEmpty)
        #expect(try store.donations(app: "com.example.Forger").count == 1)

        // Asking for Siri waits for the user; the app cannot answer it itself.
        // Its wait blocks a thread: a GCD one, not one of the concurrency pool's few.
        let stateFolder = state.path
        async let asked = offThePool { try Self.call(.requestAuthorization(displayName: "Pizza", usageDescription: "Please."), stateFolder: stateFolder) }
        var listing = (status: Int32(0), output: "")
        let asking = ContinuousClock.now + .seconds(60)
        repeat {
            try await Task.sleep(for: .milliseconds(100))
            listing = try await runProgram(Package.cli, ["--state", state.path, "authorize"],
                                           environment: ["PATH": "/usr/bin:/bin", "HOME": state.path])
        } while !listing.output.contains("asks now") && ContinuousClock.now < asking
        #expect(listing.output.contains("asks now: \"To forge.\""), "\(listing.output)")
        #expect(try store.authorization(app: "com.example.Forger") == .notDetermined)
        let grant = try await runProgram(Package.cli, ["--state", state.path, "authorize", "Forger", "deny"],
                                         environment: ["PATH": "/usr/bin:/bin", "HOME": state.path])
        #expect(grant.status == 0, "\(grant.output)")
        #expect(try result(try await asked) == .authorization(.denied))
        // Asked once: a later request answers the decision at once.
        #expect(try result(try call(.requestAuthorization(displayName: "Forger", usageDescription: "Again."))) == .authorization(.denied))
        #expect(try store.authorization(app: "com.example.Pizza") == .notDetermined)

        // Another app's group is not the caller's.
        let group = try call(.appGroupContainer("group.com.example.MonkeyChat"))
        #expect(group.failure?.message.contains("com.example.Forger is not entitled to the app group") == true)
        #expect(await server.stop() == 0)
    }

    @Test func theSampleAppsDonationGoesThroughTheServer() async throws {
        let folder = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [folder], state: state.path)
        let app = folder + "/MonkeyChat.app/monkeychat"
        let sent = try await runProgram(app, ["send", "bobo.jungle", "More bananas"],
                                        environment: ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_STATE": state.path])
        #expect(sent.status == 0, "\(sent.output)")
        #expect(server.log.contains("app=com.example.MonkeyChat") && server.log.contains("operation=donate"), "\(server.log)")
        let store = try SystemStore(stateFolder: state.path)
        #expect(try store.donations(app: "com.example.MonkeyChat").count == 1)
        #expect(await server.stop() == 0)
    }

    /// Served: the Meditation app's updateAppShortcutParameters() goes through the server,
    /// which asks the extension's query again, so that a session added in the app is said at once.
    @Test func aSessionAddedInTheAppIsSaidThroughTheServer() async throws {
        let folder = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [folder], state: state.path)
        let environment = ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_STATE": state.path]
        let added = try await runProgram(folder + "/Meditation.app/meditation", ["add-session", "Evening wind-down"], environment: environment)
        #expect(added.status == 0, "\(added.output)")
        #expect(server.log.contains("app=com.example.Meditation") && server.log.contains("operation=updateAppShortcutParameters"),
                "\(server.log)")
        let said = try await runProgram(Package.cli, ["--state", state.path, "say", "Meditate on evening wind-down with Meditation", "--json"],
                                        environment: environment)
        #expect(said.status == 0, "\(said.output)")
        #expect(said.output.contains(#""dialog":"Okay, starting a Evening wind-down meditation session.""#), "\(said.output)")
        #expect(server.log.contains("say served"), "the client's say was served")
        #expect(await server.stop() == 0)
    }

    /// A hostile bundle whose CFBundleExecutable links to another app's executable is not that app.
    @Test func aBundleLinkingToAnotherAppsExecutableCapturesNothing() async throws {
        let folder = try sampleAppsFolder(apps)
        let writer = BundleWriter(appsFolder: folder)
        let thief = try writer.app("AAThief", identifier: "com.example.Thief", extra: ["CFBundleExecutable": "thief"])
        #expect(symlink(folder + "/MonkeyChat.app/monkeychat", thief + "/thief") == 0)
        let server = try await TestServer(apps: [folder], state: state.path)
        let sent = try await runProgram(folder + "/MonkeyChat.app/monkeychat", ["send", "bobo.jungle", "More bananas"],
                                        environment: ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_STATE": state.path])
        #expect(sent.status == 0, "\(sent.output)")
        let store = try SystemStore(stateFolder: state.path)
        #expect(try store.donations(app: "com.example.Thief").isEmpty)
        #expect(try store.donations(app: "com.example.MonkeyChat").count == 1)
        #expect(await server.stop() == 0)
    }

    /// A dropped-in bundle whose executable is a hard link to an installed app's is the one at
    /// fault: the installed app's calls are still its own, and `intents apps` names both apps.
    @Test func aBundleHardLinkingAnInstalledAppsExecutableIsFaultedAndTakesNothing() async throws {
        let folder = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [folder], state: state.path)
        let environment = ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_STATE": state.path]
        // Served once: the server has scanned (and so installed) the sample apps. Its socket
        // accepts connections before that.
        let installed = try await runProgram(Package.cli, ["--state", state.path, "apps"], environment: environment)
        #expect(installed.status == 0 && installed.output.contains("MonkeyChat (com.example.MonkeyChat)"), "\(installed.output)")
        // Made aside and moved in whole, so that the server never sees it half made.
        let thief = try BundleWriter(appsFolder: apps.path).app("AAThief", identifier: "com.example.Thief",
                                                                extra: ["CFBundleExecutable": "thief"])
        #expect(link(folder + "/MonkeyChat.app/monkeychat", thief + "/thief") == 0, "\(String(cString: strerror(errno)))")
        #expect(rename(thief, folder + "/AAThief.app") == 0, "\(String(cString: strerror(errno)))")

        // Until the server has scanned the newcomer, as an app or as a fault.
        var listing = (status: Int32(0), output: "")
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            listing = try await runProgram(Package.cli, ["--state", state.path, "apps", "--json"], environment: environment)
            if listing.output.contains("com.example.Thief") || ContinuousClock.now > deadline { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let line = listing.output.split(separator: "\n").last { $0.hasPrefix("{") } ?? ""
        let report = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(listing.output)")
        let apps = (report["apps"] as? [[String: Any]])?.compactMap { $0["bundleIdentifier"] as? String }
        #expect(apps?.contains("com.example.MonkeyChat") == true, "\(listing.output)")
        #expect(apps?.contains("com.example.Thief") == false, "\(listing.output)")
        let faults = (report["faults"] as? [[String: Any]])?.filter { $0["code"] as? String == "sharedExecutable" }
        #expect(faults?.compactMap { $0["message"] as? String } == [
            "In \(folder)/AAThief.app/Info.plist, CFBundleExecutable \"thief\" is the same file as the executable of com.example.MonkeyChat (\"\(folder)/MonkeyChat.app\"), which had it first; com.example.Thief is not used until its executable is a file of its own.",
        ], "\(listing.output)")

        let sent = try await runProgram(folder + "/MonkeyChat.app/monkeychat", ["send", "bobo.jungle", "More bananas"], environment: environment)
        #expect(sent.status == 0, "\(sent.output)")
        let store = try SystemStore(stateFolder: state.path)
        #expect(try store.donations(app: "com.example.MonkeyChat").count == 1, "\(sent.output)")
        #expect(try store.donations(app: "com.example.Thief").isEmpty)
        #expect(await server.stop() == 0)
    }

    /// A served `say` of an activity shortcut: the app's donation goes through the server, and
    /// the app it hands the activity to prints on the client's terminal.
    @Test func anActivityShortcutSaidThroughTheServerPrintsOnTheClient() async throws {
        let folder = try sampleAppsFolder(apps)
        let server = try await TestServer(apps: [folder], state: state.path)
        let environment = ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_STATE": state.path]
        #expect(try await runProgram(folder + "/Pizza.app/pizza", ["menu"], environment: environment).status == 0)
        let store = try SystemStore(stateFolder: state.path)
        let activity = try #require(try store.donations(app: "com.example.Pizza").first { $0.kind == .userActivity })
        let added = try await runProgram(Package.cli, ["--state", state.path, "shortcuts", "add", "what's on the menu",
                                                       "--donation", activity.identifier], environment: environment)
        #expect(added.status == 0, "\(added.output)")
        let said = try await runProgram(Package.cli, ["--state", state.path, "say", "Whats on the menu?"], environment: environment)
        #expect(said.status == 0, "\(said.output)")
        #expect(said.output.contains("Continuing Pizza menu:"), "\(said.output)")
        #expect(server.servedCount == 2)
        #expect(await server.stop() == 0)
    }
}
