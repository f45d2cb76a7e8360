import ExtensionProtocol
import IntentsHost

/// What a test asserts on a conversation, by the names an author thinks in:
///
///     #expect(result.prompts.map(\.text) == ["Which contact?"])
///     #expect(result.code == "continueInApp")
///     #expect(result.outputs["greeting"] == .string("Hello, Ada!"))
///     #expect(result.dialog == "Okay, starting a Walking meditation session.")
extension SendResult {
    /// Everything the host said, in order: questions with the answers given, notices, and the
    /// system's own confirmation.
    public var prompts: [Prompt] { outcome.prompts }

    /// The final response code's name, as the intent's response code enum names it
    /// (`success`, `continueInApp`, `failureSoldOut`...); an App Intent's is `success`, or
    /// `failure` when `perform()` threw.
    public var code: String { outcome.response.codeName }

    /// The response's output parameters, by name.
    public var outputs: [String: IntentValue] {
        Dictionary(outcome.response.output.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The intent's parameters as resolved (a SiriKit intent) or as given to `perform()` (an App Intent).
    public var parameters: [String: IntentValue] { outcome.intent.parameters }

    /// The user answered no to the system's confirmation, or to one `perform()` asked for.
    public var declinedByUser: Bool { outcome.declinedByUser }

    /// An App Intent's dialog; nil for a SiriKit intent.
    public var dialog: String? { outcome.appIntentResult?.dialog }

    /// The value an App Intent's `perform()` returned, if any.
    public var value: IntentValue? { outcome.appIntentResult?.value }

    /// What the error an App Intent's `perform()` threw says; nil when it returned.
    public var performError: String? { outcome.appIntentResult?.failure }
}

/// A result in one line a failing test can show: the extension, the code, the outputs (or an
/// App Intent's dialog, value or error) and how many prompts there were.
extension SendResult: CustomStringConvertible {
    public var description: String {
        var parts = ["\(extensionBundle) answered \(code)"]
        if !outputs.isEmpty {
            parts.append("outputs " + outputs.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.displayString)" }.joined(separator: ", "))
        }
        if let dialog { parts.append("dialog \"\(dialog)\"") }
        if let value { parts.append("value \(value.displayString)") }
        if let performError { parts.append("perform() threw \"\(performError)\"") }
        if declinedByUser { parts.append("declined by the user") }
        parts.append("\(prompts.count) prompt\(prompts.count == 1 ? "" : "s")")
        return "SendResult(" + parts.joined(separator: "; ") + ")"
    }
}
