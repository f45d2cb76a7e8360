import Intents

/// MonkeyChat's principal class (`NSExtensionPrincipalClass` = `MonkeyChatIntents.IntentHandler`).
class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        SendMessageIntentHandler()
    }
}
