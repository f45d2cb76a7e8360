import LocalAPI

extension Question {
    /// The lines that show the question on a terminal, before its answer is read: `? text`, then
    /// the numbered choices or `(yes/no)`; a notice is its text alone. Not yet escaped.
    public var terminalLines: [String] {
        switch kind {
        case .notice: return [text]
        case .choice: return ["? \(text)"] + choices.enumerated().map { "  \($0.offset + 1)) \($0.element)" }
        case .confirmation: return ["? \(text)", "  (yes/no)"]
        case .value: return ["? \(text)"]
        }
    }
}
