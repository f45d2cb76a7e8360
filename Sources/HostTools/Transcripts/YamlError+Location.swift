import Yams

extension YamlError {
    /// The line the parser stopped at, if it says.
    var line: Int? {
        switch self {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        case .duplicatedKeysInMapping(_, let context): context.mark.line
        default: nil
        }
    }

    /// What is wrong, in a few words.
    var problem: String {
        switch self {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _), .composer(let context, let problem, _, _):
            [context?.text, problem].compactMap { $0 }.joined(separator: ", ")
        case .duplicatedKeysInMapping(let duplicates, _): "the key \(duplicates.joined(separator: ", ")) is given twice"
        default: "\(self)".split(separator: "\n").first.map(String.init) ?? "unreadable"
        }
    }
}
