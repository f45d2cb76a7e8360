import ExtensionProtocol

/// What the extractor read from one module's sources: the record to compile into the module,
/// and the warnings about what it could not read.
public struct AppIntentsExtraction: Hashable, Sendable {
    /// The record to place in the module's library.
    public var compiled: CompiledAppIntents
    /// In source order.
    public var warnings: [ExtractionWarning]

    /// An extraction of `compiled`, with the warnings about what was left unresolved.
    public init(compiled: CompiledAppIntents, warnings: [ExtractionWarning] = []) {
        self.compiled = compiled
        self.warnings = warnings
    }

    /// Whether the module declares any App Intents type (read or not): when it does not, no
    /// record is placed in the library.
    public var declaresAppIntents: Bool {
        let metadata = compiled.metadata
        return !(metadata.intents.isEmpty && metadata.entities.isEmpty && metadata.enums.isEmpty && metadata.shortcuts.isEmpty
            && compiled.shortcutsProvider == nil && compiled.unresolved.isEmpty)
    }
}
