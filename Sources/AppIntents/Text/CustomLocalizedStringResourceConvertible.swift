/// A type that says what it is as a ``LocalizedStringResource``: an error of an intent, most
/// often, whose text the user is told.
///
///     enum OrderError: Error, CustomLocalizedStringResourceConvertible {
///         case quantityTooLarge(Int)
///         var localizedStringResource: LocalizedStringResource {
///             switch self {
///             case .quantityTooLarge(let n): "You can order at most 99, not \(n)."
///             }
///         }
///     }
///
/// An error `perform()` throws that conforms is reported to the host by this text, with its case
/// (`String(describing:)`, `quantityTooLarge(100)`) beside it as `failureCase`.
///
/// Linux form: Foundation declares this protocol on Apple's systems; here the SDK does, with
/// its own ``LocalizedStringResource``.
public protocol CustomLocalizedStringResourceConvertible {
    /// What the value is, as the user reads it.
    var localizedStringResource: LocalizedStringResource { get }
}
