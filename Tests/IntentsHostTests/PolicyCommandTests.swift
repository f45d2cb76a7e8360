import Foundation
import Testing

/// `intents policy` as users run it, embedded and served.
extension CLITests {
    @Test(arguments: CLIMode.allCases) func policyShowsTheGridWithItsLegend(mode: CLIMode) async throws {
        let run = try await intents(mode, ["policy", "MonkeyChat", "OrderPizzaIntent"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("direct") == true && lines.first?.contains("voice shortcut") == true)
        let message = try #require(lines.first { $0.hasPrefix("  INSendMessageIntent") })
        // Direct: allowed unlocked when authorized, else refused for Siri authorization; refused
        // while locked by the plist's list whatever the authorization.
        #expect(message.split(separator: " ").dropFirst().prefix(6) == ["ok", "S", "W", "W", "W", "W"])
        #expect(lines.contains { $0.hasPrefix("  OrderPizzaIntent") })
        #expect(!lines.contains { $0.contains("StartMeditationIntent") })
        #expect(run.stdout.contains("W in the extension's IntentsRestrictedWhileLocked"))
    }

    @Test(arguments: CLIMode.allCases) func policyJSONSpellsOutEveryCell(mode: CLIMode) async throws {
        let run = try await intents(mode, ["policy", "--json", "INSendMessageIntent"])
        #expect(run.status == 0)
        let object = try run.json()
        // 3 lock states x 2 authorizations x 4 sources.
        #expect((object["columns"] as? [[String: Any]])?.count == 30)
        #expect((object["rules"] as? [String: String])?["restricted-while-locked"] != nil)
        let row = try #require((object["rows"] as? [[String: Any]])?.first)
        #expect(row["app"] as? String == "com.example.MonkeyChat")
        #expect(row["kind"] as? String == "sirikit")
        let cells = try #require(row["cells"] as? [[String: Any]])
        let locked = try #require(cells.first { $0["lockState"] as? String == "locked" && $0["source"] as? String == "direct" })
        #expect(locked["verdict"] as? String == "refused")
        #expect(locked["rule"] as? String == "restricted-while-locked")
        #expect((locked["reason"] as? String)?.hasSuffix("(IntentsRestrictedWhileLocked); unlock the device first.") == true)
        let appShortcut = try #require(cells.first { $0["source"] as? String == "appShortcut" })
        #expect(appShortcut["verdict"] as? String == "not-applicable")
    }

    @Test(arguments: CLIMode.allCases) func policyForAnUnknownNameIsAUsageError(mode: CLIMode) async throws {
        let run = try await intents(mode, ["policy", "Nope"])
        #expect(run.status == 2)
        #expect(run.stderr == "error: No installed app, extension or intent is named \"Nope\"; `intents apps` lists them.\n")
        #expect(run.stdout.isEmpty)
    }
}
