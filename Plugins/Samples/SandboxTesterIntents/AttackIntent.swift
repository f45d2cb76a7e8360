import Intents

/// Asks the SandboxTester extension to attack its own sandbox: `attack` names the attack,
/// `target` is its path, address, pid or app group.
public class AttackIntent: INIntent {
    @IntentParameter(title: "attack") public var attack: String?
    @IntentParameter(title: "target") public var target: String?

    public override class var handlingTable: (any INIntentHandlingDispatching)? {
        INIntentHandlingTable<AttackIntent, AttackIntentHandler>(
            confirm: { _, _ in AttackIntentResponse(code: .ready, userActivity: nil) },
            handle: { await $0.handle(intent: $1) })
    }
}

public enum AttackIntentResponseCode: Int, INCustomIntentResponseCode {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
}

/// The outcome of an attack: `allowed: ...` when it worked, `blocked: ERRNO ...` when not.
public class AttackIntentResponse: INIntentResponse {
    @IntentParameter(title: "outcome") public var outcome: String?

    public required init() { super.init() }

    public init(code: AttackIntentResponseCode, userActivity: NSUserActivity?) {
        super.init(responseCode: code, userActivity: userActivity)
    }

    static func outcome(_ text: String) -> AttackIntentResponse {
        let response = AttackIntentResponse(code: .success, userActivity: nil)
        response.outcome = text
        return response
    }
}

class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        AttackIntentHandler()
    }
}
