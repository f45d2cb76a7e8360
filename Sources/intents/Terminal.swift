#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CommandReports
import IntentsClient
import Synchronization

/// The user at this terminal: questions and notices on standard error (standard output may
/// carry JSON), answers from `--answer` in order, then from standard input when it is a
/// terminal. The question of which app is answered only from the terminal.
final class Terminal: Sendable {
    private let scripted: [String]
    private let interactive: Bool
    private let nextScripted = Atomic<Int>(0)

    init(answers: [String], interactive: Bool) {
        self.scripted = answers
        self.interactive = interactive
    }

    func answer(_ question: Question, intent: String) -> Answer {
        question.terminalLines.forEach(Self.printError)
        if !question.choosesApp {
            let index = nextScripted.add(1, ordering: .relaxed).oldValue
            if index < scripted.count {
                Self.printError("> \(scripted[index])")
                return .value(scripted[index])
            }
            nextScripted.store(scripted.count, ordering: .relaxed)
        }
        guard interactive else { return .none }
        ClientOutput.writeError("> ")
        guard let line = StandardInput.readLine() else { return .inputEnded }
        return .value(line)
    }

    /// A notice; the one before the question of which app names the apps, as the host says it.
    func show(notice: Question, intent: String) {
        if notice.choosesApp && !notice.choices.isEmpty {
            Self.printError(ConversationReport.conflictNote(intent: intent, claimants: notice.choices))
        } else {
            notice.terminalLines.forEach(Self.printError)
        }
    }

    private static func printError(_ line: String) {
        ClientOutput.writeError(line.escapedForTerminal + "\n")
    }
}
