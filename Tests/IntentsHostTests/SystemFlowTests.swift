import Foundation
import SystemCalls
import SystemStore
import Testing

/// The system side end to end, with the real executables: apps donate, the user attaches
/// phrases, `intents say` runs them through the sandboxed extensions.
@Suite struct SystemFlowTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    func run(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runBuilt(program, arguments, apps: apps, state: state)
    }

    func json(_ output: String) throws -> [String: Any] {
        let line = output.split(separator: "\n").last { $0.hasPrefix("{") } ?? ""
        return try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(output)")
    }

    /// The identifier an app printed after "Donated as ".
    func donation(in output: String) throws -> String {
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("Donated as ") }, "no donation in: \(output)")
        return String(line.dropFirst("Donated as ".count).dropLast())
    }

    @Test func aDonatedOrderGetsAPhraseAndSayingItOrdersAgain() async throws {
        let ordered = try await run("pizza", ["order", "margherita", "2", "--delivery", "19:30"])
        #expect(ordered.status == 0, "\(ordered.output)")
        let id = try donation(in: ordered.output)
        let added = try await run("intents", ["shortcuts", "add", "Pizza time!", "--donation", id])
        #expect(added.status == 0, "\(added.output)")

        let said = try await run("intents", ["say", "  PIZZA, time ", "--json"])
        #expect(said.status == 0, "\(said.output)")
        let result = try json(said.output)
        #expect(result["codeName"] as? String == "success")
        #expect((result["matched"] as? [String: Any])?["kind"] as? String == "voiceShortcut")
        let parameters = result["parameters"] as? [String: Any]
        #expect((parameters?["kind"] as? [String: Any])?["identifier"] as? String == "margherita")
        #expect(parameters?["quantity"] as? Int == 2)
        // One order from the app, one through the extension.
        let orders = try await run("pizza", ["orders"])
        #expect(orders.output.split(separator: "\n").filter { $0.hasPrefix("2 x margherita") }.count == 2, "\(orders.output)")
    }

    @Test func shortcutsAndDonationsSurviveAndDeletionsShowAtOnce() async throws {
        let id = try donation(in: try await run("pizza", ["order", "funghi", "1", "--delivery", "12:00"]).output)
        _ = try await run("intents", ["shortcuts", "add", "mushroom night", "--donation", id])
        let listed = try json(try await run("intents", ["shortcuts", "list", "--json"]).output)
        let shortcut = try #require((listed["shortcuts"] as? [[String: Any]])?.first)
        #expect(shortcut["phrase"] as? String == "mushroom night")
        #expect(shortcut["donation"] as? String == id)

        let duplicate = try await run("intents", ["shortcuts", "add", "Mushroom  Night!", "--donation", id])
        #expect(duplicate.status == 2)
        #expect(duplicate.output.contains("The phrase \"Mushroom  Night!\" is already used by the shortcut"))

        let shortcutID = try #require(shortcut["identifier"] as? String)
        #expect(try await run("intents", ["shortcuts", "edit", shortcutID, "funghi friday"]).status == 0)
        #expect(try await run("intents", ["say", "mushroom night"]).status == 2)
        #expect(try await run("intents", ["shortcuts", "delete", shortcutID]).status == 0)
        let gone = try await run("intents", ["say", "funghi friday"])
        #expect(gone.status == 2)
        #expect(gone.output.contains("Nothing matches \"funghi friday\""))

        #expect(try await run("intents", ["donations", "delete", id]).status == 0)
        let donations = try json(try await run("intents", ["donations", "list", "--json"]).output)
        #expect((donations["donations"] as? [Any])?.isEmpty == true)
        let missing = try await run("intents", ["shortcuts", "add", "again", "--donation", id])
        #expect(missing.status == 2)
        #expect(missing.output.contains("No donation has the identifier \(id)"))
    }

    @Test func aPhraseResolvesThroughVocabularyAndAsksWhichBobo() async throws {
        // Listing contacts teaches the system their names (user vocabulary).
        #expect(try await run("monkeychat", ["contacts"]).status == 0)
        let refused = try await run("intents", ["say", "send a MonkeyChat to Bobo", "--non-interactive"])
        #expect(refused.status == 3)
        #expect(refused.output.contains("MonkeyChat is not authorized to use Siri for INSendMessageIntent (authorization: notDetermined)"))

        #expect(try await run("intents", ["authorize", "MonkeyChat", "grant"]).status == 0)
        let said = try await run("intents", ["say", "Send a Monkey Chat to BOBO", "--answer", "3", "--answer", "Bananas", "--yes", "--json"])
        #expect(said.status == 0, "\(said.output)")
        let result = try json(said.output)
        #expect((result["matched"] as? [String: Any])?["parameters"] as? [String: String] == ["recipients": "Bobo"])
        let prompts = result["prompts"] as? [[String: Any]] ?? []
        #expect(prompts.first?["choices"] as? [String] == ["Bobo (@bobo.banana)", "Bobo (@bobo.jungle)", "Bobo (@bobo.treetop)"])
        #expect(try await run("monkeychat", ["messages"]).output.contains("to @bobo.treetop: Bananas"))

        // A name the vocabulary does not know matches no phrase: the nearest ones are listed.
        let unknown = try await run("intents", ["say", "send a MonkeyChat to Zaza"])
        #expect(unknown.status == 2)
        #expect(unknown.output.contains("nearest phrases: \"Send a MonkeyChat to Bobo\""))
    }

    @Test func shortcutsOfRestrictedIntentsAreRefusedWhileLockedButNeedNoAuthorization() async throws {
        let sent = try await run("monkeychat", ["send", "c-kiki", "Bananas at noon?"])
        #expect(sent.status == 0, "\(sent.output)")
        _ = try await run("intents", ["shortcuts", "add", "ask kiki", "--donation", try donation(in: sent.output)])
        #expect(try await run("intents", ["lock"]).status == 0)
        let locked = try await run("intents", ["say", "ask kiki"])
        #expect(locked.status == 3)
        #expect(locked.output.contains("INSendMessageIntent is restricted while locked by com.example.MonkeyChat.Intents"))
        _ = try await run("intents", ["unlock"])
        // Not authorized, yet a shortcut runs: as on Apple's systems, shortcuts are not gated.
        let unlocked = try await run("intents", ["say", "ask kiki", "--yes"])
        #expect(unlocked.status == 0, "\(unlocked.output)")
        #expect(try await run("monkeychat", ["messages"]).output == "to @kiki: Bananas at noon?\nto @kiki: Bananas at noon?\n")
    }

    @Test func anActivityShortcutIsHandedToItsApp() async throws {
        #expect(try await run("pizza", ["menu"]).status == 0)
        let donations = try json(try await run("intents", ["donations", "list", "--json"]).output)
        let activity = try #require((donations["donations"] as? [[String: Any]])?.first { $0["kind"] as? String == "userActivity" })
        _ = try await run("intents", ["shortcuts", "add", "what's on the menu", "--donation", try #require(activity["identifier"] as? String)])
        let said = try await run("intents", ["say", "Whats on the menu?"])
        #expect(said.status == 0, "\(said.output)")
        #expect(said.output.contains("Continuing Pizza menu:"))
        #expect(said.output.contains("quattro-formaggi"))
        let result = try json(try await run("intents", ["say", "what's on the menu", "--json"]).output)
        #expect(result["status"] as? String == "continued")
        #expect((result["appOutput"] as? String)?.hasPrefix("Continuing Pizza menu:\n") == true)
    }

    @Test func noMatchListsTheNearestPhrasesAndRunsNothing() async throws {
        let first = try donation(in: try await run("pizza", ["order", "margherita", "1", "--delivery", "12:00"]).output)
        let second = try donation(in: try await run("monkeychat", ["send", "c-momo", "hi"]).output)
        _ = try await run("intents", ["shortcuts", "add", "lunch", "--donation", first])
        _ = try await run("intents", ["shortcuts", "add", "lunch please", "--donation", second])
        let said = try await run("intents", ["say", "lunch"])
        #expect(said.status == 0)
        let near = try await run("intents", ["say", "lunch now", "--json"])
        #expect(near.status == 2)
        let result = try json(near.output)
        #expect(result["status"] as? String == "noMatch")
        #expect(result["nearest"] as? [String] == ["lunch", "lunch please"])
        #expect(try await run("monkeychat", ["messages"]).output == "to @momo: hi\n")
    }

    @Test func authorizationIsRecordedAndReset() async throws {
        #expect(try await run("intents", ["authorize", "monkey chat", "deny"]).output == "MonkeyChat (com.example.MonkeyChat): denied.\n")
        let listed = try json(try await run("intents", ["authorize", "--json"]).output)
        let rows = listed["apps"] as? [[String: Any]] ?? []
        #expect(rows.first { $0["app"] as? String == "com.example.MonkeyChat" }?["status"] as? String == "denied")
        #expect(rows.first { $0["app"] as? String == "com.example.Pizza" }?["canAsk"] as? Bool == false)
        let sent = try await run("intents", ["send", "INSendMessageIntent", "--param", "recipients=Kiki", "--param", "content=hi"])
        #expect(sent.status == 3)
        #expect(sent.output.contains("(authorization: denied)"))
        // Custom intents are not gated.
        #expect(try await run("intents", ["send", "OrderPizzaIntent", "--param", "kind=funghi", "--param", "quantity=1",
                                          "--param", "deliveryTime=12:00"]).status == 0)
        #expect(try await run("intents", ["authorize", "MonkeyChat", "reset"]).status == 0)
        // The app asks once: its request waits until the user answers with `intents authorize`
        // (an answer recorded before the request arrives answers it too).
        let asking = try spawnBuilt("monkeychat", ["authorize-siri", "--state", state.path],
                                    environment: ["PATH": "/usr/bin:/bin", "HOME": state.path, "INTENTS_APPS": try sampleAppsFolder(apps)])
        defer { close(asking.output) }
        let hint = try await readOutput(until: "Waiting for your answer", from: asking.output)
        #expect(try await run("intents", ["authorize", "MonkeyChat", "deny"]).status == 0)
        let asked = try await readOutput(until: nil, from: asking.output)
        #expect(await asking.child.exited() == 0)
        #expect(asked.hasSuffix("Siri authorization: denied.\n"), "\(hint)\(asked)")
        let unknownApp = try await run("intents", ["authorize", "Calzone", "grant"])
        #expect(unknownApp.status == 2)
        #expect(unknownApp.output.contains("No app is called \"Calzone\"; installed apps: \"Meditation\", \"MonkeyChat\", \"Pizza\", \"Sandbox Tester\"."))
    }

    @Test func suggestionsFollowTheHabitsOfThatHourAndWeekday() async throws {
        let store = try SystemStore(stateFolder: state.path)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Fridays at 18:10 the user searched for an ATM; every morning, coffee. 2026-11-27 is a Friday.
        for week in 1...4 {
            let friday = calendar.date(from: DateComponents(year: 2026, month: 11, day: 27 - 7 * week, hour: 18, minute: 10))!
            try store.donate(Donation(app: "com.example.Bank", kind: .interaction, date: friday,
                                      action: .intent(.init(name: "SearchForATMIntent"), className: nil)))
            for day in 0..<7 {
                let morning = calendar.date(byAdding: .day, value: day, to: calendar.date(bySettingHour: 8, minute: 0, second: 0, of: friday)!)!
                try store.donate(Donation(app: "com.example.Cafe", kind: .interaction, date: morning,
                                          action: .intent(.init(name: "OrderCoffeeIntent"), className: nil)))
            }
        }
        func first(at moment: String) async throws -> String? {
            let run = try await runProgram(Package.products + "/intents", ["suggestions", "--at", moment, "--json", "--state", state.path,
                                                                           "--apps", try sampleAppsFolder(apps)],
                                           environment: ["PATH": "/usr/bin:/bin", "HOME": state.path, "TZ": "UTC"])
            let suggestions = try json(run.output)["suggestions"] as? [[String: Any]]
            return (suggestions?.first?["shortcut"] as? [String: Any])?["intent"] as? String
        }
        #expect(try await first(at: "2026-11-27T18:30") == "SearchForATMIntent")
        #expect(try await first(at: "2026-11-24T08:15") == "OrderCoffeeIntent")
    }

    @Test func badArgumentsAreOneSentenceErrors() async throws {
        let cases: [([String], String)] = [
            (["say", " ?! "], "Error: The utterance \" ?! \" has no words."),
            (["suggestions", "--at", "tomorrow"], "Error: --at \"tomorrow\" is not a date from 1970 to 9999; write YYYY-MM-DDTHH:MM, like 2026-11-27T18:30."),
            (["shortcuts", "delete", "123"], "Error: \"123\" is not a shortcut identifier (a UUID, as `intents shortcuts list` shows)."),
            (["donations", "delete"], "Error: Give donation identifiers, or --all (with --app for one app's)."),
            (["authorize", "MonkeyChat"], "Error: Say what to do for MonkeyChat: grant, deny or reset."),
        ]
        for (arguments, message) in cases {
            let run = try await run("intents", arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.output.hasPrefix(message), "\(run.output)")
        }
    }

    @Test func appsDonatingAtOnceLoseNothing() async throws {
        async let first: [Int32] = (0..<8).asyncMap { _ in try await run("monkeychat", ["send", "c-kiki", "k"]).status }
        async let second: [Int32] = (0..<8).asyncMap { _ in try await run("pizza", ["order", "funghi", "1", "--delivery", "12:00"]).status }
        #expect(try await first + second == Array(repeating: 0, count: 16))
        let store = try SystemStore(stateFolder: state.path)
        #expect(try store.donations(app: "com.example.MonkeyChat").count == 8)
        #expect(try store.donations(app: "com.example.Pizza").count == 8)
    }
}

extension Sequence {
    /// Maps in order, one element at a time.
    func asyncMap<Result>(_ transform: (Element) async throws -> Result) async rethrows -> [Result] {
        var results: [Result] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
