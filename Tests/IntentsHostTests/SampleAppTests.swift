import Foundation
import Testing

/// The sample apps (`pizza`, `monkeychat`) and their sandboxed extensions share one app group.
@Suite struct SampleAppTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    func run(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runBuilt(program, arguments, apps: apps, state: state)
    }

    func order(_ kind: String) async throws -> (status: Int32, output: String) {
        try await run("intents", ["send", "OrderPizzaIntent", "--param", "kind=\(kind)", "--param", "quantity=2",
                                  "--param", "deliveryTime=12:00"])
    }

    @Test func closingThePizzeriaInTheAppReachesTheExtension() async throws {
        #expect(try await run("pizza", ["close"]).output == "The pizzeria is closed.\n")
        let refused = try await order("funghi")
        #expect(refused.status == 4)
        #expect(refused.output.contains("answered failurePizzeriaClosed (code 100) at confirm."))
        _ = try await run("pizza", ["open"])
        let taken = try await order("funghi")
        #expect(taken.status == 0)
        #expect(try await run("pizza", ["orders"]).output.hasPrefix("2 x funghi  "))
    }

    @Test func unavailablePizzaIsRefusedAtConfirm() async throws {
        _ = try await run("pizza", ["unavailable", "margherita"])
        let refused = try await order("margherita")
        #expect(refused.status == 4)
        #expect(refused.output.contains("answered failurePizzaUnavailable (code 101) at confirm."))
        #expect(try await run("pizza", ["menu"]).output.contains("Margherita (unavailable)"))
        let unknown = try await run("pizza", ["unavailable", "calzone"])
        #expect(unknown.status != 0)
        #expect(unknown.output.contains("No pizza \"calzone\" on the menu; `pizza menu` lists them."))
    }

    @Test func messagesSentByTheExtensionAreListedAndNewContactsAreFound() async throws {
        #expect(try await run("monkeychat", ["messages"]).output == "No messages sent yet.\n")
        #expect(try await run("intents", ["authorize", "MonkeyChat", "grant"]).status == 0)
        let unknown = try await run("intents", ["send", "INSendMessageIntent", "--param", "recipients=Zaza", "--param", "content=hello",
                                                "--non-interactive"])
        #expect(unknown.status == 2)
        _ = try await run("monkeychat", ["add-contact", "c-zaza", "Zaza", "@zaza"])
        let sent = try await run("intents", ["send", "INSendMessageIntent", "--param", "recipients=Zaza", "--param", "content=hello", "--yes"])
        #expect(sent.status == 0, "\(sent.output)")
        #expect(try await run("monkeychat", ["messages"]).output == "to @zaza: hello\n")
    }
}
