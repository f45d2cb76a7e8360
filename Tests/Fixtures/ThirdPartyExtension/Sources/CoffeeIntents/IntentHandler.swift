import Intents
import CoffeeKit

class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        guard intent is OrderCoffeeIntent else {
            fatalError("Unhandled intent type: \(intent)")
        }
        return OrderCoffeeIntentHandler()
    }
}
