import ExtensionProtocol

/// The system's own question before `handle`, asked once `confirm` answered ready, for the
/// intents where Siri asks it: sending a message ("Ready to send it?"), payments, ride and
/// table booking, and custom intents whose definition sets `INIntentUserConfirmationRequired`.
///
/// The system intents come from the host's own list, never from what an extension describes,
/// so an extension cannot skip the question.
public enum SystemConfirmationPolicy {
    /// Siri's question for each system intent that has one.
    public static let systemPrompts: [String: String] = [
        "INSendMessageIntent": "Ready to send it?",
        "INSendPaymentIntent": "Ready to send the payment?",
        "INRequestPaymentIntent": "Ready to request the payment?",
        "INTransferMoneyIntent": "Ready to transfer the money?",
        "INPayBillIntent": "Ready to pay the bill?",
        "INRequestRideIntent": "Ready to book the ride?",
        "INBookRestaurantReservationIntent": "Ready to book the table?",
    ]

    /// The question to ask before handling an intent of `schema`, or nil when none is asked.
    public static func prompt(for schema: IntentSchema) -> String? {
        if let prompt = systemPrompts[schema.name] { return prompt }
        guard schema.userConfirmationRequired, !schema.name.hasPrefix("IN") else { return nil }
        guard let title = schema.title?.trimmingCharacters(in: .whitespaces), !title.isEmpty else {
            return "Go ahead with \(schema.name)?"
        }
        return "Ready to \(title.lowercased())?"
    }
}
