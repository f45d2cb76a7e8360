import Foundation
import ExtensionProtocol
import BundleLayout
import IntentsClient
import SystemStore
import MCP
@testable import MCPBridge
import Synchronization
import TestPrograms
import Testing

/// `intents mcp` driven by a real MCP client written by others: the official Python SDK (in
/// `.venv-mcp`, which `.ci/install-deps` makes), against a real server and real, sandboxed
/// extension processes.
@Suite struct AgentBridgeTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    /// The Python of `.venv-mcp`, with the `mcp` package.
    static let python = Package.root + "/.venv-mcp/bin/python"

    /// Runs a script of Tests/AgentClient with `arguments` and decodes the one JSON object it prints.
    private func runClient(_ script: String, _ arguments: [String]) async throws -> [String: Any] {
        try #require(FileManager.default.isExecutableFile(atPath: Self.python),
                     "No MCP client: \(Self.python) is missing; run .ci/install-deps, which installs the MCP Python SDK there.")
        let program = try SpawnedProgram(Self.python, [Package.root + "/Tests/AgentClient/" + script] + arguments,
                                         environment: ["PATH": "/usr/bin:/bin", "HOME": state.path])
        // Every wait has a maximum: the scripts bound their own steps, and this bounds the script.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(420))
            kill(program.pid, SIGKILL)
        }
        defer { watchdog.cancel() }
        let ending = await program.ended()
        let output = String(decoding: ending.stdout, as: UTF8.self)
        try #require(ending.status == 0, "\(script) ended with \(ending.status): \(String(decoding: ending.stderr.suffix(4000), as: UTF8.self))")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "not a JSON object: \(output)")
    }

    @Test func anAgentClientListsCallsAndIsAskedThroughTheBridge() async throws {
        let samples = try sampleAppsFolder(apps)
        let faulty = apps.path + "/Faulty"
        try addFaultyApp(to: faulty)
        let drop = apps.path + "/Drop"
        let staging = apps.path + "/Staging"
        for folder in [drop, staging] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try installEchoWithAppIntents(in: staging)
        // The notes fixture: App Intents whose entity parameters' queries suggest entities.
        let notes = try DevelopmentBundles.assemble(infoFolder: Package.root + "/Tests/Fixtures/NotesInfo", productsFolder: Package.products,
                                                    into: apps.path + "/Notes")
        let server = try await TestServer(apps: [samples, faulty, drop, notes], state: state.path)
        let catalog = try await client().catalog()

        let report = try await runClient("agent_client.py", [Package.cli, state.path, drop, staging + "/Echo.app"])
        let steps = try #require(report["steps"] as? [String: Any])

        // Initialize: the server says its tool list changes.
        let initialize = try #require(steps["initialize"] as? [String: Any])
        #expect(initialize["server"] as? String == "intents")
        #expect(initialize["listChanged"] as? Bool == true)

        // Tools: one per intent, named <App>_<Intent>, each App Intent's schema from the catalog.
        let tools = try #require(steps["tools"] as? [[String: Any]])
        let names = Set(tools.compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["MonkeyChat_INSendMessageIntent", "Faulty_INSendMessageIntent", "Meditation_StartMeditationIntent"]))
        #expect(names.allSatisfy { $0.utf8.count <= 64 && $0.allSatisfy { $0.isLetter && $0.isASCII || $0.isNumber || $0 == "_" || $0 == "-" } })
        let appIntents = catalog.apps.flatMap { app in app.extensions.flatMap { bundle in bundle.appIntents.map { (app, bundle, $0) } } }
        #expect(!appIntents.isEmpty)
        for (app, bundle, intent) in appIntents {
            let listed = tools.first { $0["name"] as? String == "\(app.displayName)_\(intent.name)" }
            guard intent.isDiscoverable else {
                #expect(listed == nil, "\(intent.name) is not discoverable, yet listed")
                continue
            }
            let tool = try #require(listed, "no tool for \(intent.name)")
            let input = try #require(tool["inputSchema"] as? [String: Any])
            let properties = try #require(input["properties"] as? [String: [String: Any]])
            #expect(Set(properties.keys) == Set(intent.parameters.map(\.name)), "\(intent.name)")
            #expect(Set(input["required"] as? [String] ?? []) == Set(intent.parameters.filter(\.isRequired).map(\.name)), "\(intent.name)")
            for parameter in intent.parameters where parameter.kind == .enumeration {
                let cases = bundle.enums.first { $0.typeName == parameter.typeName }?.cases.map(\.identifier) ?? []
                let listedCases = (properties[parameter.name]?["enum"] as? [String]) ?? (properties[parameter.name]?["items"] as? [String: Any])?["enum"] as? [String]
                #expect(listedCases == cases, "\(intent.name).\(parameter.name)")
            }
            #expect((tool["outputSchema"] == nil || tool["outputSchema"] is NSNull) == (intent.returnType == nil), "\(intent.name)")
        }
        // Annotations are the host's: messages reach people beyond the device; nothing else is claimed.
        let send = try #require(tools.first { $0["name"] as? String == "MonkeyChat_INSendMessageIntent" })
        #expect((send["annotations"] as? [String: Any])?["openWorldHint"] as? Bool == true)
        #expect((send["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool == false)
        #expect((send["description"] as? String)?.contains("Ready to send it?") == true)

        // No consent to agents: refused before anything ran, naming the rule.
        let refused = try #require(steps["withoutConsent"] as? [String: Any])
        #expect(refused["isError"] as? Bool == true)
        #expect(Self.error(of: refused)?["rule"] as? String == "agent-not-allowed")
        #expect((refused["text"] as? String)?.contains("intents authorize MonkeyChat grant --agents") == true)

        // With consent: the extension's question and the system's confirmation, asked through elicitation.
        let sent = try #require(steps["withConsent"] as? [String: Any])
        #expect(sent["isError"] as? Bool == false, "\(sent)")
        #expect((sent["structured"] as? [String: Any])?["status"] as? String == "success")
        let asked = (sent["asked"] as? [[String: Any]])?.compactMap { $0["message"] as? String }
        #expect(asked == ["Which recipient do you mean?", "Ready to send it?"])
        let recipients = ((sent["structured"] as? [String: Any])?["parameters"] as? [String: Any])?["recipients"] as? [[String: Any]]
        #expect(recipients?.first?["handle"] as? String == "@bobo.jungle")

        // Eight calls waiting for answers: a ninth is refused at once, saying why; the eight end well.
        let bound = try #require(steps["bound"] as? [String: Any])
        #expect(bound["waiting"] as? Int == 8, "\(bound)")
        let ninth = try #require(bound["ninth"] as? [String: Any])
        #expect(ninth["isError"] as? Bool == true)
        #expect((ninth["text"] as? String)?.contains("at most 8 tool calls at once") == true, "\(ninth)")
        #expect(bound["eight"] as? [Bool] == Array(repeating: false, count: 8), "\(bound)")

        // Locked: the lock policy refuses an agent as it refuses the user.
        let locked = try #require(steps["locked"] as? [String: Any])
        #expect(locked["isError"] as? Bool == true)
        #expect(Self.error(of: locked)?["rule"] as? String == "restricted-while-locked")

        // A crashing extension costs its own call: a tool error, and the next call runs.
        let crash = try #require(steps["crash"] as? [String: Any])
        #expect(crash["isError"] as? Bool == true)
        #expect(Self.error(of: crash)?["code"] as? String == "extensionFailed")
        #expect((crash["text"] as? String)?.contains("com.example.Faulty.Intents was killed by signal") == true, "\(crash)")
        #expect((steps["afterCrash"] as? [String: Any])?["isError"] as? Bool == false)

        // A bundle dropped in: the client is told, and the new app's intents are listed.
        let dropped = try #require(steps["dropped"] as? [String: Any])
        #expect(dropped["notified"] as? Bool == true)
        #expect((dropped["tools"] as? [String])?.contains("Echo_EchoIntent") == true)

        // An app the user hid from agents: the bridge is told, no longer lists it, and cannot call it.
        let hidden = try #require(steps["hidden"] as? [String: Any])
        #expect(hidden["notified"] as? Bool == true)
        #expect((hidden["tools"] as? [String])?.contains { $0.hasPrefix("Pizza_") } == false, "\(hidden)")
        #expect((hidden["tools"] as? [String])?.contains("MonkeyChat_INSendMessageIntent") == true)
        #expect((hidden["call"] as? String)?.contains("Unknown tool") == true, "\(hidden)")
        let consents = ((hidden["listing"] as? [String: Any])?["apps"] as? [[String: Any]]) ?? []
        #expect(consents.first { $0["name"] as? String == "Pizza" }?["status"] as? String == "hidden", "\(consents)")

        // Suggested entities: none before the user let agents use the app (the query is refused),
        // the query's suggestions as examples once the user did.
        let suggestions = try #require(steps["suggestions"] as? [String: Any])
        let folder = { (schema: Any?) in ((schema as? [String: Any])?["properties"] as? [String: Any])?["folder"] as? [String: Any] }
        #expect(folder(suggestions["before"])?["examples"] == nil, "\(suggestions)")
        #expect(folder(suggestions["after"])?["examples"] as? [String] == ["Inbox", "Travel"], "\(suggestions)")
        #expect((folder(suggestions["after"])?["description"] as? String)?.hasSuffix(#"suggested: "Inbox", "Travel""#) == true, "\(suggestions)")

        // A client that cannot be asked: the question, with its choices, as a tool error.
        let unasked = try #require(steps["noElicitation"] as? [String: Any])
        #expect(unasked["isError"] as? Bool == true)
        #expect((unasked["text"] as? String)?.contains("Which recipient do you mean?") == true, "\(unasked)")
        #expect((unasked["text"] as? String)?.contains("Bobo (@bobo.jungle)") == true, "\(unasked)")
        #expect((steps["unknownTool"] as? String)?.contains("Unknown tool") == true)
        #expect(await server.stop() == 0)
    }

    @Test func anAgentClientOverStreamableHTTPNeedsTheTokenAndGetsTheSameTools() async throws {
        let samples = try sampleAppsFolder(apps)
        let drop = apps.path + "/Drop"
        let staging = apps.path + "/Staging"
        for folder in [drop, staging] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try installEchoWithAppIntents(in: staging)
        let server = try await TestServer(apps: [samples, drop], state: state.path)
        let tokenFile = state.path + "/tokens/mcp-http-token"

        let report = try await runClient("agent_http_client.py", [Package.cli, state.path, tokenFile, drop, staging + "/Echo.app"])
        let steps = try #require(report["steps"] as? [String: Any])

        // The token is the user's alone, and every refusal comes before any session exists.
        #expect(steps["tokenFileMode"] as? String == "0o600")
        #expect(steps["noToken"] as? Int == 401)
        #expect(steps["wrongToken"] as? Int == 401)
        #expect(steps["wrongPath"] as? Int == 404)
        #expect(steps["foreignOrigin"] as? Int == 403)
        #expect(steps["noSession"] as? Int == 400)
        #expect(steps["unknownSession"] as? Int == 404)
        let oversized = steps["oversized"]
        #expect(oversized as? Int == 413 || (oversized as? String)?.hasPrefix("closed") == true, "\(String(describing: oversized))")

        // A head without the token is refused before its body; connections that never show the
        // token lose their places to one that does; a session past the maximum ends the least
        // recently used one.
        #expect((steps["headRefusal"] as? String)?.hasPrefix("HTTP/1.1 401") == true, "\(String(describing: steps["headRefusal"]))")
        #expect(steps["pastSquatters"] as? Int == 200)
        #expect(steps["sessionsPastMaximum"] as? [Int] == Array(repeating: 200, count: 8))
        #expect(steps["leastRecentlyUsed"] as? Int == 404)

        // A session's GET stream opened again after its connection dropped: served again.
        // A GET while one is open: served, and the first ends; a request's stream is not resumed.
        let reopened = try #require(steps["reopenedStream"] as? [Any])
        #expect(reopened.count == 5, "\(reopened)")
        #expect(reopened.prefix(3).compactMap { $0 as? Int } == [200, 200, 200], "\(reopened)")
        #expect(reopened.dropFirst(3).first as? String == "first ended", "\(reopened)")
        #expect(reopened.last as? Int == 400, "\(reopened)")

        // The official client's session: the same tools, policy and questions as over stdio.
        #expect((steps["initialize"] as? [String: Any])?["listChanged"] as? Bool == true)
        #expect((steps["tools"] as? [String])?.contains("MonkeyChat_INSendMessageIntent") == true)
        let refused = try #require(steps["withoutConsent"] as? [String: Any])
        #expect(Self.error(of: refused)?["rule"] as? String == "agent-not-allowed")
        let sent = try #require(steps["withConsent"] as? [String: Any])
        #expect(sent["isError"] as? Bool == false, "\(sent)")
        #expect(sent["asked"] as? [String] == ["Which recipient do you mean?", "Ready to send it?"])
        // A notification without a request: over the session's GET stream.
        let dropped = try #require(steps["dropped"] as? [String: Any])
        #expect(dropped["notified"] as? Bool == true)
        #expect((dropped["tools"] as? [String])?.contains("Echo_EchoIntent") == true)
        // The client ended its session on leaving; the session is gone, the bridge still serves.
        #expect(steps["sessionSeen"] as? Bool == true)
        #expect(steps["afterDelete"] as? Int == 404)
        #expect(steps["aliveAtEnd"] as? Bool == true)
        #expect(await server.stop() == 0)
    }

    @Test func brokenAndOversizedMessagesGetProtocolErrors() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        let replies = try await runClient("protocol_probe.py", [Package.cli, state.path])
        #expect(Self.code(of: replies["badJSON"]) == -32700)
        #expect(Self.code(of: replies["unknownMethod"]) == -32601)
        #expect(Self.code(of: replies["oversized"]) == -32600)
        #expect((replies["oversized"] as? [String: Any])?["id"] is NSNull)
        #expect(Self.code(of: replies["badParams"]) != nil)
        #expect(Self.code(of: replies["batch"]) == -32600)
        let tools = ((replies["afterwards"] as? [String: Any])?["result"] as? [String: Any])?["tools"] as? [[String: Any]]
        #expect(tools?.isEmpty == false, "\(replies)")
        #expect(replies["exitStatus"] as? Int == 0)
        #expect(await server.stop() == 0)
    }

    /// Only the bridge's runs are an agent's: another client naming the source would trade the
    /// Siri authorization for the consent to agents, and is refused before anything runs.
    @Test func noOtherClientRunsAsAnAgent() async throws {
        let server = try await TestServer(apps: [try sampleAppsFolder(apps)], state: state.path)
        let store = try SystemStore(stateFolder: state.path)
        try store.setAgentConsent(.authorized, app: "com.example.MonkeyChat")
        try store.setAuthorization(.denied, app: "com.example.MonkeyChat")
        let refused = await #expect(throws: IntentsClientError.self) {
            _ = try await client().run(RunRequest(intent: "INSendMessageIntent", text: [TextParameter(name: "recipients", value: "Kiki"),
                                                                                       TextParameter(name: "content", value: "hi")],
                                                  agreesToSystemConfirmation: true, interactive: false, source: .agent))
        }
        #expect(refused?.code == .refusedByPolicy)
        #expect(refused?.message.contains("--test-control") == true, "\(refused?.message ?? "")")
        #expect(await server.stop() == 0)
    }

    @Test func toolNamesAreStableAllowedAndDistinct() {
        let key = { (app: String, bundle: String, intent: String) in
            AgentToolNames.Key(appBundle: "com.example.\(bundle)", appName: app, extensionBundle: "com.example.\(bundle).Intents", intent: intent)
        }
        let plain = key("Monkey Chat!", "MonkeyChat", "INSendMessageIntent")
        let twinA = key("Notes", "NotesA", "AddNote")
        let twinB = key("Notes", "NotesB", "AddNote")
        let long = key(String(repeating: "VeryLongApplicationName", count: 3), "Long", "DoSomethingQuiteElaborateIntent")
        let names = AgentToolNames.names(for: [plain, twinA, twinB, long])
        #expect(names[plain] == "Monkey_Chat__INSendMessageIntent")
        #expect(names[twinA] != names[twinB])
        #expect(names[twinA]?.hasPrefix("Notes_AddNote_") == true)
        #expect(names.values.allSatisfy { $0.utf8.count <= 64 })
        #expect(names[long]?.utf8.count == 64)
        // The same on every listing, whatever else is listed.
        #expect(AgentToolNames.names(for: [twinB, twinA])[twinA] == names[twinA])
    }

    /// A hostile app named like another, with an intent named after the other's hashed tool
    /// name: no name is given twice, so no call runs the wrong app's intent.
    @Test func anIntentNamedAfterAHashedNameTakesNoOtherTool() throws {
        let pizza = AgentToolNames.Key(appBundle: "com.example.Pizza", appName: "Pizza", extensionBundle: "com.example.Pizza.Intents", intent: "OrderPizzaIntent")
        let evil = { (intent: String) in
            AgentToolNames.Key(appBundle: "com.evil.Pizza", appName: "Pizza", extensionBundle: "com.evil.Pizza.Intents", intent: intent)
        }
        let clashing = AgentToolNames.names(for: [pizza, evil("OrderPizzaIntent")])
        let pizzaName = try #require(clashing[pizza])
        let crafted = evil(String(pizzaName.dropFirst("Pizza_".count)))
        for keys in [[pizza, evil("OrderPizzaIntent"), crafted], [crafted, evil("OrderPizzaIntent"), pizza]] {
            let names = AgentToolNames.names(for: keys)
            #expect(Set(names.values).count == names.count, "\(names)")
            #expect(names[pizza] == pizzaName)
            #expect(names[crafted] != pizzaName)
        }
    }

    /// The bridge's wait for an answer ends at its deadline even when the request it waits on
    /// ignores cancellation (as the SDK's elicitation request does).
    @Test func anUnansweredElicitationEndsAtTheDeadline() async throws {
        // The body parks in a continuation that cancellation does not reach; the deadline
        // passes once it has parked.
        let parked = Mutex<CheckedContinuation<Int, Never>?>(nil)
        let answer = try await DeadlineRace.withDeadline(.seconds(110), sleep: { _ in
            while parked.withLock({ $0 == nil }) { await Task.yield() }
        }) {
            await withCheckedContinuation { continuation in parked.withLock { $0 = continuation } }
        }
        #expect(answer == nil)
        parked.withLock { $0?.resume(returning: 0) }
        let quick = try await DeadlineRace.withDeadline(.seconds(110), sleep: { _ in try await Task.sleep(for: .seconds(3600)) }) { 7 }
        #expect(quick == 7)
    }

    private func client() -> IntentsClient {
        var configuration = IntentsClient.Configuration(stateFolder: state.path)
        configuration.startsServer = false
        return IntentsClient(configuration)
    }

    private static func error(of call: [String: Any]) -> [String: Any]? {
        (call["structured"] as? [String: Any])?["error"] as? [String: Any]
    }

    private static func code(of reply: Any?) -> Int? {
        ((reply as? [String: Any])?["error"] as? [String: Any])?["code"] as? Int
    }
}

/// The tool list made from a catalog, without a server: what is left out, and the schemas.
@Suite struct AgentToolSetTests {
    static let notes = CatalogApp(bundleIdentifier: "com.example.Notes", displayName: "Notes", extensions: [
        CatalogExtension(bundleIdentifier: "com.example.Notes.Intents",
                         siriKitIntents: [CatalogSiriKitIntent(name: "INCreateNoteIntent", restrictedWhileLocked: true, isShared: false,
                                                               parameters: [CatalogParameter(name: "title", type: "INSpeakableString", isList: false, isRequired: false)])],
                         appIntents: [
                            AppIntentSchema(name: "AddNoteIntent", typeName: "NotesKit.AddNoteIntent", title: "Add Note", description: "Adds a note.",
                                            parameters: [AppParameterSchema(name: "text", title: "Text", kind: .string),
                                                         AppParameterSchema(name: "colour", title: "Colour", kind: .enumeration, typeName: "NotesKit.Colour"),
                                                         AppParameterSchema(name: "tags", title: "Tags", kind: .string, isList: true),
                                                         AppParameterSchema(name: "pinned", title: "Pinned", kind: .boolean, hasDefault: true)],
                                            returnType: AppValueTypeSchema(kind: .integer)),
                            AppIntentSchema(name: "HiddenIntent", typeName: "NotesKit.HiddenIntent", title: "Hidden", isDiscoverable: false),
                            AppIntentSchema(name: "BrokenIntent", typeName: "NotesKit.BrokenIntent", title: "Broken", unavailableReason: "a parameter of a type the host cannot carry"),
                         ],
                         appIntentsKnown: true, entities: [],
                         enums: [AppEnumSchema(typeName: "NotesKit.Colour", displayName: "Colour",
                                               cases: [AppEnumCase(identifier: "red", title: "Red"), AppEnumCase(identifier: "blue", title: "Blue")])]),
    ])
    static let other = CatalogApp(bundleIdentifier: "com.example.Other", displayName: "Other", extensions: [
        CatalogExtension(bundleIdentifier: "com.example.Other.Intents",
                         siriKitIntents: [CatalogSiriKitIntent(name: "OrderSoupIntent", restrictedWhileLocked: false, isShared: false, parameters: [])],
                         appIntents: [], appIntentsKnown: true, entities: [], enums: []),
    ])

    @Test func discoverableIntentsOfVisibleAppsAreListedWithTheirSchemas() throws {
        let set = AgentToolSet(catalog: CatalogSnapshot(apps: [Self.notes, Self.other], faults: [], generation: 3), hidden: ["com.example.Other"])
        #expect(set.tools.map(\.name) == ["Notes_AddNoteIntent", "Notes_INCreateNoteIntent"])
        #expect(set.targets["Notes_AddNoteIntent"]?.appBundle == "com.example.Notes")
        let add = try #require(set.tools.first)
        guard case .object(let input) = add.inputSchema, case .object(let properties)? = input["properties"] else {
            Issue.record("no properties in \(add.inputSchema)")
            return
        }
        #expect(Set(properties.keys) == ["text", "colour", "tags", "pinned"])
        #expect(input["required"] == .array(["text", "colour"]))
        #expect(properties["colour"]?.fields?["enum"] == .array(["red", "blue"]))
        #expect(properties["tags"]?.fields?["type"] == "array")
        #expect(properties["pinned"]?.fields?["type"] == "boolean")
        #expect(add.outputSchema?.fields?["properties"]?.fields?["value"] == ["type": "integer"])
        // A SiriKit system intent: the domain's summary, the lock restriction said, hints the host's.
        let create = try #require(set.tools.last)
        #expect(create.description?.contains("Refused while the device is locked.") == true)
        #expect(create.annotations.destructiveHint == false)
        #expect(create.annotations.readOnlyHint == false)
        // Hidden by name too; a custom intent takes any text members.
        let byName = AgentToolSet(catalog: CatalogSnapshot(apps: [Self.notes, Self.other], faults: [], generation: 3), hidden: ["Notes"])
        #expect(byName.tools.map(\.name) == ["Other_OrderSoupIntent"])
        #expect(byName.tools.first?.inputSchema.fields?["additionalProperties"] == ["type": "string"])
    }

    /// What an extension's query suggests reaches a schema as one-line names: no control,
    /// format, invisible or blank characters, one mark per letter, single spaces, cut to the
    /// bound, no repeats, at most ten.
    @Test func suggestedEntitiesAreListedAsCleanBoundedNames() {
        let long = String(repeating: "n", count: 500)
        let hidden = "A" + String(repeating: "\u{FE0F}", count: 50) + "\u{3164}\u{2800}B\u{0301}\u{0301}"
        let values: [IntentValue] = [.string("Inbox"), .string("Line\nbreak\u{202E}txt"), .string("Inbox"), .string("   "), .string(long),
                                     .string(hidden), .string("Caf\u{0065}\u{0301}  au\u{00A0}lait"), .string("\u{3164}")]
            + (0..<20).map { .string("Folder \($0)") }
        let names = EntitySuggestions.names(from: values)
        #expect(names.count == EntitySuggestions.maximumNames)
        #expect(names.prefix(5) == ["Inbox", "Linebreaktxt", String(repeating: "n", count: EntitySuggestions.maximumNameLength), "AB\u{0301}",
                                    "Cafe\u{0301} au lait"])
        #expect(names.last == "Folder 4")
    }
}

private extension Value {
    var fields: [String: Value]? {
        if case .object(let object) = self { return object }
        return nil
    }
}
