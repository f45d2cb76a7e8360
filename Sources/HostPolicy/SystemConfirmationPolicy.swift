import ExtensionProtocol
import SiriKitDomains

/// The system's own question before `handle`, asked once `confirm` answered ready, for the
/// intents where Siri asks it: sending a message ("Ready to send it?"), payments, ride and
/// table booking, and custom intents whose definition sets `INIntentUserConfirmationRequired`.
///
/// The system intents come from the SiriKit domain data, never from what an extension describes,
/// so an extension cannot skip the question.
public enum SystemConfirmationPolicy {
    /// Siri's question for each system intent that has one, from the SiriKit domain data.
    public static let systemPrompts: [String: String] = SiriKitDomain.policies.compactMapValues(\.confirmationPrompt)

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
