import Intents

class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        AddTasksIntentHandler()
    }
}
