import Intents

/// A one-parameter custom intent for benchmarks: resolve `text`, confirm, handle.
public class EchoIntent: INIntent {
    @IntentParameter(title: "text") public var text: String?

    public override class var handlingTable: (any INIntentHandlingDispatching)? {
        INIntentHandlingTable<EchoIntent, EchoIntentHandler>(
            confirm: { await $0.confirm(intent: $1) },
            handle: { await $0.handle(intent: $1) })
            .resolving("text") { [await $0.resolveText(for: $1)] }
    }
}

public enum EchoIntentResponseCode: Int, INCustomIntentResponseCode {
    case unspecified = 0, ready, continueInApp, inProgress, success, failure, failureRequiringAppLaunch
}

public class EchoIntentResponse: INIntentResponse {
    @IntentParameter(title: "echo") public var echo: String?

    public required init() { super.init() }

    public init(code: EchoIntentResponseCode, userActivity: NSUserActivity?) {
        super.init(responseCode: code, userActivity: userActivity)
    }
}

public class EchoIntentHandler: NSObject {
    func resolveText(for intent: EchoIntent) async -> INStringResolutionResult {
        intent.text.map { .success(with: $0) } ?? .needsValue()
    }

    func confirm(intent: EchoIntent) async -> EchoIntentResponse {
        EchoIntentResponse(code: .ready, userActivity: nil)
    }

    func handle(intent: EchoIntent) async -> EchoIntentResponse {
        let response = EchoIntentResponse(code: .success, userActivity: nil)
        response.echo = intent.text
        return response
    }
}

/// The principal class: `EchoIntents.EchoExtension`.
public class EchoExtension: INExtension {
    public override func handler(for intent: INIntent) -> Any {
        EchoIntentHandler()
    }
}
