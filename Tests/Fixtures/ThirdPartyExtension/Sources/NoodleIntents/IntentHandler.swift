import Intents
import NoodleKit

class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        guard intent is OrderNoodlesIntent else {
            fatalError("Unhandled intent type: \(intent)")
        }
        return OrderNoodlesIntentHandler()
    }
}
