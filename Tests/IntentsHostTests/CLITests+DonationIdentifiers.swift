import ExtensionProtocol
import Foundation
import SystemCalls
import SystemStore
import Testing

/// A donation's identifier is its app's own choice, so two apps may use one: the commands
/// that name a donation by identifier then need the app, and change nothing without it.
extension CLITests {
    func sharedDonations() throws -> (pizza: Donation, chat: Donation) {
        let store = try SystemStore(stateFolder: state.path)
        let pizza = Donation(identifier: "shared-id", app: "com.example.Pizza", kind: .interaction, date: Date(timeIntervalSince1970: 1_000),
                             action: .intent(IntentPayload(name: "OrderPizzaIntent", parameters: ["quantity": .integer(2)]), className: nil))
        let chat = Donation(identifier: "shared-id", app: "com.example.MonkeyChat", kind: .interaction, date: Date(timeIntervalSince1970: 1_000),
                            action: .intent(IntentPayload(name: "INSendMessageIntent", parameters: ["content": .string("hi")]), className: nil))
        let other = Donation(identifier: "pizza-only", app: "com.example.Pizza", kind: .interaction, date: Date(timeIntervalSince1970: 1_000),
                             action: .intent(IntentPayload(name: "OrderPizzaIntent"), className: nil))
        for donation in [pizza, chat, other] { try store.donate(donation) }
        return (pizza, chat)
    }

    func storedDonations() throws -> [Donation] {
        try SystemStore(stateFolder: state.path).donations().sorted { ($0.identifier, $0.app) < ($1.identifier, $1.app) }
    }

    @Test(arguments: CLIMode.allCases) func aShortcutFromADonationIdentifierTwoAppsUseNeedsTheApp(mode: CLIMode) async throws {
        let (pizza, _) = try sharedDonations()
        let before = try storedDonations()
        #expect(before.count == 3)

        let ambiguous = try await intents(mode, ["shortcuts", "add", "pizza time", "--donation", "shared-id"])
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderr == "error: The donation identifier \"shared-id\" is used by com.example.MonkeyChat and com.example.Pizza; say which app's with --app.\n")
        #expect(try SystemStore(stateFolder: state.path).voiceShortcuts().isEmpty)

        let elsewhere = try await intents(mode, ["shortcuts", "add", "pizza time", "--donation", "shared-id", "--app", "Meditation"])
        #expect(elsewhere.status == 2)
        #expect(elsewhere.stderr == "error: No donation has the identifier shared-id among com.example.Meditation's; `intents donations list --app com.example.Meditation` shows them.\n")

        let added = try await intents(mode, ["shortcuts", "add", "pizza time", "--donation", "shared-id", "--app", "Pizza", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try added.json()["app"] as? String == "com.example.Pizza")
        let shortcuts = try SystemStore(stateFolder: state.path).voiceShortcuts()
        #expect(shortcuts.map(\.app) == ["com.example.Pizza"])
        #expect(shortcuts.map(\.action) == [pizza.action])
        #expect(shortcuts.map(\.donation) == ["shared-id"])
        #expect(try storedDonations() == before)
    }

    @Test(arguments: CLIMode.allCases) func deletingADonationIdentifierTwoAppsUseNeedsTheApp(mode: CLIMode) async throws {
        let (pizza, chat) = try sharedDonations()
        let before = try storedDonations()

        for arguments in [["donations", "delete", "shared-id"], ["donations", "delete", "pizza-only", "shared-id"]] {
            let ambiguous = try await intents(mode, arguments)
            #expect(ambiguous.status == 2)
            #expect(ambiguous.stderr == "error: The donation identifier \"shared-id\" is used by com.example.MonkeyChat and com.example.Pizza; say which app's with --app.\n")
            #expect(try storedDonations() == before, "\(arguments)")
        }

        let deleted = try await intents(mode, ["donations", "delete", "shared-id", "--app", "com.example.MonkeyChat"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stdout == "Deleted 1 donation.\n")
        #expect(try storedDonations().filter { $0.identifier == "shared-id" } == [pizza])
        #expect(!(try storedDonations()).contains(chat))

        // Used by one app now, the identifier alone says which donation.
        let rest = try await intents(mode, ["donations", "delete", "shared-id", "pizza-only"])
        #expect(rest.status == 0, "\(rest.stderr)")
        #expect(rest.stdout == "Deleted 2 donations.\n")
        #expect(try storedDonations().isEmpty)
    }
}
