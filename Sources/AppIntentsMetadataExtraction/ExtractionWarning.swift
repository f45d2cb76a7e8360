/// A declaration the extractor could not read whole: where it is and why. The declaration's
/// module-qualified name is in `CompiledAppIntents.unresolved`, and the host learns it from the
/// extension at run time instead.
public struct ExtractionWarning: Hashable, Sendable, CustomStringConvertible {
    /// The source file, as the extractor was given its path.
    public var file: String
    /// From 1.
    public var line: Int
    /// From 1.
    public var column: Int
    /// One sentence naming the declaration and what could not be read.
    public var message: String

    /// A warning at `line` and `column` of `file`.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:col: warning: message`, the form compilers write and SwiftPM and editors show.
    public var description: String { "\(file):\(line):\(column): warning: \(message)" }
}
