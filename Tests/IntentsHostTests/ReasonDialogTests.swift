import ExtensionProtocol
import Testing
@testable import IntentsHost

/// An unsupported reason's dialog as the host tells it: `${parameter}` is the value given, other
/// placeholders are the intent's other values, and nothing put in is read again.
@Suite struct ReasonDialogTests {
    let quantity = ParameterSchema(name: "quantity", title: "Quantity", type: .integer)

    @Test func placeholdersAreTheValueAndTheIntentsOtherValues() {
        let intent = IntentPayload(name: "OrderNoodlesIntent", parameters: [
            "noodle": .enumeration(EnumerationValue(rawValue: 3, name: "soba", display: "Soba")), "quantity": .integer(5),
        ])
        let text = ConversationDriver.filled("Not ${quantity} bowls of ${noodle} for ${shop}.", parameter: quantity, value: .integer(5), intent: intent)
        #expect(text == "Not 5 bowls of Soba for ${shop}.")
    }

    @Test func valuesPutInAreNotReadAgain() {
        let intent = IntentPayload(name: "OrderNoodlesIntent", parameters: [
            "note": .string("${note}${note}${quantity}"), "quantity": .integer(5),
        ])
        let text = ConversationDriver.filled("${note} and ${quantity}", parameter: quantity, value: .integer(5), intent: intent)
        #expect(text == "${note}${note}${quantity} and 5")
    }

    @Test func withNoValueTheTitleStandsAndStartsTheSentence() {
        #expect(ConversationDriver.filled("${quantity} must be set.", parameter: quantity, value: nil) == "Quantity must be set.")
        #expect(ConversationDriver.filled("An unclosed ${quantity", parameter: quantity, value: .integer(1)) == "An unclosed ${quantity")
    }
}
