import AppIntentsTesting
import Foundation
import Testing

/// The Echo fixture's App Intents (Tests/Fixtures/EchoIntents, plists in Tests/Fixtures/EchoInfo)
/// in every lock state: the one that needs the device unlocked is refused by its rule, the
/// others run; the one that confirms fails unanswered and goes ahead when the test says yes.
let echoInfo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/EchoInfo").path

@Suite struct EchoIntentTests {
    let defs = IntentDefinitions(bundleIdentifier: "com.example.Echo")

    @Test(arguments: LockStateValue.allCases)
    func eachIntentInEachLockState(_ lockState: LockStateValue) async throws {
        try await HostUnderTest.withHost(.init(infoFolder: echoInfo, lockState: lockState)) {
            let echoed: String = try await defs.intents["EchoAppIntent"].makeIntent(text: "hello").run().value
            #expect(echoed == "hello")

            let locked = defs.intents["LockedEchoAppIntent"].makeIntent(text: "secret")
            if lockState == .unlocked {
                try await locked.run()
            } else {
                await #expect {
                    try await locked.run()
                } throws: { error in
                    (error as? HostUnderTestError)?.rule == "authentication-policy"
                }
            }

            let asking = defs.intents["AskingEchoAppIntent"].makeIntent(text: "again")
            await #expect {
                try await asking.run()
            } throws: { error in
                let question = (error as? HostUnderTestError)?.question
                return question?.kind == .confirmation && question?.dialog == "Echo again?"
            }
            try await asking.run(answers: [.confirm(true)])
        }
    }
}
