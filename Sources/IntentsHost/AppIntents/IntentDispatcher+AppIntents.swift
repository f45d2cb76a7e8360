import ExtensionProcesses
import ExtensionProtocol
import HostBundles
import HostPolicy
import Logging

/// What a request gives an App Intent: parameters as text (`--param`), and typed values (an
/// App Shortcut phrase's entity or enum, a shortcut's stored intent).
struct AppIntentInput: Sendable {
    var text: [(name: String, value: String)] = []
    var typed: [String: IntentValue] = [:]
}

extension IntentDispatcher {
    /// Runs the App Intent `name` of `bundle`: its `authenticationPolicy` is checked against the
    /// lock state from the metadata of the very library bytes the process runs (a sealed copy),
    /// before any process starts for the request.
    func sendAppIntent(_ name: String, on bundle: ExtensionBundle, input: AppIntentInput, user: any ConversationUser,
                       source: InvocationSource, logger: Logger) async throws -> SendResult {
        let app = catalog.app(containing: bundle)
        let consent = try await agentConsentOffThePool(of: app?.bundleIdentifier ?? bundle.bundleIdentifier, for: source)
        // A first judgement by the metadata known for the library as scanned, which reads and
        // runs nothing: a request it refuses (not known yet, or needing an unlock) ends here.
        let scanned = try? cachedAppIntentsMetadata(of: bundle)
        _ = try clear(.appIntent(name, schema: scanned?.intent(named: name), of: bundle), app: app, from: source, shortcutIntents: [name],
                      library: { nil }, logger: logger, authorization: consent)
        // The judgement that counts: by the metadata of the very bytes the process will run.
        let described = try await runnableAppIntents(of: bundle, logger: logger)
        let metadata = described.metadata
        let schema = try Self.schema(name, in: metadata, of: bundle)
        // Refused alone: the extension's other intents serve.
        if let reason = schema.unavailableReason {
            throw HostError(.extensionFailed, "\(name) of \(bundle.bundleIdentifier) cannot run on this host: \(reason)")
        }
        let clearance = try clear(.appIntent(name, schema: schema, of: bundle), app: app, from: source, shortcutIntents: [name],
                                  library: { described.library }, logger: logger, authorization: consent)
        let timeout = configuration.stepTimeout
        let outcome: ConversationOutcome
        do {
            outcome = try await supervisor.withChannel(cleared: clearance) { channel in
                try await checkCompiledAppIntents(of: bundle, library: described.library, metadata: metadata, on: channel)
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
        await appIntentRan(in: app, metadata: metadata)
        HostMetrics.conversationEnded(outcome.declinedByUser ? "declined" : outcome.response.category.isFailure ? "failure" : "success")
        return SendResult(extensionBundle: bundle.bundleIdentifier, outcome: outcome)
    }
}
