import Intents

class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        GreetIntentHandler()
    }
}

class GreetIntentHandler: NSObject, GreetIntentHandling {
    func resolveName(for intent: GreetIntent) async -> INStringResolutionResult {
        guard let name = intent.name, !name.isEmpty else { return .needsValue() }
        return .success(with: name)
    }

    func handle(intent: GreetIntent) async -> GreetIntentResponse {
        let response = GreetIntentResponse(code: .success, userActivity: nil)
        response.greeting = "Hello, \(intent.name ?? "you")!"
        return response
    }
}
