import Foundation
import Intents
import SharedGreetings

/// A test fixture: an extension whose intent class lives in a framework it links
/// (`SharedGreetings`), found by name as on Apple's systems; it lists no `customIntentClasses`.
class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        GreetHandler()
    }
}

class GreetHandler: NSObject, SharedGreetIntentHandling {
    func handle(intent: SharedGreetIntent, completion: @escaping (SharedGreetIntentResponse) -> Void) {
        let response = SharedGreetIntentResponse(code: .success, userActivity: nil)
        response.greeting = "Hello, \(intent.name ?? "stranger")!"
        completion(response)
    }
}
