import ExtensionProtocol
import HostPolicy
import IntentsHost
import Testing

@Suite struct SystemConfirmationPolicyTests {
    @Test func systemIntentsFollowTheHostsListWhateverTheExtensionSays() {
        // An extension describing a message as needing no confirmation still gets Siri's question.
        #expect(SystemConfirmationPolicy.prompt(for: IntentSchema(name: "INSendMessageIntent", parameters: [])) == "Ready to send it?")
        #expect(SystemConfirmationPolicy.prompt(for: IntentSchema(name: "INRequestRideIntent", parameters: [])) == "Ready to book the ride?")
        // A system intent Siri does not confirm is not confirmed because an extension asks.
        #expect(SystemConfirmationPolicy.prompt(for: IntentSchema(name: "INAddTasksIntent", parameters: [], userConfirmationRequired: true)) == nil)
    }

    @Test func customIntentsAskWhenTheirDefinitionSaysSo() {
        #expect(SystemConfirmationPolicy.prompt(for: IntentSchema(name: "OrderCoffeeIntent", parameters: [], title: "Order Coffee",
                                                                  userConfirmationRequired: true)) == "Ready to order coffee?")
        #expect(SystemConfirmationPolicy.prompt(for: IntentSchema(name: "OrderCoffeeIntent", parameters: [],
                                                                  userConfirmationRequired: true)) == "Go ahead with OrderCoffeeIntent?")
        #expect(SystemConfirmationPolicy.prompt(for: IntentSchema(name: "OrderPizzaIntent", parameters: [], title: "Order Pizza")) == nil)
    }
}
