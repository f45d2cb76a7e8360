import ArgumentParser
import CommandReports
import Foundation
import ExtensionProtocol
import HostBundles
import IntentsHost
import IntentsServer
import LocalAPI

/// How `send` and `say` report a conversation: its outcome as text or one JSON object, the
/// documented exit codes, and the extension processes ended before exit.
struct IntentRunReport {
    var intent: String
    var json: Bool
    /// Extra fields for the JSON object (what `say` matched).
    var extra: [String: JSONValue] = [:]

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
        if json {
            let failure = HostFailure(code: error.code.rawValue, message: error.message, rule: error.policyRule?.rawValue,
                                      extensionBundle: try? dispatcher.route(intent).bundleIdentifier)
            writeOutput(ConversationReport(intent: intent, extra: extra).json(failure).text + "\n")
        } else {
            printError("error: \(error.message)")
        }
    }

    /// Says on stderr that several apps support `intent`, naming their extensions: before a
    /// request that did not name its app (the user is then asked which app), or one routed to
    /// `app` because its phrase or shortcut belongs to that app.
    static func noteConflict(for intent: String, in catalog: BundleCatalog, routedTo app: String? = nil) {
        guard let conflict = catalog.conflicts.first(where: { $0.intent == intent }) else { return }
        printError(ConversationReport.conflictNote(intent: intent, claimants: conflict.claimants, routedTo: app))
    }

    private func report(_ result: SendResult) {
        let report = ConversationReport(intent: intent, extra: extra)
        let conversation = HostAPIReplies.conversation(result)
        if json {
            writeOutput(report.json(conversation).text + "\n")
        } else {
            report.lines(conversation).forEach(printLine)
        }
    }
}
