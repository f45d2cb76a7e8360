import Foundation
import IntentsHost
import LocalAPI
import SystemCalls
import SystemStore
import Testing

/// An app's system calls through the SDK reach the system store only through a server: with
/// none running, the SDK starts one for the state folder, which is the store's one writer.
@Suite struct SystemCallServerTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    /// The environment a user's shell gives the sample app: the apps folder the server it starts
    /// is to serve (the sample apps, laid out with the app's own executable hard-linked in).
    private func environment() throws -> [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_APPS": try sampleAppsFolder(apps)]
    }

    @Test func anAppWithNoServerRunningStartsOneWhichWritesItsDonation() async throws {
        #expect(LocalAPISocket.connect(stateFolder: state.path) == nil, "a server already listens")
        let sent = try await runProgram(Package.products + "/monkeychat", ["send", "c-kiki", "Bananas at noon?", "--state", state.path],
                                        environment: try environment())
        #expect(sent.status == 0, "\(sent.output)")
        #expect(!sent.output.contains("was not donated"), "\(sent.output)")

        // A server now listens for the state folder, and it is intents-host, started detached.
        let socket = try #require(LocalAPISocket.connect(stateFolder: state.path), "no server was started")
        close(socket)
        let log = try String(contentsOfFile: state.path + "/server.log", encoding: .utf8)
        #expect(log.contains("app request"), "\(log)")
        #expect(log.contains("com.example.MonkeyChat"), "\(log)")

        let donations = try SystemStore(stateFolder: state.path).donations(app: "com.example.MonkeyChat")
        #expect(donations.map(\.action.name) == ["INSendMessageIntent"])
    }

    /// `INPreferences.requestSiriAuthorization` from an app waits for the user, who answers with
    /// `intents authorize`; the app says where to answer before it waits.
    @Test func anAppsSiriRequestIsAnsweredByTheUserThroughTheCLI() async throws {
        let app = try spawnBuilt("monkeychat", ["authorize-siri", "--state", state.path], environment: try environment())
        defer { close(app.output) }
        // The app's words up to its hint (an event: it writes the hint, then waits for the answer;
        // its wait is bounded by the server's 5 minutes).
        let hint = try await readOutput(until: "Waiting for your answer", from: app.output)
        #expect(hint.contains("\"MonkeyChat\" would like to use Siri. MonkeyChat sends your messages when you ask."), "\(hint)")
        #expect(hint.contains("intents authorize com.example.MonkeyChat grant, or deny"), "\(hint)")

        // The user grants (the CLI is served by the server the app started, or finds the grant
        // recorded before the app's request arrives: either way the app is answered).
        let granted = try await runCLI(["authorize", "com.example.MonkeyChat", "grant", "--state", state.path], home: state.path,
                                 environment: ["INTENTS_APPS": try sampleAppsFolder(apps)])
        #expect(granted.status == 0, "\(granted.stdout) \(granted.stderr)")
        let rest = try await readOutput(until: nil, from: app.output)
        #expect(await app.child.exited() == 0)
        #expect(rest.contains("Siri authorization: authorized."), "\(hint)\(rest)")
        #expect(try SystemStore(stateFolder: state.path).authorization(app: "com.example.MonkeyChat") == .authorized)
    }
}

/// What an extension library holds: one that uses only the SDK (`Intents`, `AppIntents`)
/// carries no SQLite, neither linked nor loaded; one that uses SharedKit's app-group store does.
@Suite struct ExtensionLibraryContentsTests {
    private func mentionsSQLite(_ library: String) throws -> Bool {
        let bytes = try #require(FileManager.default.contents(atPath: Package.library(library)), "no \(library) built")
        return bytes.range(of: Data("sqlite".utf8)) != nil || bytes.range(of: Data("SQLite".utf8)) != nil
    }

    @Test(arguments: ["EchoIntents", "FaultyIntents", "MainThreadIntents"])
    func anSDKOnlyLibraryHoldsNoSQLite(library: String) throws {
        #expect(try !mentionsSQLite(library), "lib\(library).so names SQLite (a symbol, a string or a NEEDED entry)")
    }

    @Test func aLibraryUsingSharedKitsStoreLinksSQLite() throws {
        #expect(try mentionsSQLite("MonkeyChatIntents"))
    }

    /// The `intents` client runs `send` through the host API and prints its reports itself, and
    /// still links no Foundation (its start cost is the point of it); the embedded host does.
    @Test func theIntentsClientLinksNoFoundation() throws {
        func mentionsFoundation(_ path: String) throws -> Bool {
            let bytes = try #require(FileManager.default.contents(atPath: path), "no \(path) built")
            return bytes.range(of: Data("10Foundation".utf8)) != nil || bytes.range(of: Data("20FoundationEssentials".utf8)) != nil
        }
        #expect(try !mentionsFoundation(Package.cli))
        #expect(try mentionsFoundation(Package.products + "/intents-host"))
    }
}
