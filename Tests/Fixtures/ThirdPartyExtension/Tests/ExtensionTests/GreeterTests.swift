import IntentsTesting
import Testing
@testable import GreeterIntents

/// A custom intent: no lock restriction and no Siri authorization, so every cell runs it.
@Suite struct GreeterTests {
    @Test func greetsByName() async throws {
        let host = try await IntentsTestHost(infoPlist: "Info/GreeterIntents/Info.plist", extension: IntentHandler())
        let intent = GreetIntent()
        intent.name = "Ada"
        let result = try await host.send(intent)
        #expect(result.code == "success")
        #expect(result.outputs["greeting"] == .string("Hello, Ada!"))
    }

    @Test func asksForTheNameWhenNoneIsGiven() async throws {
        let host = try await IntentsTestHost(infoPlist: "Info/GreeterIntents/Info.plist", extension: IntentHandler())
        let result = try await host.send("GreetIntent", answers: ["Grace"])
        #expect(result.prompts.map(\.text) == ["What should the name be?"])
        #expect(result.outputs["greeting"] == .string("Hello, Grace!"))
    }

    @Test func runsInEveryLockState() async throws {
        let host = try await IntentsTestHost(infoPlist: "Info/GreeterIntents/Info.plist", extension: IntentHandler())
        let cases = try host.policyCases(for: "GreetIntent")
        #expect(cases.count == 12)
        #expect(cases.allSatisfy { $0.verdict == .allowed })
        try await host.checkPolicy(for: "GreetIntent") { try await $0.send("GreetIntent", parameters: [("name", "Ada")]) }
    }
}
