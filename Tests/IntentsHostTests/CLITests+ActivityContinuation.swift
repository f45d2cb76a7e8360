import Foundation
import IntentsHost
import Testing

/// A voice shortcut to a donated user activity starts the app: the one policy gate decides
/// first, as for every intent, and a locked device keeps the app closed.
extension CLITests {
    /// MonkeyChat sends a private message and donates "show sent messages"; the user attaches a
    /// phrase to that donation. Returns the phrase.
    func showMessagesShortcut(_ mode: CLIMode, secret: String) async throws -> String {
        let sent = try await app("monkeychat", ["send", "c-kiki", secret])
        #expect(sent.status == 0, "\(sent.output)")
        #expect(try await app("monkeychat", ["messages"]).status == 0)
        let donations = try await intents(mode, ["donations", "list", "--json"]).json()
        let activity = try #require((donations["donations"] as? [[String: Any]])?.first { $0["kind"] as? String == "userActivity" })
        let identifier = try #require(activity["identifier"] as? String)
        let added = try await intents(mode, ["shortcuts", "add", "show my monkey messages", "--donation", identifier])
        #expect(added.status == 0, "\(added.stdout) \(added.stderr)")
        return "show my monkey messages"
    }

    @Test(arguments: CLIMode.allCases)
    func anActivityShortcutWhileLockedIsRefusedAndTheAppNeverRuns(mode: CLIMode) async throws {
        let secret = "The vault code is 4711"
        let phrase = try await showMessagesShortcut(mode, secret: secret)
        for lock in [["lock"], ["lock", "--before-first-unlock"]] {
            #expect(try await intents(mode, lock).status == 0)
            let said = try await intents(mode, ["say", phrase])
            #expect(said.status == 3, "\(lock): \(said.stdout) \(said.stderr)")
            #expect(!(said.stdout + said.stderr).contains("vault code is 4711"), "\(lock): the app ran and printed the messages")
            #expect(said.stderr.contains("error: Continuing \"com.example.monkeychat.show-messages\" opens \"MonkeyChat\" (com.example.MonkeyChat), which needs the device unlocked"),
                    "\(said.stderr)")
            let json = try await intents(mode, ["say", phrase, "--json"])
            #expect(json.status == 3)
            let object = try json.json()
            #expect(object["status"] as? String == "refused")
            #expect((object["error"] as? [String: Any])?["rule"] as? String == "opens-app-while-locked")
            #expect(!json.stdout.contains("vault code is 4711"))
        }
        // Unlocked, the same phrase opens the app, which shows the messages.
        #expect(try await intents(mode, ["unlock"]).status == 0)
        let unlocked = try await intents(mode, ["say", phrase])
        #expect(unlocked.status == 0, "\(unlocked.stdout) \(unlocked.stderr)")
        #expect(unlocked.stdout.contains(secret))
    }

    @Test(arguments: CLIMode.allCases)
    func policyShowsActivityContinuationAsASourceRefusedWhileLocked(mode: CLIMode) async throws {
        let run = try await intents(mode, ["policy", "com.example.monkeychat.show-messages", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try run.json()
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["activityType"] as? String == "com.example.monkeychat.show-messages")
        #expect(rows.first?["kind"] as? String == "user-activity")
        #expect(rows.first?["app"] as? String == "com.example.MonkeyChat")
        let cells = try #require(rows.first?["cells"] as? [[String: Any]])
        let continuation = cells.filter { $0["source"] as? String == "activityContinuation" }
        #expect(continuation.map { "\($0["lockState"]!):\($0["rule"] as? String ?? $0["verdict"] as! String)" } == [
            "unlocked:allowed", "unlocked:allowed", "locked:opens-app-while-locked", "locked:opens-app-while-locked",
            "lockedBeforeFirstUnlock:opens-app-while-locked", "lockedBeforeFirstUnlock:opens-app-while-locked",
        ])
        #expect(cells.filter { $0["source"] as? String != "activityContinuation" }.allSatisfy { $0["verdict"] as? String == "not-applicable" })
        #expect((object["rules"] as? [String: String])?["opens-app-while-locked"] != nil)
        let grid = try await intents(mode, ["policy", "MonkeyChat"])
        #expect(grid.stdout.contains("activity continuation"))
        #expect(grid.stdout.contains("com.example.monkeychat.show-messages (activity)"))
        #expect(grid.stdout.contains("O continuing the activity opens its app, which needs the device unlocked"))
    }
}
