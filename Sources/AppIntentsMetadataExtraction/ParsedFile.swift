import SwiftParser
import SwiftSyntax

/// A parsed source file and the converter that turns its positions into lines and columns.
final class ParsedFile {
    let path: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter

    init(_ source: SourceText) {
        self.path = source.path
        self.tree = Parser.parse(source: source.text)
        self.converter = SourceLocationConverter(fileName: source.path, tree: tree)
    }

    /// A warning at the start of `node` (its first token, after comments and attributes' trivia).
    func warning(at node: some SyntaxProtocol, _ message: String) -> ExtractionWarning {
        let location = node.startLocation(converter: converter)
        return ExtractionWarning(file: path, line: location.line, column: location.column, message: message)
    }
}
