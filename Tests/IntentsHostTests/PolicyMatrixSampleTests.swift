import Foundation
import Testing

/// `intents policy --json` for the sample apps against what the CLI really does: for every
/// cell, the device is locked or unlocked (`intents lock`), the apps authorized or not
/// (`intents authorize`), and the intent invoked from the cell's source (`send`, a voice
/// shortcut's phrase, an App Shortcut's phrase) through the sandboxed sample extensions, or
/// the app started to continue a donated activity (a voice shortcut's phrase).
@Suite struct PolicyMatrixSampleTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    /// Runs a sample app, or `intents` on the embedded host (`INTENTS_NO_SERVER`), as this test
    /// was written for (the apps' system calls go to the server the first one starts).
    func run(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runBuilt(program, arguments, apps: apps, state: state, environment: program == "intents" ? ["INTENTS_NO_SERVER": "1"] : [:])
    }

    /// The command's `--json` object: its last line that is one.
    func json(_ output: String) throws -> [String: Any] {
        let line = output.split(separator: "\n").last { $0.hasPrefix("{") }
        return try #require(line.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] },
                            "no JSON in:\n\(output)")
    }

    /// How each sample intent (by name) and user activity (`activity:` and its type) is invoked
    /// from each source that can invoke it.
    static let invocations: [String: [String: [String]]] = [
        "activity:com.example.pizza.show-menu": ["activityContinuation": ["say", "what's on the menu"]],
        "activity:com.example.monkeychat.show-messages": ["activityContinuation": ["say", "show my monkey messages"]],
        "INSendMessageIntent": [
            "direct": ["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=hi"],
            "voiceShortcut": ["say", "bananas for kiki"],
        ],
        "OrderPizzaIntent": [
            "direct": ["send", "OrderPizzaIntent", "--param", "kind=margherita", "--param", "quantity=1", "--param", "deliveryTime=19:30"],
            "voiceShortcut": ["say", "pizza time"],
        ],
        "StartMeditationIntent": [
            "direct": ["send", "StartMeditationIntent", "--param", "session=Walking"],
            "appShortcut": ["say", "Start a Meditation", "--answer", "1"],
        ],
    ]

    static let sampleApps = ["MonkeyChat", "Pizza", "Meditation"]

    @Test func everyCellIsWhatTheCommandsDo() async throws {
        // Locked from the start: the server the apps' first donation starts learns no App Intents
        // as it starts (learning them runs the extension, which the lock forbids).
        #expect(try await run("intents", ["lock"]).status == 0)
        // The apps donate; the user attaches phrases to the donations. (A delivery time keeps the
        // order independent of the hour the test runs at: the pizzeria closes at night.)
        for (app, arguments) in [("pizza", ["order", "margherita", "1", "--delivery", "19:30"]), ("monkeychat", ["send", "c-kiki", "hi"]),
                                 ("pizza", ["menu"]), ("monkeychat", ["messages"])] {
            let ran = try await run(app, arguments)
            try #require(ran.status == 0, "\(app) \(arguments): \(ran.output)")
        }
        let donations = try json(try await run("intents", ["donations", "list", "--json"]).output)["donations"] as? [[String: Any]] ?? []
        for (app, kind, phrase) in [("com.example.Pizza", "interaction", "pizza time"), ("com.example.MonkeyChat", "interaction", "bananas for kiki"),
                                    ("com.example.Pizza", "userActivity", "what's on the menu"),
                                    ("com.example.MonkeyChat", "userActivity", "show my monkey messages")] {
            let donation = try #require(donations.first { $0["app"] as? String == app && $0["kind"] as? String == kind }?["identifier"] as? String,
                                        "\(donations)")
            #expect(try await run("intents", ["shortcuts", "add", phrase, "--donation", donation]).status == 0)
        }

        // Meditation's App Intents and App Shortcuts are known from its build before anything ran,
        // even while locked: every cell is judged, and the commands agree. (6 intent cells, the
        // App Shortcut's included, and each activity's continuation.)
        #expect(try await checkCells(in: "locked", authorized: true, expectedChecks: 8) == 8)
        #expect(try await run("intents", ["unlock"]).status == 0)
        #expect(try await run("intents", Self.invocations["StartMeditationIntent"]!["direct"]! + ["--non-interactive"]).status == 0)

        var checked = 0
        for state in ["unlocked", "locked", "lockedBeforeFirstUnlock"] {
            for authorized in [true, false] {
                checked += try await checkCells(in: state, authorized: authorized, expectedChecks: 8)
            }
        }
        // 3 intents x 2 sources x 6 (lock state x authorization), and 2 activities x 1 source x 6:
        // now nothing is not applicable but what cannot be (an App Shortcut of a SiriKit intent, a
        // voice shortcut of an App Intent, an activity continuation of an intent, an intent's
        // sources for an activity).
        #expect(checked == 48)
    }

    /// Puts the device in `state` and the sample apps' authorization to `authorized`, then runs
    /// each applicable cell of that state and authorization; returns how many.
    @discardableResult
    func checkCells(in state: String, authorized: Bool, expectedChecks: Int?) async throws -> Int {
        let lock = switch state {
        case "unlocked": ["unlock"]
        case "locked": ["lock"]
        default: ["lock", "--before-first-unlock"]
        }
        #expect(try await run("intents", lock).status == 0)
        for app in Self.sampleApps {
            // Not authorized: not determined, the status the matrix's column stands for in its sentences.
            #expect(try await run("intents", ["authorize", app, authorized ? "grant" : "reset"]).status == 0)
        }
        let policy = try await run("intents", ["policy", "--json"] + Self.sampleApps)
        #expect(policy.status == 0, "\(policy.output)")
        let rows = try json(policy.output)["rows"] as? [[String: Any]] ?? []
        // The apps also list intents as activity types (NSUserActivityTypes), which no sample
        // donates: their rows are judged as any activity, and have no command to check.
        let undonated: Set = ["activity:INSendMessageIntent", "activity:OrderPizzaIntent"]
        #expect(Set(rows.map(Self.key)) == Set(Self.invocations.keys).union(undonated))
        var checked = 0
        for row in rows {
            let intent = Self.key(row)
            let cells = (row["cells"] as? [[String: Any]] ?? []).filter {
                $0["lockState"] as? String == state && $0["authorized"] as? Bool == authorized
            }
            #expect(cells.count == 5, "\(intent): \(cells)")
            for cell in cells {
                let source = cell["source"] as? String ?? "?"
                // No intents command runs as an agent: the agent column is checked through the
                // dispatcher (PolicyMatrixTests) and through intents mcp (AgentBridgeTests).
                if source == "agent" { continue }
                let place = "\(intent) from \(source), \(state), \(authorized ? "authorized" : "not authorized")"
                guard cell["verdict"] as? String != "not-applicable" else {
                    let unknown = cell["reason"] as? String == "the extension's App Shortcuts are not known yet"
                    #expect(Self.invocations[intent]?[source] == nil || unknown, "\(place) is said not applicable")
                    continue
                }
                if undonated.contains(intent) {
                    #expect(source == "activityContinuation", "\(place)")
                    #expect(cell["rule"] as? String == (state == "unlocked" ? nil : "opens-app-while-locked"), "\(place)")
                    continue
                }
                let command = try #require(Self.invocations[intent]?[source], "\(place) has no invocation")
                let ran = try await run("intents", command + ["--json", "--non-interactive", "--yes"])
                let object = try json(ran.output)
                if cell["verdict"] as? String == "allowed" {
                    #expect(ran.status == 0, "\(place) is allowed, but: \(ran.output)")
                    #expect(object["status"] as? String == (source == "activityContinuation" ? "continued" : "success"), "\(place): \(ran.output)")
                } else {
                    #expect(ran.status == 3, "\(place) is refused, but: \(ran.output)")
                    let error = object["error"] as? [String: Any]
                    #expect(error?["rule"] as? String == cell["rule"] as? String, "\(place): \(ran.output)")
                    #expect(error?["message"] as? String == cell["reason"] as? String, "\(place)")
                }
                checked += 1
            }
        }
        if let expectedChecks { #expect(checked == expectedChecks, "\(state), \(authorized)") }
        return checked
    }

    /// A row's key in `invocations`: its intent, or `activity:` and its activity type.
    static func key(_ row: [String: Any]) -> String {
        (row["intent"] as? String) ?? "activity:" + (row["activityType"] as? String ?? "?")
    }
}
