/// A source file the command cannot read or an output it cannot write: one sentence naming the file.
struct MetadataCommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
