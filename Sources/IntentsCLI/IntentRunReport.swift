import ArgumentParser
import Foundation
import ExtensionProtocol
import IntentsHost
import HostBundles

/// How `send` and `say` report a conversation: its outcome as text or one JSON object, the
/// documented exit codes, and the extension processes ended before exit.
struct IntentRunReport {
    var intent: String
    var json: Bool
    /// Extra fields for the JSON object (what `say` matched).
    var extra: [String: Any] = [:]

    /// Runs `body`, reports its result or error, writes its transcript when `recording`, and
    /// exits with the matching status (1 when the transcript cannot be written).
    func run(on dispatcher: IntentDispatcher, recording: TranscriptRecording? = nil, _ body: () async throws -> SendResult) async throws {
        let outcome: Result<SendResult, HostError>
        do {
            outcome = .success(try await body())
        } catch let error as HostError {
            outcome = .failure(error)
        }
        await HostSession.finish(dispatcher)
        var status: Int32
        switch outcome {
        case .success(let result):
            status = ExitStatus.code(for: result)
            report(result)
        case .failure(let error):
            status = ExitStatus.code(for: error)
            report(error, dispatcher: dispatcher)
        }
        do {
            try recording?.write(outcome, exitStatus: status, on: dispatcher)
        } catch let error as HostError {
            printError("error: \(error.message)")
            status = ExitStatus.problems
        }
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    private func report(_ error: HostError, dispatcher: IntentDispatcher) {
        let bundle = try? dispatcher.route(intent).bundleIdentifier
        if json {
            var failure = ["code": error.code.rawValue, "message": error.message]
            if let rule = error.policyRule { failure["rule"] = rule.rawValue }
            var object: [String: Any] = ["intent": intent, "status": error.code == .refusedByPolicy ? "refused" : "error",
                                         "error": failure, "prompts": []]
            if let bundle { object["extension"] = bundle }
            JSONOutput.print(object.merging(extra) { current, _ in current })
        } else {
            printError("error: \(error.message)")
        }
    }

    /// Says on stderr that several apps support `intent`, naming their extensions: before a
    /// request that did not name its app (the user is then asked which app), or one routed to
    /// `app` because its phrase or shortcut belongs to that app.
    static func noteConflict(for intent: String, in catalog: BundleCatalog, routedTo app: String? = nil) {
        guard let conflict = catalog.conflicts.first(where: { $0.intent == intent }) else { return }
        let routing = app.map { "this phrase belongs to \($0), whose extension handles it" } ?? "say which app with --app"
        printError("note: \(intent) is supported by several apps: \(conflict.claimants.joined(separator: ", ")); \(routing).")
    }

    /// An App Intent's end: what it said (its dialog), its snippet and value, or its error.
    private func reportAppIntent(_ appResult: AppIntentResultPayload, of result: SendResult) {
        if result.outcome.declinedByUser {
            printLine("You answered no: \(intent) of \(result.extensionBundle) did not go ahead.")
            return
        }
        if let failure = appResult.failure {
            printLine("\(result.extensionBundle) could not perform \(intent): \(failure)")
        } else {
            printLine("\(result.extensionBundle) performed \(intent).")
        }
        for parameter in result.outcome.schema.parameters {
            if let value = result.outcome.intent.parameters[parameter.name] { printLine("  \(parameter.name) = \(value.displayString)") }
        }
        if let dialog = appResult.dialog { printLine(dialog) }
        if let snippet = appResult.snippet {
            printLine(snippet.format == .html ? "snippet (HTML):" : "snippet:")
            for line in snippet.content.split(separator: "\n", omittingEmptySubsequences: false) { printLine("  " + line) }
        }
        if let value = appResult.value { printLine("  value: \(value.displayString)") }
        if appResult.opensApp { printLine("  The intent opens its app.") }
    }

    private func report(_ result: SendResult) {
        let response = result.outcome.response
        if json {
            var object: [String: Any] = [
                "intent": intent, "extension": result.extensionBundle,
                "status": result.outcome.declinedByUser ? "declined" : response.category.rawValue,
                "code": response.code, "codeName": response.codeName, "step": result.outcome.step.rawValue,
                "parameters": JSONOutput.plain(result.outcome.intent.parameters),
                "output": Dictionary(response.output.map { ($0.name, $0.value.plainValue) }, uniquingKeysWith: { a, _ in a }),
                "prompts": result.outcome.prompts.map(JSONOutput.plain),
            ]
            if let activity = response.userActivity {
                var plain: [String: Any] = ["activityType": activity.activityType, "userInfo": JSONOutput.plain(activity.userInfo)]
                if let title = activity.title { plain["title"] = title }
                object["userActivity"] = plain
            }
            if let result = result.outcome.appIntentResult {
                object["step"] = "perform"
                if let dialog = result.dialog { object["dialog"] = dialog }
                if let snippet = result.snippet { object["snippet"] = ["format": snippet.format.rawValue, "content": snippet.content] }
                if let value = result.value { object["value"] = value.plainValue }
                if let failure = result.failure { object["failure"] = failure }
                if result.opensApp { object["opensApp"] = true }
            }
            JSONOutput.print(object.merging(extra) { current, _ in current })
            return
        }
        if let appResult = result.outcome.appIntentResult {
            reportAppIntent(appResult, of: result)
            return
        }
        if result.outcome.declinedByUser {
            printLine("You answered no: \(intent) was not handled (\(result.extensionBundle) had answered \(response.codeName) at confirm).")
            return
        }
        let step = result.outcome.step == .confirm ? " at confirm" : ""
        printLine("\(result.extensionBundle) answered \(response.codeName) (code \(response.code))\(step).")
        for parameter in result.outcome.schema.parameters {
            if let value = result.outcome.intent.parameters[parameter.name] { printLine("  \(parameter.name) = \(value.displayString)") }
        }
        for value in response.output { printLine("  output \(value.name): \(value.value.displayString)") }
        if let activity = response.userActivity {
            switch response.category {
            case .continueInApp, .failureRequiringAppLaunch:
                printLine("  The app should continue with user activity \(activity.activityType).")
            default:
                printLine("  user activity: \(activity.activityType)")
            }
        }
    }
}
