#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CommandReports
import IntentsClient
import Synchronization

/// `intents say` through the host API: the server matches the phrase and says what it asked
/// (`SpokenOutcome`), then runs the matched intent as a conversation (questions answered from
/// `--answer` or the terminal) or continues the matched user activity in its app. It prints
/// what the embedded host prints, byte for byte.
final class SayRun: Sendable {
    let arguments: SendArguments
    /// What the server said the phrase matched, once it did.
    private let matched = Mutex<SpokenMatch?>(nil)
    /// How a phrase that runs nothing ends: its exit status.
    private let endedEarly = Mutex<Int32?>(nil)

    init(_ arguments: SendArguments) {
        self.arguments = arguments
    }

    /// The exit status; nil when no server listens.
    func run(client: IntentsClient) async -> Int32? {
        let json = arguments.json
        let terminal = Terminal(answers: arguments.answers, interactive: !arguments.nonInteractive && isatty(0) == 1)
        let request = SayRequest(phrase: arguments.intent, agreesToSystemConfirmation: arguments.yes, interactive: true,
                                 appsFolders: arguments.appsFolders, stepTimeout: arguments.stepTimeout)
        do {
            let ending = try await client.say(request, spoken: { show($0) },
                                              answering: { terminal.answer($0, intent: matchedIntent) },
                                              notice: { terminal.show(notice: $0, intent: matchedIntent) })
            switch ending {
            case .nothing:
                return endedEarly.withLock { $0 } ?? ExitCodes.success
            case .conversation(let result):
                let report = ConversationReport(intent: matchedIntent, extra: matchedJSON.map { ["matched": $0] } ?? [:])
                let written = json ? write(report.json(result).text) : report.lines(result).allSatisfy { write($0.escapedForTerminal) }
                let status = ExitCodes.code(for: result)
                return written ? status : HostAPICommand.outputFailed(status)
            case .continuation(let result):
                // The app's own output, as it wrote it (the embedded host passes it on too).
                let written = json ? write(SayReport.continuationJSON(result, matched: matchedJSON ?? .null).text)
                    : ClientOutput.write(result.output, to: 1)
                let status = result.status == 0 ? ExitCodes.success : ExitCodes.extensionAnsweredFailure
                return written ? status : HostAPICommand.outputFailed(status)
            }
        } catch let error as IntentsClientError where error.code == .serverUnavailable {
            return nil
        } catch let error as IntentsClientError {
            let status = ExitCodes.code(forFailure: error.code.rawValue)
            guard json, let match = matched.withLock({ $0 }), ![.connectionLost, .protocolMismatch].contains(error.code) else {
                ClientOutput.writeError("error: \(error.message.escapedForTerminal)\n")
                return status
            }
            let object = match.intent == nil ? SayReport.continuationJSON(error.hostFailure, matched: matchedJSON ?? .null)
                : ConversationReport(intent: matchedIntent, extra: ["matched": matchedJSON ?? .null]).json(error.hostFailure)
            return write(object.text) ? status : HostAPICommand.outputFailed(status)
        } catch {
            ClientOutput.writeError("error: \(error)\n")
            return ExitCodes.problems
        }
    }

    /// Prints what the phrase asked, as the embedded host does before any conversation.
    private func show(_ outcome: SpokenOutcome) {
        for warning in outcome.warnings { ClientOutput.writeError(warning.escapedForTerminal + "\n") }
        let json = arguments.json
        switch outcome.kind {
        case .help(let help):
            _ = json ? write(SayReport.json(help).text) : SayReport.lines(help).allSatisfy { write($0.escapedForTerminal) }
        case .unmatched(let miss):
            if json { _ = write(SayReport.json(miss, utterance: arguments.intent).text) } else { ClientOutput.writeError("error: \(miss.message.escapedForTerminal)\n") }
            endedEarly.withLock { $0 = ExitCodes.usage }
        case .failed(let failure):
            if json { _ = write(FailureReport.json(code: failure.code, message: failure.message).text) } else { ClientOutput.writeError("error: \(failure.message.escapedForTerminal)\n") }
            endedEarly.withLock { $0 = ExitCodes.code(forFailure: failure.code) }
        case .matched(let match):
            matched.withLock { $0 = match }
            if !json { _ = write(SayReport.matchedLine(phrase: match.phrase, description: match.description).escapedForTerminal) }
            if let intent = match.intent, !match.claimants.isEmpty {
                ClientOutput.writeError(ConversationReport.conflictNote(intent: intent, claimants: match.claimants, routedTo: match.app).escapedForTerminal + "\n")
            }
        }
    }

    private var matchedIntent: String { matched.withLock { $0?.intent } ?? arguments.intent }

    private var matchedJSON: JSONValue? {
        matched.withLock { $0 }.map { SayReport.matchedJSON(phrase: $0.phrase, kind: $0.kind, parameters: $0.parameters) }
    }

    private func write(_ line: String) -> Bool {
        ClientOutput.write(line + "\n", to: 1)
    }
}
