/// One Swift source file of a module, as the extractor reads it.
public struct SourceText: Hashable, Sendable {
    /// The path warnings name (as given on the command line).
    public var path: String
    /// The file's contents.
    public var text: String

    /// A file at `path` (as warnings name it) holding `text`.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
