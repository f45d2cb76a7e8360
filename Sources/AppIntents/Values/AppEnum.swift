/// A type with a fixed set of values (an enum with raw values) that intents take and return.
///
///     enum SessionType: String, AppEnum {
///         case guided, silent
///         static var typeDisplayRepresentation: TypeDisplayRepresentation = "Session Type"
///         static var caseDisplayRepresentations: [SessionType: DisplayRepresentation] = [.guided: "Guided", .silent: "Silent"]
///     }
public protocol AppEnum: _IntentValue, RawRepresentable, CaseIterable, Hashable, Sendable where RawValue: LosslessStringConvertible {
    /// The enum's name as the user reads it ("Session Type"), sent with the intent's metadata.
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// How each case is shown; a case left out is shown as its raw value.
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}
