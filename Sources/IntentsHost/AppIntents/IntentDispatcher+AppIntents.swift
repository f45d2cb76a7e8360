import ExtensionProtocol
import Logging

/// What a request gives an App Intent: parameters as text (`--param`), and typed values (an
/// App Shortcut phrase's entity or enum, a shortcut's stored intent).
struct AppIntentInput: Sendable {
    var text: [(name: String, value: String)] = []
    var typed: [String: IntentValue] = [:]
}

extension IntentDispatcher {
    /// Runs the App Intent `name` of `bundle`: its `authenticationPolicy` is checked against the
    /// lock state from the cached metadata, before any process starts for the request.
    func sendAppIntent(_ name: String, on bundle: ExtensionBundle, input: AppIntentInput, user: any ConversationUser,
                       source: InvocationSource, logger: Logger) async throws -> SendResult {
        let schema: AppIntentSchema
        let metadata: AppIntentsMetadata
        do {
            (schema, metadata) = try await appIntentSchema(name, of: bundle)
        } catch let error as HostError where error.policyRule != nil {
            // Not known yet while locked: the same refusal `IntentPolicy` gives an unknown App Intent.
            throw refused(PolicyRefusal(error.policyRule!, error.message), logger: logger)
        }
        if let refusal = IntentPolicy.refusal(of: .appIntent(name, schema: schema), by: bundle, app: catalog.app(containing: bundle),
                                              from: source, lock: lockReading(), authorization: { nil }) {
            throw refused(refusal, logger: logger)
        }
        let timeout = configuration.stepTimeout
        let outcome: ConversationOutcome
        do {
            outcome = try await supervisor.withChannel(for: bundle) { channel in
                var conversationLogger = logger
                conversationLogger[metadataKey: "conversation"] = "\(Self.makeIdentifier())"
                let driver = AppIntentDriver(channel: channel, bundleIdentifier: bundle.bundleIdentifier, schema: schema, metadata: metadata, user: user, timeout: timeout,
                                             logger: conversationLogger)
                let outcome = try await driver.run(text: input.text, typed: input.typed)
                conversationLogger.info("conversation ended", metadata: ["step": "perform", "code": "\(outcome.response.codeName)",
                                                                       "declined": "\(outcome.declinedByUser)"])
                return outcome
            }
        } catch {
            HostMetrics.conversationEnded("error")
            throw error
        }
        HostMetrics.conversationEnded(outcome.declinedByUser ? "declined" : outcome.response.category.isFailure ? "failure" : "success")
        return SendResult(extensionBundle: bundle.bundleIdentifier, outcome: outcome)
    }
}
