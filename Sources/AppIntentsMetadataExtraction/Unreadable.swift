/// Why a declaration could not be read whole: the warning to show. The declaration is then
/// left to the extension (`CompiledAppIntents.unresolved`), never guessed.
struct Unreadable: Error {
    let warning: ExtractionWarning
}
