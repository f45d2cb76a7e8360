import Intents
import SampleIntents

/// The Pizza extension's principal class.
class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        guard intent is OrderPizzaIntent else { fatalError("Unhandled intent type: \(intent)") }
        return OrderPizzaIntentHandler()
    }
}
