import CommandReports
import Foundation
import HostBundles
import IntentsHost
import IntentsServer
import LocalAPI

/// Asks on the terminal: prompts on stderr (stdout may carry JSON), answers from stdin.
/// Scripted answers are shown as if typed.
final class TerminalUser: ConversationUser, @unchecked Sendable {
    private let interactive: Bool
    /// `--yes`: the system's own confirmation before `handle` is answered yes.
    let agreesToSystemConfirmation: Bool
    private let lock = NSLock()
    private let scripted: [String]
    /// The next scripted answer to give (an index, so that taking one costs nothing).
    private var nextScripted = 0

    init(answers: [String], interactive: Bool, agreesToSystemConfirmation: Bool = false) {
        self.scripted = answers
        self.interactive = interactive
        self.agreesToSystemConfirmation = agreesToSystemConfirmation
    }

    func answer(_ prompt: Prompt) async throws -> String {
        show(prompt)
        if let next = lock.withLock({ () -> String? in
            guard nextScripted < scripted.count else { return nil }
            defer { nextScripted += 1 }
            return scripted[nextScripted]
        }) {
            printError("> \(next)")
            return next
        }
        guard interactive else { throw NonInteractiveUser.inputRequired(prompt) }
        CommandIO.current.writeError("> ")
        guard let line = await CommandIO.current.readLine() else {
            throw HostError(.inputRequired, "Standard input ended before an answer to \"\(prompt.text)\".")
        }
        return line
    }

    func notify(_ prompt: Prompt) async {
        printError(prompt.text)
    }

    /// The question as the `intents` client shows it too (`Question.terminalLines`).
    private func show(_ prompt: Prompt) {
        Question(prompt).terminalLines.forEach(printError)
    }
}
