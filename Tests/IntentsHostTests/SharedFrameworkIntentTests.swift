import ExtensionProcesses
import ExtensionProtocol
import Foundation
import IntentsHost
import Testing

/// An intent class declared in a framework the extension links (`SharedGreetings` inside
/// `SharedFrameworkIntents`) and listed nowhere but in `IntentsSupported`, run in a real
/// extension process.
@Suite struct SharedFrameworkIntentTests {
    let apps = TemporaryFolder()
    let state = TemporaryFolder()

    @Test func anIntentClassInALinkedFrameworkIsFoundByName() async throws {
        let writer = BundleWriter(appsFolder: apps.path)
        try writer.app("Greetings", identifier: "com.example.Greetings")
        try writer.appex("SharedFrameworkIntents", in: "Greetings", identifier: "com.example.Greetings.Intents",
                         principalClass: "SharedFrameworkIntents.IntentHandler", intents: ["SharedGreetIntent"],
                         library: Package.library("SharedFrameworkIntents"))
        let dispatcher = makeDispatcher([apps.path], state: state)
        let result = try await dispatcher.send("SharedGreetIntent", parameters: [("name", "Ada")], user: NonInteractiveUser())
        #expect(result.outcome.response.codeName == "success")
        #expect(result.outcome.response.output == [NamedValue(name: "greeting", value: .string("Hello, Ada!"))])
        let channel = try await dispatcher.supervisor.channel(cleared: try dispatcher.clearance(for: try dispatcher.route("SharedGreetIntent")))
        #expect((channel as? ExtensionProcess)?.confinement?.missingRequiredLayers == [])
        await dispatcher.shutdown()
    }
}
